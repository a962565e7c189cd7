import type { FastifyInstance } from 'fastify';
import { renewalRoutes } from './renewal.routes.ts';

/**
 * A customer's phone renewal: which of their lines renews and whether it may (SPEC §9: own, active,
 * with a plan — postpaid or Controlado, not prepaid —, a Blue phone from month 12), checked on the add and again at order creation (guards wired in flows/checkout-wiring.flow.ts).
 */
export async function renewalModule(app: FastifyInstance) {
  await app.register(renewalRoutes);
}
