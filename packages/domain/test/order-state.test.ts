import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_CANCEL_STATES,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  OrderCancelErrorKeys,
  OrderTransitionError,
  canTransition,
  customerCancelRefusal,
  nextFulfilmentEvent,
  nextOrderState,
  orderPath,
  statesAllowing,
  transition,
  type OrderState,
} from '../src/order-state.ts';

describe('order state machine', () => {
  it('follows the happy paths: delivery and store pickup', () => {
    let s = transition('created', 'start_payment');
    expect(s).toBe('awaiting_payment');
    s = transition(s, 'payment_approved');
    expect(s).toBe('paid');
    s = transition(transition(s, 'prepare'), 'ship');
    expect(s).toBe('shipped');
    expect(transition(s, 'deliver')).toBe('delivered');
    expect(transition(transition('preparing', 'ready_for_pickup'), 'deliver')).toBe('delivered');
  });

  it('keeps an order waiting for another attempt when its card is refused, so a retry pays the same order', () => {
    let s = transition(transition('created', 'start_payment'), 'payment_refused');
    expect(s).toBe('awaiting_payment');
    s = transition(s, 'start_payment');
    expect(transition(s, 'payment_approved')).toBe('paid');
    expect(statesAllowing('payment_refused')).toEqual(['awaiting_payment']);
  });

  it('fails, cancels and expires only open orders', () => {
    expect(transition('awaiting_payment', 'payment_failed')).toBe('failed');
    expect(transition('created', 'expire')).toBe('expired');
    expect(transition('awaiting_payment', 'expire')).toBe('expired');
    expect(transition('created', 'cancel')).toBe('cancelled');
    expect(statesAllowing('expire').sort()).toEqual(['awaiting_payment', 'created']);
    expect(statesAllowing('payment_approved')).toEqual(['awaiting_payment']);
  });

  it('refuses every move the table does not list', () => {
    expect(() => transition('paid', 'payment_approved')).toThrow(OrderTransitionError);
    expect(() => transition('failed', 'payment_approved')).toThrow(/not allowed/);
    expect(() => transition('expired', 'start_payment')).toThrow(OrderTransitionError);
    expect(() => transition('created', 'payment_approved')).toThrow(OrderTransitionError);
    expect(() => transition('delivered', 'cancel')).toThrow(OrderTransitionError);
    expect(nextOrderState('shipped', 'ready_for_pickup')).toBeNull();
    expect(nextOrderState('paid', 'expire')).toBeNull();
  });

  it('ends in terminal states with no way out', () => {
    for (const s of ['delivered', 'failed', 'cancelled', 'expired'] as const) expect(Object.keys(ORDER_TRANSITIONS[s])).toEqual([]);
    for (const s of ORDER_STATES) for (const to of Object.values(ORDER_TRANSITIONS[s])) expect(ORDER_STATES).toContain(to);
  });

  it('walks a paid order through its fulfilment by delivery type, and nothing before payment', () => {
    const walk = (deliveryType: 'delivery' | 'storePickup') => {
      const seen: string[] = [];
      let s: OrderState = 'paid';
      const facts = { deliveryType, paid: true };
      for (let e = nextFulfilmentEvent(s, facts); e; e = nextFulfilmentEvent(s, facts)) seen.push((s = transition(s, e, facts)));
      return seen;
    };
    expect(walk('delivery')).toEqual(['preparing', 'shipped', 'delivered']);
    expect(walk('storePickup')).toEqual(['preparing', 'ready_for_pickup', 'delivered']);
    expect(orderPath('storePickup').slice(-3)).toEqual(walk('storePickup'));
    expect(orderPath('delivery').slice(-3)).toEqual(walk('delivery'));
    expect(nextFulfilmentEvent('awaiting_payment', { deliveryType: 'delivery', paid: false })).toBeNull();
    expect(nextFulfilmentEvent('failed', { deliveryType: 'delivery', paid: false })).toBeNull();
  });

  it('fulfils an order paid on hand-over before its money, collects it, then delivers; or cancels it when the money never comes', () => {
    const walk = (deliveryType: 'delivery' | 'storePickup') => {
      let s = transition('created', 'place');
      const seen: string[] = ['created', s];
      let paid = false;
      for (let e = nextFulfilmentEvent(s, { deliveryType, paid }); e; e = nextFulfilmentEvent(s, { deliveryType, paid })) {
        seen.push((s = transition(s, e, { deliveryType, paid })));
        if (e === 'collect_payment') paid = true;
      }
      return seen;
    };
    expect(walk('delivery')).toEqual(['created', 'placed', 'preparing', 'shipped', 'payment_collected', 'delivered']);
    expect(walk('storePickup')).toEqual(['created', 'placed', 'preparing', 'ready_for_pickup', 'payment_collected', 'delivered']);
    expect(orderPath('delivery', true)).toEqual(walk('delivery'));
    expect(orderPath('storePickup', true)).toEqual(walk('storePickup'));
    // back from the gateway without paying, the customer may still choose to pay on hand-over
    expect(transition('awaiting_payment', 'place')).toBe('placed');
    // never handed over unpaid, never collected twice; a placed order does not expire
    const unpaid = { deliveryType: 'delivery' as const, paid: false };
    expect(canTransition('shipped', 'deliver', unpaid)).toBe(false);
    expect(() => transition('shipped', 'deliver', unpaid)).toThrow(OrderTransitionError);
    expect(canTransition('shipped', 'collect_payment', { ...unpaid, paid: true })).toBe(false);
    expect(canTransition('ready_for_pickup', 'ready_for_pickup', { deliveryType: 'storePickup', paid: false })).toBe(false);
    expect(canTransition('preparing', 'ship', { deliveryType: 'storePickup', paid: false })).toBe(false);
    expect(nextOrderState('placed', 'expire')).toBeNull();
    expect(nextOrderState('placed', 'payment_approved')).toBeNull();
    // the window to pay ran out: cancelled, only while the money is not in
    expect(transition('shipped', 'collection_lapsed', unpaid)).toBe('cancelled');
    expect(transition('ready_for_pickup', 'collection_lapsed', { deliveryType: 'storePickup', paid: false })).toBe('cancelled');
    expect(canTransition('shipped', 'collection_lapsed', { ...unpaid, paid: true })).toBe(false);
    expect(nextOrderState('payment_collected', 'collection_lapsed')).toBeNull();
    expect(statesAllowing('prepare').sort()).toEqual(['paid', 'placed']);
  });

  it('lets the customer cancel an accepted order until it leaves the warehouse, and nothing after', () => {
    const card = { paymentKind: 'gateway' as const, lineTypes: ['equipment'] };
    for (const status of ['placed', 'paid', 'preparing'] as const) {
      expect(customerCancelRefusal({ ...card, status })).toBeNull();
      expect(transition(status, 'cancel')).toBe('cancelled');
    }
    expect(customerCancelRefusal({ status: 'placed', paymentKind: 'offline', lineTypes: ['equipment'] })).toBeNull();
    expect(customerCancelRefusal({ status: 'paid', paymentKind: 'cashCode', lineTypes: ['equipment', 'equipment'] })).toBeNull();
    // shipped, at the store, paid on hand-over, delivered, still in checkout or already ended: refused
    for (const status of [
      'created',
      'awaiting_payment',
      'shipped',
      'ready_for_pickup',
      'payment_collected',
      'delivered',
      'failed',
      'cancelled',
      'expired',
      'unknown',
    ]) {
      expect(customerCancelRefusal({ ...card, status })).toBe(OrderCancelErrorKeys.state);
    }
    expect(nextOrderState('shipped', 'cancel')).toBeNull();
    expect(nextOrderState('ready_for_pickup', 'cancel')).toBeNull();
    // a plan opened a line on payment; points go back to their line like a card is refunded
    expect(customerCancelRefusal({ ...card, status: 'paid', lineTypes: ['equipment', 'plan'] })).toBe(OrderCancelErrorKeys.plan);
    expect(customerCancelRefusal({ status: 'paid', paymentKind: 'points', lineTypes: ['equipment'] })).toBeNull();
    expect(customerCancelRefusal({ status: 'shipped', paymentKind: 'points', lineTypes: ['equipment'] })).toBe(OrderCancelErrorKeys.state);
    // every state the rule allows is one the table lets cancel
    for (const status of CUSTOMER_CANCEL_STATES) expect(statesAllowing('cancel')).toContain(status);
  });
});
