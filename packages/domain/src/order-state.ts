/**
 * The order's state machine (SPEC §4 leaves order statuses open; ARCHITECTURE/STYLE §8 asks for an
 * explicit one). Every allowed move is one row of {@link ORDER_TRANSITIONS}; anything else is refused.
 */
export const ORDER_STATES = [
  'created',
  'awaiting_payment',
  'paid',
  'preparing',
  'shipped',
  'ready_for_pickup',
  'delivered',
  'failed',
  'cancelled',
  'expired',
] as const;

export type OrderState = (typeof ORDER_STATES)[number];

export type OrderEvent =
  | 'start_payment'
  | 'payment_approved'
  | 'payment_failed'
  | 'prepare'
  | 'ship'
  | 'ready_for_pickup'
  | 'deliver'
  | 'cancel'
  | 'expire';

/** from → event → to. The one table of allowed transitions. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, Partial<Record<OrderEvent, OrderState>>>> = {
  created: { start_payment: 'awaiting_payment', cancel: 'cancelled', expire: 'expired' },
  awaiting_payment: {
    // a second payment attempt on the same order (new token) keeps it awaiting payment
    start_payment: 'awaiting_payment',
    payment_approved: 'paid',
    payment_failed: 'failed',
    cancel: 'cancelled',
    expire: 'expired',
  },
  paid: { prepare: 'preparing', cancel: 'cancelled' },
  preparing: { ship: 'shipped', ready_for_pickup: 'ready_for_pickup' },
  shipped: { deliver: 'delivered' },
  ready_for_pickup: { deliver: 'delivered' },
  delivered: {},
  failed: {},
  cancelled: {},
  expired: {},
};

/** States whose stock reservation is still held (released on failed, cancelled before payment, expired). */
export const OPEN_ORDER_STATES: ReadonlyArray<OrderState> = ['created', 'awaiting_payment'];

export function isOrderState(value: string): value is OrderState {
  return (ORDER_STATES as ReadonlyArray<string>).includes(value);
}

/** The state after `event`, or null when the table does not allow it from `from`. */
export function nextOrderState(from: OrderState, event: OrderEvent): OrderState | null {
  return ORDER_TRANSITIONS[from][event] ?? null;
}

export class OrderTransitionError extends Error {
  constructor(
    readonly from: OrderState,
    readonly event: OrderEvent,
  ) {
    super(`order: ${event} is not allowed from ${from}`);
  }
}

/** The state after `event`; throws {@link OrderTransitionError} for a move the table refuses. */
export function transition(from: OrderState, event: OrderEvent): OrderState {
  const to = nextOrderState(from, event);
  if (to === null) throw new OrderTransitionError(from, event);
  return to;
}

/** States from which `event` is allowed (for guarded UPDATE … WHERE status IN (…) statements). */
export function statesAllowing(event: OrderEvent): OrderState[] {
  return ORDER_STATES.filter((s) => ORDER_TRANSITIONS[s][event] !== undefined);
}

/** The events the logistics system reports after payment, in the order they come. */
export type FulfilmentEvent = Extract<OrderEvent, 'prepare' | 'ship' | 'ready_for_pickup' | 'deliver'>;

export type FulfilmentDelivery = 'delivery' | 'storePickup' | null;

/**
 * The states an order goes through when all goes well, by how it is delivered: home delivery is
 * shipped, store pickup waits ready for pickup. The follow-up page shows this path.
 */
export function orderPath(deliveryType: FulfilmentDelivery): OrderState[] {
  return ['created', 'awaiting_payment', 'paid', 'preparing', deliveryType === 'storePickup' ? 'ready_for_pickup' : 'shipped', 'delivered'];
}

/** Whether a fulfilment event fits the order's delivery: a pickup order is never shipped, a delivery never waits at a store. */
export function fulfilmentEventFits(event: FulfilmentEvent, deliveryType: FulfilmentDelivery): boolean {
  if (event === 'ship') return deliveryType !== 'storePickup';
  if (event === 'ready_for_pickup') return deliveryType === 'storePickup';
  return true;
}

/** The next step of a paid order's fulfilment, or null when it has none left (or is not paid). */
export function nextFulfilmentEvent(status: OrderState, deliveryType: FulfilmentDelivery): FulfilmentEvent | null {
  const events: FulfilmentEvent[] = ['prepare', 'ship', 'ready_for_pickup', 'deliver'];
  return events.find((e) => fulfilmentEventFits(e, deliveryType) && nextOrderState(status, e) !== null) ?? null;
}
