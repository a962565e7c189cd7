import type { FastifyInstance } from 'fastify';
import { ACCEPTED_ORDER_STATES, HAND_OVER_STATES } from '@andes/domain/order-state';
import { expireStaleOrders } from './order.service.ts';
import { submitFulfilment } from './fulfilment.service.ts';
import { sendConfirmation } from './confirmation.service.ts';
import { retryCancelledRefunds } from './cancel.service.ts';
import { reconcilePayments } from './payment-reconcile.service.ts';
import * as repo from './order.repo.ts';
import { runPeriodically } from '../../periodic.ts';

/** Accepted orders handed to logistics again per sweep, so one slow sweep never runs into the next. */
const HANDOVERS_PER_SWEEP = 50;

/**
 * One pass of the order sweep: first every gateway payment the shop may hold unrecorded is settled
 * (payment-reconcile.service.ts, and the other capabilities' `paymentReconcilers`), so an order paid just
 * before a crash is paid rather than expired; then unpaid orders past their time expire, and orders to
 * be paid on hand-over not paid within the market's window are cancelled, giving their stock back;
 * accepted orders (paid, or placed to pay on hand-over) whose hand-over to the logistics system failed
 * are handed over again, their confirmation e-mails that failed are sent again, and payments of orders
 * the customer cancelled that the gateway did not give back yet are refunded again.
 */
export async function sweepOrders(
  app: FastifyInstance,
  now = new Date(),
): Promise<{ reconciled: number; expired: number; handedOver: number; confirmed: number; refunded: number }> {
  let reconciled = await reconcilePayments(app, now);
  for (const reconcile of app.paymentReconcilers) reconciled += await reconcile(now);
  const expired = await expireStaleOrders(app, now);
  let handedOver = 0;
  for (const id of await repo.ordersAwaitingHandOver(app.db, HAND_OVER_STATES, HANDOVERS_PER_SWEEP)) {
    if (await submitFulfilment(app, id)) handedOver += 1;
  }
  let confirmed = 0;
  for (const id of await repo.ordersAwaitingConfirmation(app.db, ACCEPTED_ORDER_STATES, HANDOVERS_PER_SWEEP)) {
    if (await sendConfirmation(app, id)) confirmed += 1;
  }
  return { reconciled, expired, handedOver, confirmed, refunded: await retryCancelledRefunds(app) };
}

/**
 * Runs {@link sweepOrders} every `seconds` (see runPeriodically: one process at a time). Should two
 * passes still meet (a lock connection lost), every move is a guarded update, so each applies once,
 * and every outside call (payment status, refund, hand-over) is claimed before it is made.
 */
export function startOrderSweep(app: FastifyInstance, seconds: number): void {
  runPeriodically(app, 'order sweep', seconds, async () => {
    const done = await sweepOrders(app);
    if (done.reconciled || done.expired || done.handedOver || done.confirmed || done.refunded) app.log.info(done, 'order sweep');
  });
}
