import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@andes/db/client';
import { cartRoutes } from './cart.routes.ts';
import { peruDeliveryRoutes } from './peru.routes.ts';
import { fulfilmentRoutes } from './fulfilment.routes.ts';
import { sandboxLogisticsRoutes } from './sandbox-logistics.routes.ts';
import { startOrderSweep } from './order-sweep.service.ts';
import { createOrderProcess, type OrderPaidStep, type OrderProcess } from './order-process.service.ts';
import type { CartLineRow, CartRow } from './cart.repo.ts';

/**
 * A check another capability makes before an order is created from the cart, in the creation's
 * transaction (plans: identity and credit approvals), given the cart's lines as that transaction read
 * them; it refuses by throwing an AppError.
 */
export type OrderCreateCheck = (tx: Db, cart: CartRow, customerId: number | null, lines: CartLineRow[]) => Promise<void>;

/**
 * Another capability's part of the order sweep (order-sweep.service.ts): settles its own gateway payments the
 * shop may hold unrecorded, due by `now` (top-ups, migrations; docs/decisions/007); answers how many.
 */
export type PaymentReconciler = (now: Date) => Promise<number>;

/**
 * What the cart reads of the portability capability: whether the cart's ports are accepted (SPEC §4
 * "portability ready") and the number a plan line brings (flows/checkout-wiring.flow.ts provides it).
 */
export interface CartPortability {
  ready(db: Db, cartId: number, portabilityItemIds: string[]): Promise<boolean>;
  numberOf(db: Db, cartId: number, itemId: string): Promise<string | null>;
}

/**
 * Checks another capability makes when a line is added: a renewal's line is the customer's own and may
 * renew today (renewal); it answers the line, or refuses by throwing an AppError.
 */
export interface AddLineGuards {
  renewalLine(customerId: number, requested: string | undefined): Promise<string>;
}

/**
 * What a cancellation does in the account capability, inside the cancellation's transaction: points
 * a purchase used go back to the line that paid (with its history entry), and the customer is told.
 */
export interface OrderCancellationEffects {
  returnPoints(tx: Db, lineId: number, points: number, historyText: string): Promise<{ phoneNumber: string }>;
  notify(tx: Db, customerId: number, title: string, body: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    orderPaidSteps: OrderPaidStep[];
    /** The one way an order changes state (order-process.service.ts). */
    orderProcess: OrderProcess;
    orderCreateChecks: OrderCreateCheck[];
    paymentReconcilers: PaymentReconciler[];
    cartPortability: CartPortability;
    addLineGuards: AddLineGuards;
    orderCancellation: OrderCancellationEffects;
  }
}

/** Registers every route of the cart capability: cart, checkout data, orders and payment. */
export const cartModule = fp(async (app: FastifyInstance) => {
  // on the root instance, so capabilities registered after the cart can add their steps
  const paidSteps: OrderPaidStep[] = [];
  app.decorate('orderPaidSteps', paidSteps);
  app.decorate('orderProcess', createOrderProcess(app.market, paidSteps));
  app.decorate('orderCreateChecks', []);
  app.decorate('paymentReconcilers', []);
  await app.register(cartRoutes);
  await app.register(fulfilmentRoutes);
  // the sandbox carrier reads the orders it was handed from the cart's own tables (SANDBOX=1 only)
  if (app.config.sandbox) await app.register(sandboxLogisticsRoutes);
  startOrderSweep(app, app.config.orderSweepSeconds);
  if (app.market.peruOrderCalls) await app.register(peruDeliveryRoutes);
});
