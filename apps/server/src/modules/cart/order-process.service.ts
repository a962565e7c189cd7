import type { Db } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import { promisedDay } from '@andes/domain/delivery-promise';
import { HAND_OVER_STATES, OrderErrorKeys, canTransition, isOrderState, nextOrderState, type OrderEvent, type OrderState } from '@andes/domain/order-state';
import { done, refuse, type Result } from '../../http/result.ts';
import * as repo from './order.repo.ts';
import type { OrderRow } from './order.repo.ts';
import { orderFacts } from './fulfilment.service.ts';

/** Work another capability does in the move's transaction when an order's money is in (plans open the new line). */
export type OrderPaidStep = (tx: Db, order: OrderRow) => Promise<void>;

/** What a move writes on the order besides its state (the payment method, when it was paid, its expiry). */
export type OrderChange = Partial<Pick<OrderRow, 'paymentMethod' | 'paidAt' | 'expiresAt' | 'pointsUsed' | 'pointsLineId' | 'promisedFor'>>;

/** A move done: the order as it now stands, and whether it goes to the logistics system once committed. */
export interface Moved {
  order: OrderRow;
  handOver: boolean;
}

type Effect = (tx: Db, order: OrderRow, paidSteps: ReadonlyArray<OrderPaidStep>) => Promise<void>;

const commitStock: Effect = (tx, order) => repo.commitReservations(tx, order.id);
/** A cancelled accepted order gives back what it took too (committed when paid); an open one only holds. */
const releaseStock: Effect = async (tx, order) => void (await repo.releaseReservations(tx, order.id, ['held', 'committed']));
const runPaidSteps: Effect = async (tx, order, steps) => {
  for (const step of steps) await step(tx, order);
};
/** The cart is done with the order: bought (its lines go), or given up (its lines stay to buy again). */
const detachCart =
  (emptied: boolean): Effect =>
  (tx, order) =>
    repo.detachOrderFromCart(tx, order.cartId, order.id, emptied);

/**
 * What each event does besides moving the state, in the move's transaction. "The order is paid" is one
 * list for every way the money comes in (gateway, points, cash code, collected on hand-over).
 */
const PAID: Effect[] = [commitStock, runPaidSteps];
const EFFECTS: Record<OrderEvent, Effect[]> = {
  start_payment: [],
  payment_approved: [...PAID, detachCart(true)],
  payment_refused: [],
  payment_failed: [releaseStock, detachCart(false)],
  place: [detachCart(true)],
  prepare: [],
  ship: [],
  ready_for_pickup: [],
  collect_payment: PAID,
  collection_lapsed: [releaseStock],
  deliver: [],
  cancel: [releaseStock],
  expire: [detachCart(false), releaseStock],
};

/** Events after which the order, accepted now, goes to the logistics system once the transaction commits. */
const HANDS_OVER: ReadonlyArray<OrderEvent> = ['payment_approved', 'place'];

export interface OrderProcess {
  /**
   * The one way an order changes state: the transition table (packages/domain/src/order-state.ts) and
   * its guard decide, the guarded update moves it from the state it was read in (under its lock), and
   * the event's effects run in the same transaction. A move the table or guard refuses, or one another
   * process made first, is refused and changes nothing.
   */
  transition(tx: Db, order: OrderRow, event: OrderEvent, change?: OrderChange): Promise<Result<Moved>>;
}

/**
 * The day an order accepted now is in the customer's hands (delivery-promise.ts), promised once when
 * it is accepted (paid, or placed to pay on hand-over), so the paid steps (a port's date) read it too.
 */
function promise(market: Pick<Market, 'site' | 'timeZone'>, order: OrderRow, event: OrderEvent, now: Date): OrderChange {
  if (!HANDS_OVER.includes(event) || order.promisedFor || !order.deliveryType) return {};
  return { promisedFor: promisedDay(market, order.deliveryType === 'storePickup' ? 'storePickup' : 'delivery', now) };
}

/** The order process of one app, with the paid steps the capabilities registered (flows/order-process.flow.ts). */
export function createOrderProcess(market: Pick<Market, 'site' | 'timeZone'>, paidSteps: ReadonlyArray<OrderPaidStep>): OrderProcess {
  return {
    async transition(tx, order, event, asked = {}) {
      const from = order.status;
      const to = isOrderState(from) ? nextOrderState(from, event) : null;
      if (!to || !canTransition(from as OrderState, event, orderFacts(order))) return refuse(OrderErrorKeys.state, 409);
      const change = { ...promise(market, order, event, new Date()), ...asked };
      if (!(await repo.moveOrder(tx, order.id, [from as OrderState], to, change))) return refuse(OrderErrorKeys.state, 409);
      const moved: OrderRow = { ...order, ...change, status: to };
      for (const effect of EFFECTS[event]) await effect(tx, moved, paidSteps);
      return done({ order: moved, handOver: HANDS_OVER.includes(event) && HAND_OVER_STATES.includes(to) });
    },
  };
}
