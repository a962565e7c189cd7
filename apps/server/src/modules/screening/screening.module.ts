import type { FastifyInstance } from 'fastify';
import { screeningRoutes } from './screening.routes.ts';

/**
 * Buyer screening: the operator's fraud and debt list (a port, adapters/fraud-list). A listed buyer may
 * not finance a phone or add a line; the order-creation guard is wired in flows/checkout-wiring.flow.ts.
 */
export async function screeningModule(app: FastifyInstance) {
  await app.register(screeningRoutes);
}
