import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkoutRuleSets } from '@andes/domain/checkout-validation';
import { parseInput } from '../../http/parse.ts';
import { updateCart } from './cart.repo.ts';
import { currentCart } from './cart.service.ts';

/** The guest the visitor's cart names as its buyer, and whether the checkout may go on with them (SPEC §7 customer info). */
export async function guestBuyer(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const cart = await currentCart(app, req, reply, false);
  return { customer: cart?.guest ?? null, registrationReady: !!cart?.guest };
}

/** A guest identifies the buyer: their details checked by the market's rules and kept on the cart. */
export async function identifyGuest(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const guest = parseInput(checkoutRuleSets.guest(app.market), req.body);
  const cart = await currentCart(app, req, reply, true);
  await updateCart(app.db, cart!.id, { guest });
  return { customer: guest, registrationReady: true };
}
