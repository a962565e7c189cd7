import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  HAND_OVER_STATES,
  OrderErrorKeys,
  canTransition,
  type FulfilmentDelivery,
  type FulfilmentEvent,
  type OrderFacts,
  type OrderState,
} from '@andes/domain/order-state';
import { MARKET_PAYMENTS, PAYMENT_METHODS, isPaymentMethodId } from '@andes/domain/payment-methods';
import type { Db } from '@andes/db/client';
import { AppError } from '../../http/errors.ts';
import { orRefuse } from '../../http/result.ts';
import type { OrderChange } from './order-process.service.ts';
import { newClaim } from '../../claims.ts';
import * as repo from './order.repo.ts';
import type { OrderRow } from './order.repo.ts';

/** Where the logistics system posts its signed status notifications (server to server). */
export const FULFILMENT_NOTIFY_PATH = '/restpp/order/fulfilment/notify';

export const FulfilmentErrorKeys = { signature: 'pp.error.fulfilment.signature', step: 'pp.error.fulfilment.step' } as const;

/** The state each fulfilment step leads to (from its usual predecessor): a replayed step finds it reached. */
const STEP_TARGET = {
  prepare: 'preparing',
  ship: 'shipped',
  ready_for_pickup: 'ready_for_pickup',
  collect_payment: 'payment_collected',
  deliver: 'delivered',
} as const satisfies Record<string, OrderState>;

/** Cash on delivery (CE) and in-store payment (PT): the money comes when the goods are handed over. */
export function paysOnHandOver(order: Pick<OrderRow, 'paymentMethod'>): boolean {
  return !!order.paymentMethod && isPaymentMethodId(order.paymentMethod) && PAYMENT_METHODS[order.paymentMethod].kind === 'offline';
}

/** The facts the state machine's guards read. */
export function orderFacts(order: Pick<OrderRow, 'deliveryType' | 'paidAt'>): OrderFacts {
  return { deliveryType: (order.deliveryType ?? null) as FulfilmentDelivery, paid: order.paidAt !== null };
}

/**
 * Hands an accepted order (paid, or placed to pay on hand-over) to the logistics system and keeps its
 * reference. Safe to repeat, from any process: the hand-over is claimed in the database first
 * (docs/decisions/013), so an order already handed over, not accepted, or being handed over by another
 * process is left alone. A failing system is logged and left for the order sweep to try again: the
 * customer's purchase is done either way. Answers whether it handed the order over now.
 */
export async function submitFulfilment(app: FastifyInstance, orderId: number): Promise<boolean> {
  const claim = newClaim();
  const order = await repo.claimHandOver(app.db, orderId, HAND_OVER_STATES, claim);
  if (!order?.number) return false;
  try {
    const lines = await repo.linesOfOrder(app.db, order.id);
    const { reference } = await app.adapters.logistics.submit({
      orderNumber: order.number,
      deliveryType: order.deliveryType === 'storePickup' ? 'storePickup' : 'delivery',
      destination: order.delivery?.text ?? '',
      lines: lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
      collect: order.paidAt === null && paysOnHandOver(order) ? { amount: order.totalPrice, currency: order.currency } : null,
      notifyUrl: FULFILMENT_NOTIFY_PATH,
    });
    // the customer may have cancelled while the system was taking it: it hears of that too
    if ((await repo.setFulfilmentReference(app.db, order.id, reference, HAND_OVER_STATES)) === 'cancelled') {
      await app.adapters.logistics.cancel({ orderNumber: order.number, reference });
      return false;
    }
    return true;
  } catch (error) {
    app.log.error({ err: error, orderNumber: order.number }, 'fulfilment hand-over failed; the order sweep retries');
    return false;
  } finally {
    await repo.releaseHandOver(app.db, order.id, claim);
  }
}

/**
 * The money of an order paid on hand-over is in: recorded as a settled payment of its method, in the
 * transaction of the move whose effects commit the stock and run the paid steps (order-process.service.ts).
 */
async function recordCollection(tx: Db, order: OrderRow, now: Date): Promise<void> {
  const attempts = await repo.attemptsOf(tx, order.id);
  const method = order.paymentMethod ?? '';
  await repo.insertAttempt(tx, {
    orderId: order.id,
    buyOrder: `${order.number}-${attempts.length + 1}`,
    amount: order.totalPrice,
    method,
    status: 'authorized',
    paymentType: isPaymentMethodId(method) ? PAYMENT_METHODS[method].code : null,
    committedAt: now,
  });
}

/** What a fulfilment step writes besides the state: the money's time, or the window to pay once the goods reached the customer. */
function stepChange(app: FastifyInstance, order: OrderRow, step: FulfilmentEvent, now: Date): OrderChange {
  if (step === 'collect_payment') return { paidAt: now, expiresAt: null };
  if ((step === 'ship' || step === 'ready_for_pickup') && order.paidAt === null) {
    return { expiresAt: new Date(now.getTime() + MARKET_PAYMENTS[app.market.site].offlineExpiryHours * 3_600_000) };
  }
  return {};
}

/**
 * A status notification from the logistics system: only a genuinely signed one, for the order it was
 * handed, counts; the step moves the order through the state machine once, under the order's lock. A
 * replay of a step already applied answers the current state; a step the machine refuses (shipping a
 * pickup order, delivering before the money is in) is refused. An order to be paid on hand-over that
 * reaches the customer starts the market's window to pay; collecting the money ends it.
 */
export async function handleFulfilmentNotification(app: FastifyInstance, log: FastifyBaseLogger, signature: string | undefined, body: unknown) {
  const note = app.adapters.logistics.readNotification(signature, body);
  if (!note) throw new AppError(FulfilmentErrorKeys.signature, 401);
  return app.db.transaction(async (tx) => {
    const found = await repo.findOrderByNumber(tx, note.orderNumber);
    const order = found ? await repo.lockOrder(tx, found.id) : undefined;
    if (!order || order.fulfilmentReference !== note.reference) throw new AppError(OrderErrorKeys.notFound, 404);
    const from = order.status as OrderState;
    const reached = (await repo.statusEventsOf(tx, order.id)).some((e) => e.status === STEP_TARGET[note.step]);
    if (reached) return { orderNumber: order.number, status: from, applied: false };
    if (!canTransition(from, note.step, orderFacts(order))) {
      log.warn({ orderNumber: order.number, from, step: note.step }, 'fulfilment step refused');
      throw new AppError(FulfilmentErrorKeys.step, 409);
    }
    const now = new Date();
    if (note.step === 'collect_payment') await recordCollection(tx, order, now);
    const moved = orRefuse(await app.orderProcess.transition(tx, order, note.step, stepChange(app, order, note.step, now)));
    return { orderNumber: order.number, status: moved.order.status, applied: true };
  });
}
