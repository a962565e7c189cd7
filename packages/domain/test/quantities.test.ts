import { describe, expect, it } from 'vitest';
import { canAddQuantity, decrementQuantity, incrementQuantity, moveSaleSequence } from '../src/quantities.ts';

describe('incrementQuantity', () => {
  it('adds one', () => {
    expect(incrementQuantity(1)).toBe(2);
    expect(incrementQuantity(9)).toBe(10);
  });

  it('restarts invalid values at the minimum', () => {
    expect(incrementQuantity(0)).toBe(1);
    expect(incrementQuantity(Number.NaN)).toBe(1);
  });
});

describe('decrementQuantity', () => {
  it('subtracts one above 1', () => {
    expect(decrementQuantity(3)).toBe(2);
    expect(decrementQuantity(2)).toBe(1);
  });

  it('ignores minus at 1 and never goes below 1', () => {
    expect(decrementQuantity(1)).toBe(1);
    expect(decrementQuantity(0)).toBe(1);
    expect(decrementQuantity(-5)).toBe(1);
    expect(decrementQuantity(Number.NaN)).toBe(1);
  });
});

describe('canAddQuantity', () => {
  it('allows whole quantities greater than 0', () => {
    expect(canAddQuantity(1)).toBe(true);
    expect(canAddQuantity(5)).toBe(true);
  });

  it('refuses 0, negatives, fractions and NaN', () => {
    expect(canAddQuantity(0)).toBe(false);
    expect(canAddQuantity(-1)).toBe(false);
    expect(canAddQuantity(1.5)).toBe(false);
    expect(canAddQuantity(Number.NaN)).toBe(false);
  });
});

describe('moveSaleSequence', () => {
  it('moves next and previous by one', () => {
    expect(moveSaleSequence(-1, 'next')).toBe(0);
    expect(moveSaleSequence(0, 'next')).toBe(1);
    expect(moveSaleSequence(2, 'previous')).toBe(1);
    expect(moveSaleSequence(0, 'previous')).toBe(-1);
  });

  it('never goes below -1', () => {
    expect(moveSaleSequence(-1, 'previous')).toBe(-1);
    expect(moveSaleSequence(-7, 'previous')).toBe(-1);
  });

  it('treats a missing index as the default -1', () => {
    expect(moveSaleSequence(Number.NaN, 'next')).toBe(0);
  });
});
