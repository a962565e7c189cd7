import { describe, expect, it } from 'vitest';
import { CheckoutStep, events } from '../src/analytics.ts';
import { signInEvents } from '../src/analytics-account.ts';
import { cartEvents, catalogueEvents } from '../src/analytics-shop.ts';

describe('analytics event builders', () => {
  it('number the checkout steps as SPEC §2', () => {
    expect(CheckoutStep).toEqual({
      catalogue: 0,
      identification: 2,
      identityValidation: 2.1,
      shipping: 3,
      shippingDelivery: 3.1,
      shippingPickup: 3.2,
      payment: 4,
      newLineWithPlan: 5,
      purchase: 6,
    });
  });

  it('label visitors client or new, and report sign-in success and failure', () => {
    expect(events.pageView('cl', '/', 'new')).toEqual({ event: 'page_view', site: 'cl', page_path: '/', user_type: 'new' });
    expect(signInEvents.login('pe', 'dni')).toEqual({ event: 'login', site: 'pe', method: 'dni', user_type: 'client' });
    expect(signInEvents.loginFailure('cl', 'rut', 'pp.error.login.invalid')).toEqual({
      event: 'login_failure',
      site: 'cl',
      method: 'rut',
      error_key: 'pp.error.login.invalid',
    });
  });

  it('report failures with the key the customer saw and where, and session losses', () => {
    expect(events.failure('pe', 'pp.error.network', 'add_to_cart')).toEqual({
      event: 'app_error',
      site: 'pe',
      error_key: 'pp.error.network',
      error_where: 'add_to_cart',
    });
    expect(events.sessionExpired('cl', true)).toEqual({ event: 'session_expired', site: 'cl', in_checkout: true });
    expect(signInEvents.passwordStep('pe', 'change', 'changed')).toEqual({ event: 'password_flow', site: 'pe', flow: 'change', step: 'changed' });
  });

  it('use the GA4 e-commerce names with values from the items', () => {
    const item = { item_id: 'sku_1', item_name: 'Moto G85', item_brand: 'Motorola', price: 199990, quantity: 2 };
    expect(catalogueEvents.addToCart('cl', 'CLP', item)).toMatchObject({ event: 'add_to_cart', currency: 'CLP', value: 399980, items: [item] });
    expect(catalogueEvents.viewItemList('pe', 'phones', [])).toMatchObject({ event: 'view_item_list', checkout_step: 0, item_list_id: 'phones' });
    const lines = [
      { item_id: 'a', item_name: 'A', price: 10, quantity: 3 },
      { item_id: 'b', item_name: 'B', price: 5, quantity: 1 },
    ];
    expect(cartEvents.removeFromCart('pe', 'PEN', lines).value).toBe(35);
    expect(cartEvents.orderCreated('pe', { transactionId: 'PE-00000001', currency: 'PEN', value: 35 })).toEqual({
      event: 'order_create',
      site: 'pe',
      transaction_id: 'PE-00000001',
      currency: 'PEN',
      value: 35,
    });
    expect(cartEvents.orderCancel('cl', { transactionId: 'CL-00000007', currency: 'CLP', value: 35, fromStatus: 'paid' })).toEqual({
      event: 'order_cancel',
      site: 'cl',
      transaction_id: 'CL-00000007',
      currency: 'CLP',
      value: 35,
      from_status: 'paid',
    });
    expect(cartEvents.purchase('cl', { transactionId: 'O-1', currency: 'CLP', value: 35, shipping: 0, items: lines })).toMatchObject({
      event: 'purchase',
      checkout_step: 6,
      transaction_id: 'O-1',
      value: 35,
    });
  });
});
