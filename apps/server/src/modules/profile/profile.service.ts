import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatMoney } from '@andes/domain/money';
import { formatRut } from '@andes/domain/rut';
import { findCustomerById } from '../auth/auth.repo.ts';
import { listCustomerLines, type CustomerLine } from '../assets/assets.repo.ts';
import { ok } from '../../http/envelope.ts';

/** SPEC §6: 4 means signed in. */
export const SIGNED_IN = 4;
const ANONYMOUS = 0;

export function defaultAvatar(gender: string): string {
  return gender === 'M' ? '/img/avatar/default-male.svg' : '/img/avatar/default-female.svg';
}

export function lineBalance(app: FastifyInstance, line: CustomerLine) {
  return {
    principal: { amount: line.balance, formatted: formatMoney(line.balance, app.market.currency) },
    loyaltyPoints: { amount: line.points, expiredDate: line.pointsExpireAt },
  };
}

/** The selected line: the one the customer switched to, else their first. */
export function selectedLine(req: FastifyRequest, lines: CustomerLine[]): CustomerLine | undefined {
  const chosen = req.session?.data.selectedLine;
  return lines.find((l) => l.phoneNumber === chosen) ?? lines[0];
}

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
