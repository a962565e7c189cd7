import { describe, expect, it } from 'vitest';
import { ErrorKeys, overOrderErrorType } from '../src/error-keys.ts';

describe('ErrorKeys', () => {
  it('carries the keys of SPEC §8 verbatim', () => {
    expect(ErrorKeys.requiredLogin).toBe('required_login');
    expect(ErrorKeys.sessionExpired).toBe('session_expired');
    expect(ErrorKeys.maxQuantity).toBe('pp.Error.AddToCart.MaxQuantity');
    expect(ErrorKeys.maxProductsPerOrder).toBe('pp.Error.AddToCart.MaxProductsPerOrder');
    expect(ErrorKeys.hasPlanInCart).toBe('pp.error.commerce.has.plan.in.cart');
    expect(ErrorKeys.statusNotFound).toBe('pp.Service.status.validate.not.found');
    expect(ErrorKeys.connectRealService).toBe('Error.Interface.Integration.ConnectRealService');
  });

  it('has no two names for the same key', () => {
    const values = Object.values(ErrorKeys);
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('overOrderErrorType', () => {
  it('maps a plan already in the cart to plansOverCountError', () => {
    expect(overOrderErrorType('pp.error.commerce.has.plan.in.cart')).toBe('plansOverCountError');
  });

  it('maps the add-to-cart limits to orderItemsOverCount', () => {
    expect(overOrderErrorType('pp.Error.AddToCart.MaxQuantity')).toBe('orderItemsOverCount');
    expect(overOrderErrorType('pp.Error.AddToCart.MaxProductsPerOrder')).toBe('orderItemsOverCount');
  });

  it('returns null for other keys, matching case exactly', () => {
    expect(overOrderErrorType(ErrorKeys.generic)).toBeNull();
    expect(overOrderErrorType('session_expired')).toBeNull();
    expect(overOrderErrorType('pp.error.addtocart.maxquantity')).toBeNull();
    expect(overOrderErrorType('')).toBeNull();
  });
});
