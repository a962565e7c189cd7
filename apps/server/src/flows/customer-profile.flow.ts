import type { FastifyInstance } from 'fastify';
import { normalizedDocument } from '@andes/domain/customer-document';
import { AppError } from '../http/errors.ts';
import type { CartRow } from '../modules/cart/index.ts';
import { identityPassed, needsProfile } from '../modules/identity/index.ts';
import { customerDocument } from '../modules/plans/index.ts';
import { createCustomerProfile } from '../modules/subscriber/index.ts';

export const ProfileErrorKeys = {
  identification: 'pp.error.checkout.identification',
  notNeeded: 'plans.error.profile.notNeeded',
  identity: 'pp.error.identity.required',
} as const;

/**
 * The profile behind an additional line or a VEP sale: a signed-in customer has one; an identified
 * guest whose cart opens a line or finances a phone gets one after passing the identity questions.
 */
export async function customerProfileFor(app: FastifyInstance, cart: CartRow | null, customerId: number | null) {
  if (customerId !== null) return { document: await customerDocument(app.db, customerId), created: false, newCustomer: false };
  const guest = cart?.guest;
  const document = guest ? normalizedDocument(app.market, guest.document) : '';
  if (!cart || !guest || !document)
    throw new AppError(ProfileErrorKeys.identification, 409, { fields: { redirectRUL: '/personas/flujo-compra/identificacion' } });
  if (!(await needsProfile(app, cart))) throw new AppError(ProfileErrorKeys.notNeeded, 409, { fields: { redirectRUL: '/carrito-compra' } });
  if (!(await identityPassed(app, cart, document)))
    throw new AppError(ProfileErrorKeys.identity, 409, { fields: { redirectRUL: '/personas/planesV2/validacion-identidad' } });
  const made = await app.db.transaction((tx) => createCustomerProfile(tx, app.market, guest));
  return { document, created: made.created, newCustomer: true };
}
