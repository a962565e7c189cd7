import { describe, expect, it } from 'vitest';
import {
  MAX_PRODUCTS_PER_ORDER,
  MAX_QUANTITY_PER_ITEM,
  cartTotals,
  deliveryPrice,
  mergeCartLines,
  quantityAfterAdd,
  recheckLines,
  setLineQuantity,
  type CartLineState,
  lineUnits,
  commerceItemType,
} from '../src/cart-rules.ts';

const eq = (itemId: string, quantity: number): CartLineState => ({ type: 'equipment', itemId, quantity });

describe('cart limits', () => {
  it('adds a line and replaces the quantity of an existing one', () => {
    const r = setLineQuantity([eq('a', 1)], eq('a', 2), 10);
    expect(r).toEqual({ ok: true, lines: [eq('a', 2)] });
    expect(quantityAfterAdd([eq('a', 2)], eq('a', 1))).toBe(3);
    expect(quantityAfterAdd([eq('a', 2)], eq('b', 1))).toBe(1);
  });

  it('refuses quantities below 1 and above the per-item maximum', () => {
    expect(setLineQuantity([], eq('a', 0), 5)).toEqual({ ok: false, error: 'pp.error.cart.quantity' });
    expect(setLineQuantity([], eq('a', 1.5), 5)).toEqual({ ok: false, error: 'pp.error.cart.quantity' });
    expect(setLineQuantity([], eq('a', MAX_QUANTITY_PER_ITEM), 5).ok).toBe(true);
    expect(setLineQuantity([], eq('a', MAX_QUANTITY_PER_ITEM + 1), 5)).toEqual({ ok: false, error: 'pp.Error.AddToCart.MaxQuantity' });
  });

  it('refuses more than the products per order, a second plan, and more than the stock', () => {
    const full = [eq('a', 3), eq('b', 3), eq('c', 3)];
    expect(setLineQuantity(full, eq('d', 1), 5).ok).toBe(true);
    expect(MAX_PRODUCTS_PER_ORDER).toBe(10);
    expect(setLineQuantity(full, eq('d', 2), 5)).toEqual({ ok: false, error: 'pp.Error.AddToCart.MaxProductsPerOrder' });
    // a multi_ plan is two lines: 9 products and it make 11 (SPEC §3), a plan of one line makes 10
    expect(lineUnits({ type: 'plan', itemId: 'multi_PO_PLAN_LIBRE_DUO', quantity: 1 })).toBe(2);
    expect(setLineQuantity(full, { type: 'plan', itemId: 'multi_PO_PLAN_LIBRE_DUO', quantity: 1 }, null)).toEqual({
      ok: false,
      error: 'pp.Error.AddToCart.MaxProductsPerOrder',
    });
    expect(setLineQuantity(full, { type: 'plan', itemId: 'PO_PLAN_LIBRE_40', quantity: 1 }, null).ok).toBe(true);
    expect(setLineQuantity([{ type: 'plan', itemId: 'p1', quantity: 1 }], { type: 'plan', itemId: 'p2', quantity: 1 }, null)).toEqual({
      ok: false,
      error: 'pp.error.commerce.has.plan.in.cart',
    });
    // a plan line stays at quantity 1 (a multi_ plan too: one contract for its two lines)
    expect(setLineQuantity([], { type: 'plan', itemId: 'multi_p', quantity: 2 }, null)).toEqual({ ok: false, error: 'pp.error.commerce.has.plan.in.cart' });
    expect(setLineQuantity([{ type: 'plan', itemId: 'p1', quantity: 1 }], { type: 'plan', itemId: 'p1', quantity: 2 }, null)).toEqual({
      ok: false,
      error: 'pp.error.commerce.has.plan.in.cart',
    });
    expect(mergeCartLines([{ type: 'plan', itemId: 'p1', quantity: 1 }], [{ type: 'plan', itemId: 'p1', quantity: 1 }])).toEqual([
      { type: 'plan', itemId: 'p1', quantity: 1 },
    ]);
    expect(setLineQuantity([], eq('a', 2), 1)).toEqual({ ok: false, error: 'pp.error.cart.out.of.stock' });
  });

  it('merges an anonymous cart without losing a line, within the per-item limit', () => {
    expect(mergeCartLines([eq('a', 1)], [eq('a', 1), eq('b', 2)])).toEqual([eq('a', 2), eq('b', 2)]);
    expect(mergeCartLines([eq('a', 2)], [eq('a', 3)])).toEqual([eq('a', 3)]);
  });
});

describe('cart totals', () => {
  it('adds up subtotal, next month and delivery (free at pickup and above the threshold)', () => {
    const lines = [
      { quantity: 2, unitPrice: 10_000, monthlyPrice: 3990 },
      { quantity: 1, unitPrice: 5_000, monthlyPrice: 0, pointsUsed: 100 },
    ];
    expect(cartTotals(lines, 'CLP', null)).toEqual({
      subTotalPrice: 25_000,
      deliveryType: null,
      deliveryPrice: 0,
      totalPrice: 25_000,
      // not chosen yet: each way is quoted, home delivery is not free below the threshold
      deliveryOptions: { delivery: { deliveryPrice: 3990, totalPrice: 28_990 }, storePickup: { deliveryPrice: 0, totalPrice: 25_000 } },
      nextMonthPrice: 7980,
      totalPointUsed: 100,
      itemCount: 3,
    });
    expect(cartTotals(lines, 'CLP', 'delivery').totalPrice).toBe(28_990);
    expect(cartTotals(lines, 'CLP', 'storePickup').deliveryPrice).toBe(0);
    expect(deliveryPrice('CLP', 50_000, 'delivery')).toBe(0);
    expect(deliveryPrice('PEN', 19_999, 'delivery')).toBe(1500);
    expect(deliveryPrice('PEN', 0, 'delivery')).toBe(0);
    expect(cartTotals([], 'PEN', 'delivery')).toMatchObject({ subTotalPrice: 0, totalPrice: 0, deliveryPrice: 0 });
  });

  it('re-check reports changed prices and missing stock', () => {
    const issues = recheckLines([
      { itemId: 'a', quantity: 1, shownPrice: 100, currentPrice: 120, stock: 5 },
      { itemId: 'b', quantity: 3, shownPrice: 50, currentPrice: 50, stock: 2 },
      { itemId: 'c', quantity: 1, shownPrice: 50, currentPrice: 50, stock: 1 },
    ]);
    expect(issues.map((i) => [i.itemId, i.kind])).toEqual([
      ['a', 'price'],
      ['b', 'stock'],
    ]);
  });
});

describe('commerce item types (SPEC §3 commerceItems)', () => {
  it('a plan is a simcard, a phone with a plan or a campaign a bundle, anything else equipment', () => {
    expect(commerceItemType({ type: 'plan', campaign: false, planInCart: true })).toBe('simcard');
    expect(commerceItemType({ type: 'equipment', productKind: 'phone', campaign: false, planInCart: true })).toBe('equipment-bundle');
    expect(commerceItemType({ type: 'equipment', productKind: 'refurbished', campaign: true, planInCart: false })).toBe('equipment-bundle');
    expect(commerceItemType({ type: 'equipment', productKind: 'phone', campaign: false, planInCart: false })).toBe('equipment');
    expect(commerceItemType({ type: 'equipment', productKind: 'accessory', campaign: false, planInCart: true })).toBe('equipment');
  });
});
