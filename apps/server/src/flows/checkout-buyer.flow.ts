import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changeContact, contactView } from '../modules/account/index.ts';
import { guestBuyer, identifyGuest } from '../modules/cart/index.ts';

/** The checkout's buyer: a signed-in customer is their account's contact details; a guest is who the cart names. */
export async function buyerInfo(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const own = req.session?.customerId ?? null;
  return own !== null ? { customer: await contactView(app, own), registrationReady: true } : guestBuyer(app, req, reply);
}

/** A signed-in customer changes their own contact details (never their document); a guest identifies the buyer. */
export async function changeBuyer(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const own = req.session?.customerId ?? null;
  return own !== null ? { customer: await changeContact(app, own, req.body), registrationReady: true } : identifyGuest(app, req, reply);
}
