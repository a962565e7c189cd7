import { describe, expect, it } from 'vitest';
import { ORDER_STATES, ORDER_TRANSITIONS, OrderTransitionError, nextFulfilmentEvent, nextOrderState, orderPath, statesAllowing, transition } from '../src/order-state.ts';

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
      let s: (typeof ORDER_STATES)[number] = 'paid';
      for (let e = nextFulfilmentEvent(s, deliveryType); e; e = nextFulfilmentEvent(s, deliveryType)) seen.push((s = transition(s, e)));
      return seen;
    };
    expect(walk('delivery')).toEqual(['preparing', 'shipped', 'delivered']);
    expect(walk('storePickup')).toEqual(['preparing', 'ready_for_pickup', 'delivered']);
    expect(orderPath('storePickup').slice(-3)).toEqual(walk('storePickup'));
    expect(orderPath('delivery').slice(-3)).toEqual(walk('delivery'));
    expect(nextFulfilmentEvent('awaiting_payment', 'delivery')).toBeNull();
    expect(nextFulfilmentEvent('failed', 'delivery')).toBeNull();
  });
});
