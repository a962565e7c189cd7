import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { fulfilmentEventFits, nextOrderState, transition, type FulfilmentDelivery, type OrderState } from '@andes/domain/order-state';
import { AppError } from '../../http/errors.ts';
import * as repo from './order-repo.ts';
import { OrderErrorKeys } from './order-service.ts';

/** Where the logistics system posts its signed status notifications (server to server). */
export const FULFILMENT_NOTIFY_PATH = '/restpp/order/fulfilment/notify';

export const FulfilmentErrorKeys = { signature: 'pp.error.fulfilment.signature', step: 'pp.error.fulfilment.step' } as const;

/** The state each fulfilment step leads to (from its usual predecessor): a replayed step finds it reached. */
const STEP_TARGET = { prepare: 'preparing', ship: 'shipped', ready_for_pickup: 'ready_for_pickup', deliver: 'delivered' } as const satisfies Record<string, OrderState>;

/**
 * Hands a paid order to the logistics system and keeps its reference. Safe to repeat (an order already
 * handed over, or not paid, is left alone). A failing system is logged and left for the order sweep to
 * try again: the customer's payment is done either way. Answers whether it handed the order over now.
 */
export async function submitFulfilment(app: FastifyInstance, orderId: number): Promise<boolean> {
  const order = await repo.findOrder(app.db, orderId);
  if (!order?.number || order.status !== 'paid' || order.fulfilmentReference) return false;
  const lines = await repo.linesOfOrder(app.db, order.id);
  try {
    const { reference } = await app.adapters.logistics.submit({
      orderNumber: order.number,
      deliveryType: order.deliveryType === 'storePickup' ? 'storePickup' : 'delivery',
      destination: order.delivery?.text ?? '',
      lines: lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
      notifyUrl: FULFILMENT_NOTIFY_PATH,
    });
    await repo.setFulfilmentReference(app.db, order.id, reference);
    return true;
  } catch (error) {
    app.log.error({ err: error, orderNumber: order.number }, 'fulfilment hand-over failed; the order sweep retries');
    return false;
  }
}

/**
 * A status notification from the logistics system: only a genuinely signed one, for the order it was
 * handed, counts; the step moves the order through transition() once, under the order's lock. A replay
 * of a step already applied answers the current state; a step that does not fit (shipping a pickup
 * order, delivering before preparing) is refused.
 */
export async function handleFulfilmentNotification(app: FastifyInstance, log: FastifyBaseLogger, signature: string | undefined, body: unknown) {
  const note = app.adapters.logistics.readNotification(signature, body);
  if (!note) throw new AppError(FulfilmentErrorKeys.signature, 401);
  return app.db.transaction(async (tx) => {
    const found = await repo.findOrderByNumber(tx, note.orderNumber);
    const order = found ? await repo.lockOrder(tx, found.id) : undefined;
    if (!order || order.fulfilmentReference !== note.reference) throw new AppError(OrderErrorKeys.notFound, 404);
    const from = order.status as OrderState;
    const deliveryType = order.deliveryType as FulfilmentDelivery;
    const reached = (await repo.statusEventsOf(tx, order.id)).some((e) => e.status === STEP_TARGET[note.step]);
    if (reached) return { orderNumber: order.number, status: from, applied: false };
    if (!fulfilmentEventFits(note.step, deliveryType) || nextOrderState(from, note.step) === null) {
      log.warn({ orderNumber: order.number, from, step: note.step }, 'fulfilment step refused');
      throw new AppError(FulfilmentErrorKeys.step, 409);
    }
    const to = transition(from, note.step);
    await repo.moveOrder(tx, order.id, [from], to);
    return { orderNumber: order.number, status: to, applied: true };
  });
}
