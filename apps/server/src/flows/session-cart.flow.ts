import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentCart, requireCurrentCart, type CartRow } from '../modules/cart/index.ts';

/**
 * The visitor's cart, for the routes of capabilities whose steps belong to it (coverage, identity,
 * plans, portability): the cart capability resolves it (merging a guest cart into the customer's on
 * sign-in), the others only read which cart the session holds.
 */
export function sessionCart(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, create = false): Promise<CartRow | null> {
  return currentCart(app, req, reply, create);
}

/** The visitor's cart, or the SPEC §8 empty-cart refusal that sends the page back to the cart. */
export function requireSessionCart(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<CartRow> {
  return requireCurrentCart(app, req, reply);
}
