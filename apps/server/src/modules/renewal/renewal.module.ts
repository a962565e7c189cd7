import type { FastifyInstance } from 'fastify';
import { renewalRoutes } from './routes.ts';
import { assertCartRenewals } from './service.ts';

/**
 * A customer's phone renewal: which of their lines renews and whether it may (SPEC §9: own, active,
 * with a plan — postpaid or Controlado, not prepaid —, a Blue phone from month 12), checked on the add (cart-service) and again at order creation.
 */
export async function renewalModule(app: FastifyInstance) {
  app.orderCreateChecks.push((tx, cart, customerId, lines) => assertCartRenewals(app, tx, cart, customerId, lines));
  await app.register(renewalRoutes);
}
