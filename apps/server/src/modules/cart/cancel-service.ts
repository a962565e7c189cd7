import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ACCEPTED_ORDER_STATES, transition, type OrderState } from '@andes/domain/order-state';
import { ErrorKeys } from '@andes/domain/error-keys';
import { formatMoney } from '@andes/domain/money';
import { AppError } from '../../http/errors.ts';
import { once } from '../account/idempotency.ts';
import { addNotification } from '../account/customer.repo.ts';
import * as repo from './order-repo.ts';
import type { AttemptRow } from './order-repo.ts';
import { cancelRefusalOf, findOwnOrder, orderView } from './order-service.ts';

/** The most orders "Mis pedidos" lists (newest first). */
const ORDERS_LISTED = 50;
/** Refunds of cancelled orders tried again per sweep. */
const REFUNDS_PER_SWEEP = 50;

/** "Mis pedidos": the signed-in customer's accepted orders (whatever became of them), with their lines. */
export async function customerOrderList(app: FastifyInstance, customerId: number) {
  const list = await repo.customerOrders(app.db, customerId, ACCEPTED_ORDER_STATES, ORDERS_LISTED);
  const lines = await repo.linesOfOrders(app.db, list.map((o) => o.id));
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
 * A refund the gateway does not take now is logged and left for the order sweep: safe to repeat, since
 * the gateway answers a repeated refund of one token with the first.
 */
async function refundCancelledPayments(app: FastifyInstance, log: FastifyBaseLogger, by: { orderId?: number; limit: number }): Promise<number> {
  let refunded = 0;
  for (const attempt of await repo.paymentsToRefund(app.db, by)) {
    if (await refundPayment(app, log, attempt)) refunded += 1;
  }
  return refunded;
}

async function refundPayment(app: FastifyInstance, log: FastifyBaseLogger, attempt: AttemptRow): Promise<boolean> {
  try {
    const refund = await app.adapters.payments.refund(attempt.token!);
    await repo.updateAttempt(app.db, attempt.id, { refundedAt: new Date() });
    log.info({ buyOrder: attempt.buyOrder, amount: refund.amount, orderId: attempt.orderId }, 'cancelled order refunded');
    return true;
  } catch (error) {
    log.error({ err: error, buyOrder: attempt.buyOrder }, 'refund of a cancelled order failed; the order sweep retries');
    return false;
  }
}

/** The order sweep's part: refunds of cancelled orders that failed before. */
export function retryCancelledRefunds(app: FastifyInstance): Promise<number> {
  return refundCancelledPayments(app, app.log, { limit: REFUNDS_PER_SWEEP });
}

interface Cancelled {
  number: string;
  fromStatus: OrderState;
  /** What goes back to the customer (minor units): 0 for an order paid on hand-over. */
  refund: number;
}

/**
 * The customer calls off one of their orders (the owner only: another's answers 404, like the
 * follow-up page). Once per idempotency key, in one transaction under the order's lock: the rule
 * ({@link customerCancelRefusal}) is checked, the logistics system told to stop (unreachable → 502,
 * nothing changes), the order cancelled, its units back in stock, and the customer's notice written.
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
    await repo.moveOrder(tx, order.id, [from], transition(from, 'cancel'), { expiresAt: null });
    await repo.releaseReservations(tx, order.id, ['held', 'committed']);
    const paid = (await repo.attemptsOf(tx, order.id)).find((a) => a.status === 'authorized' && a.token !== null);
    const refund = paid?.amount ?? 0;
    if (order.customerId !== null) {
      const params = { number: order.number!, amount: formatMoney(refund, app.market.currency) };
      await addNotification(tx, order.customerId, app.t('order.notice.cancelled.title', params), app.t(refund ? 'order.notice.cancelled.refund' : 'order.notice.cancelled.noCharge', params));
    }
    return { number: order.number!, fromStatus: from, refund };
  });
  await refundCancelledPayments(app, log, { orderId: own.id, limit: 1 });
  return { ...done, order: await orderView(app, (await repo.findOrder(app.db, own.id))!) };
}
