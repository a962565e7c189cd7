import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '@andes/db/client';
import { ACCEPTED_ORDER_STATES, type OrderState } from '@andes/domain/order-state';
import { ErrorKeys } from '@andes/domain/error-keys';
import { formatMoney } from '@andes/domain/money';
import { AppError } from '../../http/errors.ts';
import { orRefuse } from '../../http/result.ts';
import { once } from '../../http/idempotency.ts';
import { awaitOtherCaller, newClaim } from '../../claims.ts';
import * as repo from './order.repo.ts';
import type { AttemptRow, OrderRow } from './order.repo.ts';
import { cancelRefusalOf, findOwnOrder, orderView } from './order.service.ts';

/** The most orders "Mis pedidos" lists (newest first). */
const ORDERS_LISTED = 50;
/** Refunds of cancelled orders tried again per sweep. */
const REFUNDS_PER_SWEEP = 50;

/** "Mis pedidos": the signed-in customer's accepted orders (whatever became of them), with their lines. */
export async function customerOrderList(app: FastifyInstance, customerId: number) {
  const list = await repo.customerOrders(app.db, customerId, ACCEPTED_ORDER_STATES, ORDERS_LISTED);
  const lines = await repo.linesOfOrders(
    app.db,
    list.map((o) => o.id),
  );
  return list.map((o) => ({
    number: o.number,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    currency: o.currency,
    totalPrice: o.totalPrice,
    lines: lines.filter((l) => l.orderId === o.id).map((l) => ({ name: l.name, quantity: l.quantity })),
  }));
}

/**
 * Gives back the gateway payments of a cancelled order (card, or Peru's cash code) and records when.
 * Each refund is claimed in the database first (docs/decisions/013), so two processes never ask the
 * gateway for one refund together. A refund the gateway does not take now is logged and left for the
 * order sweep: safe to repeat, since the gateway answers a repeated refund of one token with the first.
 */
async function refundCancelledPayments(app: FastifyInstance, log: FastifyBaseLogger, by: { orderId?: number; limit: number }): Promise<number> {
  let refunded = 0;
  for (const attempt of await repo.paymentsToRefund(app.db, by)) {
    if (await refundPayment(app, log, attempt)) refunded += 1;
    // the customer's answer (a double submit's too) shows the refund another request is asking for now
    else if (by.orderId !== undefined) await refundUnderWay(app, attempt);
  }
  return refunded;
}

/** Waits (up to 5 s) while another process or request holds the attempt's refund claim. */
async function refundUnderWay(app: FastifyInstance, attempt: AttemptRow): Promise<void> {
  await awaitOtherCaller(async () => {
    const current = await repo.findAttempt(app.db, { buyOrder: attempt.buyOrder });
    return !current || current.refundedAt || !current.refundClaimedAt ? true : undefined;
  });
}

async function refundPayment(app: FastifyInstance, log: FastifyBaseLogger, attempt: AttemptRow): Promise<boolean> {
  const claim = newClaim();
  if (!(await repo.claimRefund(app.db, attempt.id, claim))) return false;
  try {
    const refund = await app.adapters.payments.refund(attempt.token!);
    await repo.updateAttempt(app.db, attempt.id, { refundedAt: new Date() });
    app.metrics.payment('refunded', attempt.method);
    log.info({ buyOrder: attempt.buyOrder, amount: refund.amount, orderId: attempt.orderId }, 'cancelled order refunded');
    return true;
  } catch (error) {
    app.metrics.payment('refund_failed', attempt.method);
    log.error({ err: error, buyOrder: attempt.buyOrder }, 'refund of a cancelled order failed; the order sweep retries');
    return false;
  } finally {
    await repo.releaseRefund(app.db, attempt.id, claim);
  }
}

/** The order sweep's part: refunds of cancelled orders that failed before. */
export function retryCancelledRefunds(app: FastifyInstance): Promise<number> {
  return refundCancelledPayments(app, app.log, { limit: REFUNDS_PER_SWEEP });
}

interface Cancelled {
  number: string;
  fromStatus: OrderState;
  /** What goes back to the customer (minor units): 0 for an order paid on hand-over or with points. */
  refund: number;
  /** Loyalty points given back to the line that paid with them (0 when none were used). */
  pointsReturned: number;
}

/**
 * Gives a points purchase's points back to the line that paid, with its points-history entry, inside
 * the cancellation's transaction (so they come back exactly once, with the order cancelled).
 */
async function returnPoints(app: FastifyInstance, tx: Db, order: OrderRow): Promise<{ points: number; phoneNumber: string } | null> {
  if (order.pointsUsed === 0) return null;
  // every points purchase records its line (payWithPoints; older ones backfilled by migration 0023)
  if (order.pointsLineId === null) throw new Error(`order ${order.number} was paid with points but records no line`);
  const history = app.t('order.points.history.returned', { number: order.number! });
  const line = await app.orderCancellation.returnPoints(tx, order.pointsLineId, order.pointsUsed, history);
  return { points: order.pointsUsed, phoneNumber: line.phoneNumber };
}

function cancelNotice(app: FastifyInstance, number: string, refund: number, points: { points: number; phoneNumber: string } | null) {
  const params = { number, amount: formatMoney(refund, app.market.currency), points: points?.points ?? 0, phone: points?.phoneNumber ?? '' };
  const body = points ? 'order.notice.cancelled.points' : refund ? 'order.notice.cancelled.refund' : 'order.notice.cancelled.noCharge';
  return { title: app.t('order.notice.cancelled.title', params), body: app.t(body, params) };
}

/**
 * The customer calls off one of their orders (the owner only: another's answers 404, like the
 * follow-up page). Once per idempotency key, in one transaction under the order's lock: the rule
 * ({@link customerCancelRefusal}) is checked, the logistics system told to stop (unreachable → 502,
 * nothing changes), the order cancelled, its units back in stock, the points of a points purchase back
 * on their line ({@link returnPoints}), and the customer's notice written.
 * A card or cash-code payment is then refunded through the gateway, outside the transaction (the
 * gateway is another system; its refund is recorded on the attempt, and the order sweep retries one
 * that failed). A replay of the key answers the first outcome; a second key finds the order cancelled
 * and is refused like any order past cancelling.
 */
export async function cancelOrder(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  input: { number: string; customerId: number | null; cartToken: string | null; idempotencyKey: string },
) {
  const own = await findOwnOrder(app, input.number, input.customerId, input.cartToken);
  const done = await once<Cancelled>(app.db, `order-cancel:${own.id}`, input.idempotencyKey, async (tx) => {
    const order = (await repo.lockOrder(tx, own.id))!;
    const refusal = cancelRefusalOf(order, await repo.linesOfOrder(tx, order.id));
    if (refusal) throw new AppError(refusal, 409);
    const from = order.status as OrderState;
    try {
      await app.adapters.logistics.cancel({ orderNumber: order.number!, reference: order.fulfilmentReference });
    } catch (error) {
      log.error({ err: error, orderNumber: order.number }, 'logistics could not cancel the order');
      throw new AppError(ErrorKeys.connectRealService, 502);
    }
    orRefuse(await app.orderProcess.transition(tx, order, 'cancel', { expiresAt: null }));
    const paid = (await repo.attemptsOf(tx, order.id)).find((a) => a.status === 'authorized' && a.token !== null);
    const refund = paid?.amount ?? 0;
    const points = await returnPoints(app, tx, order);
    if (order.customerId !== null) {
      const notice = cancelNotice(app, order.number!, refund, points);
      await app.orderCancellation.notify(tx, order.customerId, notice.title, notice.body);
    }
    return { number: order.number!, fromStatus: from, refund, pointsReturned: points?.points ?? 0 };
  });
  await refundCancelledPayments(app, log, { orderId: own.id, limit: 1 });
  return { ...done, order: await orderView(app, (await repo.findOrder(app.db, own.id))!) };
}
