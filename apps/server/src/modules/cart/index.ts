import type { FastifyInstance } from 'fastify';
import { cartRoutes } from './routes.ts';

/** Registers every route of the cart capability: cart, checkout data, orders and payment. */
export async function cartModule(app: FastifyInstance) {
  await app.register(cartRoutes);
}
