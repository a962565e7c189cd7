import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@andes/db/client';
import { cartRoutes } from './routes.ts';
import { peruDeliveryRoutes } from './peru-routes.ts';
import { fulfilmentRoutes } from './fulfilment-routes.ts';
import { startOrderSweep } from './order-sweep.ts';
import type { OrderRow } from './order-repo.ts';
import type { CartLineRow, CartRow } from './cart-repo.ts';

/** Work another capability does in the payment's transaction when an order is paid (plans open the new line). */
export type OrderPaidStep = (tx: Db, order: OrderRow) => Promise<void>;

/**
 * A check another capability makes before an order is created from the cart, in the creation's
 * transaction (plans: identity and credit approvals), given the cart's lines as that transaction read
 * them; it refuses by throwing an AppError.
 */
export type OrderCreateCheck = (tx: Db, cart: CartRow, customerId: number | null, lines: CartLineRow[]) => Promise<void>;

/**
 * Another capability's part of the order sweep (order-sweep.ts): settles its own gateway payments the
 * shop may hold unrecorded, due by `now` (top-ups, migrations; docs/decisions/007); answers how many.
 */
export type PaymentReconciler = (now: Date) => Promise<number>;

declare module 'fastify' {
  interface FastifyInstance {
    orderPaidSteps: OrderPaidStep[];
    orderCreateChecks: OrderCreateCheck[];
    paymentReconcilers: PaymentReconciler[];
  }
}

/** Registers every route of the cart capability: cart, checkout data, orders and payment. */
export const cartModule = fp(async (app: FastifyInstance) => {
  // on the root instance, so capabilities registered after the cart can add their steps
  app.decorate('orderPaidSteps', []);
  app.decorate('orderCreateChecks', []);
  app.decorate('paymentReconcilers', []);
  await app.register(cartRoutes);
  await app.register(fulfilmentRoutes);
  startOrderSweep(app, app.config.orderSweepSeconds);
  if (app.market.peruOrderCalls) await app.register(peruDeliveryRoutes);
});
