import { describe, expect, it } from 'vitest';
import { cartNeedsCoverage, coverageOf } from '../src/coverage-rules.ts';
import { offeredPaymentMethods, paymentMethodError, pointsNeeded } from '../src/payment-methods.ts';
import { catalogueFor, marketTranslator } from '../src/messages.ts';
import { getMarket } from '../src/market.ts';

const checkout = { deliveryType: 'delivery', signedIn: true, pointsNeeded: 100, pointsAvailable: 100 };

describe('payment methods', () => {
  it('offers the market’s methods with webPay first and marks what this checkout cannot use', () => {
    const cl = offeredPaymentMethods('cl', { ...checkout, signedIn: false });
    expect(cl[0].id).toBe('webPay');
    expect(cl.find((m) => m.id === 'onepay')).toBeTruthy();
    expect(offeredPaymentMethods('pe', checkout).find((m) => m.id === 'onepay')).toBeUndefined();
    expect(offeredPaymentMethods('pe', checkout).find((m) => m.id === 'cashCode')).toMatchObject({ kind: 'cashCode', available: true });
    expect(cl.find((m) => m.id === 'cashCode')).toBeUndefined();
    expect(cl.find((m) => m.id === 'cashOnDelivery')).toMatchObject({ code: 'CE', available: true });
    expect(cl.find((m) => m.id === 'payInStore')).toMatchObject({ code: 'PT', available: false, reason: 'deliveryType' });
    expect(cl.find((m) => m.id === 'points')).toMatchObject({ available: false, reason: 'signedIn' });
  });

  it("offers Peru its own methods, each once: the card (the spec's webPay id), cash code, cash on delivery, in store, points", () => {
    expect(offeredPaymentMethods('pe', checkout).map((m) => m.id)).toEqual(['webPay', 'cashCode', 'cashOnDelivery', 'payInStore', 'points']);
    expect(paymentMethodError('pe', 'card', checkout)).toBe('pp.error.payment.method');
    expect(paymentMethodError('pe', 'bankAccount', checkout)).toBe('pp.error.payment.method');
    const t = marketTranslator(catalogueFor('pe'), getMarket('pe'));
    const labels = offeredPaymentMethods('pe', checkout).map((m) => t(`checkout.payment.${m.id}`, { brand: 'Andes' }));
    expect(labels[0]).toBe('Tarjeta de crédito o débito');
    expect(labels.join(' ')).not.toMatch(/webpay|transbank|onepay/i);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('refuses points short of the total and unknown methods', () => {
    expect(paymentMethodError('pe', 'points', checkout)).toBeNull();
    expect(paymentMethodError('pe', 'points', { ...checkout, pointsAvailable: 99 })).toBe('pp.error.payment.points.short');
    expect(paymentMethodError('pe', 'onepay', checkout)).toBe('pp.error.payment.method');
    expect(paymentMethodError('cl', 'payInStore', checkout)).toBe('pp.error.payment.method');
  });

  it('needs one point per minor unit, rounded up', () => {
    expect(pointsNeeded(17990, 'CLP')).toBe(17990);
    expect(pointsNeeded(4990, 'PEN')).toBe(4990);
  });
});

describe('coverage rule', () => {
  it('covers metropolitan areas with 5G, province capitals with 4G, and nothing else', () => {
    expect(coverageOf({ regionCode: '13', provinceCode: '132', communeCode: '13201' }, ['13'])).toEqual({ covered: true, technology: '5G' });
    expect(coverageOf({ regionCode: '15', provinceCode: '1501', communeCode: '150122' }, ['1501'])).toEqual({ covered: true, technology: '5G' });
    expect(coverageOf({ regionCode: '05', provinceCode: '051', communeCode: '05101' }, ['13'])).toEqual({ covered: true, technology: '4G' });
    expect(coverageOf({ regionCode: '05', provinceCode: '051', communeCode: '05102' }, ['13'])).toEqual({ covered: false, technology: null });
  });

  it('asks for coverage only when a line is activated at the address', () => {
    expect(cartNeedsCoverage([{ type: 'equipment' }])).toBe(false);
    expect(cartNeedsCoverage([{ type: 'equipment' }, { type: 'plan' }])).toBe(true);
  });
});
