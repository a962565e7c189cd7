import type { FastifyInstance } from 'fastify';
import { identityRoutes } from './routes.ts';
import { assertRequirements } from './requirements.ts';

/**
 * Identity validation by questions and the credit check (SPEC §7 subscriber flows); an order of a
 * journey that needs them is refused until they are passed.
 */
export async function identityModule(app: FastifyInstance) {
  app.orderCreateChecks.push((tx, cart, customerId, lines) => assertRequirements(app, tx, cart, customerId, lines));
  await app.register(identityRoutes);
}
