import type { FastifyInstance } from 'fastify';
import { identityRoutes } from './identity.routes.ts';

/**
 * Identity validation by questions and the credit check (SPEC §7 subscriber flows); an order of a
 * journey that needs them is refused until they are passed (its guard: flows/checkout-wiring.flow.ts).
 */
export async function identityModule(app: FastifyInstance) {
  await app.register(identityRoutes);
}
