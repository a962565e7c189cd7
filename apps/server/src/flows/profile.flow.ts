import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatRut } from '@andes/domain/rut';
import { ok } from '../http/envelope.ts';
import { findCustomerById } from '../modules/auth/index.ts';
import { SIGNED_IN, defaultAvatar, lineBalance, listCustomerLines, selectedLine } from '../modules/profile/index.ts';

/** SPEC §6: 0 means nobody signed in. */
const ANONYMOUS = 0;

/** Who is signed in, as every page and the sign-in answer show it: the customer and the line they look at. */
export async function profileOf(app: FastifyInstance, req: FastifyRequest) {
  const customerId = req.session?.customerId;
  const customer = customerId != null ? await findCustomerById(app.db, customerId) : undefined;
  if (!customer) return { securityStatus: ANONYMOUS, userType: 'new' as const, sessionExpired: req.sessionExpired };
  const lines = await listCustomerLines(app.db, customer.id);
  const line = selectedLine(req, lines);
  const document = app.market.document.kind === 'rut' ? formatRut(customer.document) : customer.document;
  return {
    securityStatus: SIGNED_IN,
    userType: 'client' as const,
    firstNameFront: customer.firstName,
    lastNameFront: customer.lastName,
    name: `${customer.firstName} ${customer.lastName}`,
    gender: customer.gender,
    portrait: customer.portrait ?? defaultAvatar(customer.gender),
    hasPortrait: customer.portrait !== null,
    [app.market.document.kind]: document,
    email: customer.email,
    phoneNumber: line?.phoneNumber ?? null,
    lines: lines.map((l) => ({ phoneNumber: l.phoneNumber, kind: l.kind, status: l.status, planName: l.planName })),
    balance: line ? lineBalance(app, line) : null,
  };
}

/** The answer of `POST /REST/profile/current` (SPEC §7); pages read it in-process too (web/routes.ts). */
export async function currentProfileAnswer(app: FastifyInstance, req: FastifyRequest) {
  const profile = await profileOf(app, req);
  return ok({ profile, userType: profile.userType });
}
