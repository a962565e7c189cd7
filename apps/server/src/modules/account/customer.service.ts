import type { FastifyInstance } from 'fastify';
import { personalDataInput } from '@andes/domain/account-inputs';
import { formatRut } from '@andes/domain/rut';
import { AppError, notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { contactOf, updateContact } from './customer.repo.ts';

/**
 * The signed-in customer's own contact details, answered and changed at `/restpp/order/customer/info`
 * (the cart module hands signed-in calls here; a guest's calls there are the checkout buyer). The
 * `name` and `phoneNumber` fields keep the checkout's buyer shape for the delivery step.
 */
export async function contactView(app: FastifyInstance, customerId: number) {
  const c = await contactOf(app.db, customerId);
  if (!c) throw notFound();
  const document = app.market.document.kind === 'rut' ? formatRut(c.document) : c.document;
  const contactPhone = c.contactPhone ?? '';
  return {
    document,
    documentKind: app.market.document.kind,
    firstName: c.firstName,
    lastName: c.lastName,
    name: `${c.firstName} ${c.lastName}`,
    email: c.email,
    contactPhone,
    phoneNumber: contactPhone,
  };
}

/** Validates per field and saves; the RUT/DNI cannot change here, and a refused change saves nothing. */
export async function changeContact(app: FastifyInstance, customerId: number, body: unknown) {
  const values = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const current = await contactView(app, customerId);
  if (values.document !== undefined && String(values.document) !== current.document) {
    const params = { label: app.market.document.label };
    throw new AppError('account.error.document.readonly', 400, { params, fieldErrors: { document: ['account.error.document.readonly'] } });
  }
  const input = parseInput(personalDataInput, values);
  await updateContact(app.db, customerId, input);
  return contactView(app, customerId);
}
