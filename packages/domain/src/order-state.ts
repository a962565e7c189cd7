/**
 * The order's state machine (SPEC §4 leaves order statuses open; ARCHITECTURE/STYLE §8 asks for an
 * explicit one). Every allowed move is one row of {@link ORDER_TRANSITIONS}; the few moves that also
 * depend on the order's facts (how it is delivered, whether its money is in) say so in
 * {@link ORDER_GUARDS}, next to the table. Anything else is refused.
 *
 * Two ways through it:
 * - paid first (gateway, points, Peru's cash code): created → awaiting_payment → paid → preparing →
 *   shipped | ready_for_pickup → delivered;
 * - paid on hand-over (cash on delivery CE, in-store payment PT): created → placed → preparing →
 *   shipped | ready_for_pickup → payment_collected → delivered, or cancelled when the customer does
 *   not pay or pick up within the market's window once the order reached them.
 * Either way the customer may cancel an accepted order until it leaves the warehouse (placed, paid,
 * preparing): {@link customerCancelRefusal}.
 */
export const ORDER_STATES = [
  'created',
  'awaiting_payment',
  'placed',
  'paid',
  'preparing',
  'shipped',
  'ready_for_pickup',
  'payment_collected',
  'delivered',
  'failed',
  'cancelled',
  'expired',
] as const;

export type OrderState = (typeof ORDER_STATES)[number];

export type OrderEvent =
  | 'start_payment'
  | 'payment_approved'
  /** the card was refused or the payment abandoned at the gateway: the order waits for another attempt */
  | 'payment_refused'
  /** the payment cannot be tried again (a cash code paid with another amount): the order ends unpaid */
  | 'payment_failed'
  /** cash on delivery or in-store payment chosen: the order goes to fulfilment before the money */
  | 'place'
  | 'prepare'
  | 'ship'
  | 'ready_for_pickup'
  /** the courier or the store took the money of an order paid on hand-over */
  | 'collect_payment'
  /** the market's window to pay (at the door or the store) ran out: the goods go back to stock */
  | 'collection_lapsed'
  | 'deliver'
  /** the cart gave way to a new order (open orders), or the customer called it off before it left (see customerCancelRefusal) */
  | 'cancel'
  | 'expire';

/** from → event → to. The one table of allowed transitions. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, Partial<Record<OrderEvent, OrderState>>>> = {
  created: { start_payment: 'awaiting_payment', place: 'placed', cancel: 'cancelled', expire: 'expired' },
  awaiting_payment: {
    // a second payment attempt on the same order (new token) keeps it awaiting payment
    start_payment: 'awaiting_payment',
    payment_approved: 'paid',
    // a retry pays this same order, its stock still held, until its time runs out (expire)
    payment_refused: 'awaiting_payment',
    payment_failed: 'failed',
    // back from the gateway without paying, the customer chooses to pay on hand-over instead
    place: 'placed',
    cancel: 'cancelled',
    expire: 'expired',
  },
  // no expiry once placed: the order is being fulfilled, the money comes on hand-over; until it
  // leaves the warehouse the customer may still call it off (a paid one is refunded)
  placed: { prepare: 'preparing', cancel: 'cancelled' },
  paid: { prepare: 'preparing', cancel: 'cancelled' },
  preparing: { ship: 'shipped', ready_for_pickup: 'ready_for_pickup', cancel: 'cancelled' },
  shipped: { deliver: 'delivered', collect_payment: 'payment_collected', collection_lapsed: 'cancelled' },
  ready_for_pickup: { deliver: 'delivered', collect_payment: 'payment_collected', collection_lapsed: 'cancelled' },
  payment_collected: { deliver: 'delivered' },
  delivered: {},
  failed: {},
  cancelled: {},
  expired: {},
};

export type FulfilmentDelivery = 'delivery' | 'storePickup' | null;

/** What the guards look at besides the state. */
export interface OrderFacts {
  deliveryType: FulfilmentDelivery;
  /** Whether the order's money is in (paid first, or collected on hand-over). */
  paid: boolean;
}

/**
 * Conditions on some moves of the table: a pickup order is never shipped and a delivery never waits
 * at a store; goods are handed over only once paid; only money not yet in can be collected, or lapse.
 */
export const ORDER_GUARDS: Readonly<Partial<Record<OrderEvent, (order: OrderFacts) => boolean>>> = {
  ship: (o) => o.deliveryType !== 'storePickup',
  ready_for_pickup: (o) => o.deliveryType === 'storePickup',
  deliver: (o) => o.paid,
  collect_payment: (o) => !o.paid,
  collection_lapsed: (o) => !o.paid,
};

/** States whose order is still the cart's, open to payment (its stock held, its time running). */
export const OPEN_ORDER_STATES: ReadonlyArray<OrderState> = ['created', 'awaiting_payment'];

/**
 * States of an order the shop accepted: paid, or placed to pay on hand-over, and every step of its
 * fulfilment after that (the success page shows these).
 */
export const ACCEPTED_ORDER_STATES: ReadonlyArray<OrderState> = [
  'placed',
  'paid',
  'preparing',
  'shipped',
  'ready_for_pickup',
  'payment_collected',
  'delivered',
];

/** Whether an order in this state was accepted by the shop (see {@link ACCEPTED_ORDER_STATES}). */
export function isAcceptedOrder(status: string): boolean {
  return (ACCEPTED_ORDER_STATES as ReadonlyArray<string>).includes(status);
}

export function isOrderState(value: string): value is OrderState {
  return (ORDER_STATES as ReadonlyArray<string>).includes(value);
}

/** The state after `event`, or null when the table does not allow it from `from`. */
export function nextOrderState(from: OrderState, event: OrderEvent): OrderState | null {
  return ORDER_TRANSITIONS[from][event] ?? null;
}

/** Whether `event` may happen to an order in `from` with these facts: the table allows it and its guard passes. */
export function canTransition(from: OrderState, event: OrderEvent, order: OrderFacts): boolean {
  return nextOrderState(from, event) !== null && (ORDER_GUARDS[event]?.(order) ?? true);
}

export class OrderTransitionError extends Error {
  constructor(
    readonly from: OrderState,
    readonly event: OrderEvent,
  ) {
    super(`order: ${event} is not allowed from ${from}`);
  }
}

/**
 * The state after `event`; throws {@link OrderTransitionError} for a move the table refuses, or (when
 * the order's facts are given) one its guard refuses.
 */
export function transition(from: OrderState, event: OrderEvent, order?: OrderFacts): OrderState {
  const to = nextOrderState(from, event);
  if (to === null || (order && !canTransition(from, event, order))) throw new OrderTransitionError(from, event);
  return to;
}

/** States from which `event` is allowed (for guarded UPDATE … WHERE status IN (…) statements). */
export function statesAllowing(event: OrderEvent): OrderState[] {
  return ORDER_STATES.filter((s) => ORDER_TRANSITIONS[s][event] !== undefined);
}

/** The events the logistics system reports once the order is handed to it, in the order they come. */
export type FulfilmentEvent = Extract<OrderEvent, 'prepare' | 'ship' | 'ready_for_pickup' | 'collect_payment' | 'deliver'>;

export const FULFILMENT_EVENTS: ReadonlyArray<FulfilmentEvent> = ['prepare', 'ship', 'ready_for_pickup', 'collect_payment', 'deliver'];

/** States whose order goes to the logistics system: paid first, or placed to pay on hand-over. */
export const HAND_OVER_STATES: ReadonlyArray<OrderState> = statesAllowing('prepare');

/**
 * The states an order goes through when all goes well, by how it is delivered (home delivery is
 * shipped, store pickup waits ready for pickup) and when it is paid (first, or on hand-over). The
 * follow-up page shows this path.
 */
export function orderPath(deliveryType: FulfilmentDelivery, payOnHandOver = false): OrderState[] {
  const handOver: OrderState = deliveryType === 'storePickup' ? 'ready_for_pickup' : 'shipped';
  return payOnHandOver
    ? ['created', 'placed', 'preparing', handOver, 'payment_collected', 'delivered']
    : ['created', 'awaiting_payment', 'paid', 'preparing', handOver, 'delivered'];
}

/** The next step of an order's fulfilment, or null when it has none left (or is not handed over yet). */
export function nextFulfilmentEvent(status: OrderState, order: OrderFacts): FulfilmentEvent | null {
  return FULFILMENT_EVENTS.find((e) => canTransition(status, e, order)) ?? null;
}

/** Accepted orders the customer may still call off: nothing has left the warehouse yet. */
export const CUSTOMER_CANCEL_STATES: ReadonlyArray<OrderState> = ['placed', 'paid', 'preparing'];

/** The order's refusals (checkout, payment and follow-up). */
export const OrderErrorKeys = {
  identification: 'pp.error.checkout.identification',
  recheck: 'pp.error.checkout.recheck',
  shipping: 'pp.error.checkout.shipping',
  notFound: 'pp.error.order.not.found',
  state: 'pp.error.order.state',
  rejected: 'pp.error.payment.rejected',
  aborted: 'pp.error.payment.aborted',
  late: 'pp.error.payment.late',
} as const;

export const OrderCancelErrorKeys = {
  /** shipped, waiting at the store, delivered, or already ended */
  state: 'pp.error.order.cancel.state',
  /** a plan opened a line when it was paid: that is undone by the customer service, not here */
  plan: 'pp.error.order.cancel.plan',
} as const;

/** What the cancellation rule looks at. `paymentKind` is null while no method was chosen. */
export interface CancellableOrder {
  status: string;
  paymentKind: 'gateway' | 'offline' | 'points' | 'cashCode' | null;
  lineTypes: ReadonlyArray<string>;
}

/**
 * Why the customer may not cancel this order (a message key), or null when they may: only an
 * accepted order not yet shipped or ready at the store ({@link CUSTOMER_CANCEL_STATES}), with no plan
 * line. A card or cash-code payment is refunded through the gateway, points go back to the line that
 * paid with them, and an order paid on hand-over has taken no money yet.
 */
export function customerCancelRefusal(order: CancellableOrder): string | null {
  if (!isOrderState(order.status) || !CUSTOMER_CANCEL_STATES.includes(order.status) || nextOrderState(order.status, 'cancel') === null)
    return OrderCancelErrorKeys.state;
  if (order.lineTypes.includes('plan')) return OrderCancelErrorKeys.plan;
  return null;
}
