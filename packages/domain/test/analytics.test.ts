import { describe, expect, it } from 'vitest';
import { CheckoutStep, events, journeyTypeOf, toDataLayer } from '../src/analytics.ts';
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

describe('the tag manager shape (GA4)', () => {
  const item = { item_id: 'sku_1', item_name: 'Moto', item_brand: 'Motorola', item_category: 'phones', item_variant: 'Negro', price: 379990, quantity: 1 };

  it('nests an order event in `ecommerce` with GA4 item fields, and says the journey type', () => {
    const purchase = cartEvents.purchase('cl', { transactionId: 'CL-00000001', currency: 'CLP', value: 379990, shipping: 0, items: [item] });
    expect(toDataLayer(purchase, 'transaccion')).toEqual({
      event: 'purchase',
      site: 'cl',
      checkout_step: 6,
      journey_type: 'transaccion',
      ecommerce: { transaction_id: 'CL-00000001', value: 379990, currency: 'CLP', shipping: 0, items: [item] },
    });
  });

  it('keeps only GA4 item fields, a missing quantity being 1', () => {
    const listed = catalogueEvents.viewItemList('pe', 'phones', [{ item_id: 'a', item_name: 'A', item_brand: 'B', price: 10, index: 0 }]);
    const shaped = toDataLayer({ ...listed, items: [{ ...(listed.items as object[])[0], stock: 3 }] }, 'solicitud');
    expect(shaped.ecommerce).toEqual({ item_list_id: 'phones', items: [{ item_id: 'a', item_name: 'A', item_brand: 'B', price: 10, index: 0, quantity: 1 }] });
    expect(shaped).not.toHaveProperty('items');
  });

  it('labels page views and checkout steps transaccion when signed in, solicitud otherwise (SPEC §4); other events stay as built', () => {
    expect(journeyTypeOf(true)).toBe('transaccion');
    expect(journeyTypeOf(false)).toBe('solicitud');
    expect(toDataLayer(events.pageView('cl', '/', 'client'), journeyTypeOf(true))).toMatchObject({ journey_type: 'transaccion' });
    expect(toDataLayer(events.checkoutStep('pe', 4), journeyTypeOf(false))).toMatchObject({ journey_type: 'solicitud' });
    // a journey naming its own type keeps it
    expect(toDataLayer(events.checkoutStep('cl', 3.1, { journey_type: 'solicitud' }), 'transaccion')).toMatchObject({ journey_type: 'solicitud' });
    expect(toDataLayer(events.logout('cl'), 'transaccion')).toEqual({ event: 'logout', site: 'cl' });
  });

  it('reports the order URL: a URL present is a success (SPEC §7)', () => {
    expect(cartEvents.orderUrl('cl', 'webPay', 'https://pago.example/x')).toEqual({ event: 'order_url', site: 'cl', payment_type: 'webPay', success: true });
    expect(toDataLayer(cartEvents.orderUrl('pe', 'webPay', null), 'solicitud')).toEqual({
      event: 'order_url',
      site: 'pe',
      payment_type: 'webPay',
      success: false,
    });
  });
});
