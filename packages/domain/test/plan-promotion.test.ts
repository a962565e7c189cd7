import { describe, expect, it } from 'vitest';
import {
  lineKindOfCartLine,
  lineOffer,
  offerTerms,
  percentOff,
  promotionCoversLine,
  promotionalPrice,
  termsForLine,
  type PlanPromotionTerms,
} from '../src/plan-promotion.ts';
import { planPriceInMonth } from '../src/plans.ts';

const portHalf: PlanPromotionTerms = { price: 24990, discountPercentage: 50, discountMonths: 6, discountLineKinds: ['portability'], discountPerDocument: 3 };

describe('percentOff', () => {
  it('halves in minor units, never to whole major units', () => {
    expect(percentOff(5990, 50)).toBe(2995); // S/ 59.90 → S/ 29.95, not S/ 30
    expect(percentOff(24990, 50)).toBe(12495); // $24.990 → $12.495, not $12.500
    expect(percentOff(10990, 30)).toBe(7693);
    expect(percentOff(34990, 30)).toBe(24493);
  });

  it('rounds a result between two minor units half up (an odd CLP amount halved)', () => {
    expect(percentOff(24991, 50)).toBe(12496);
    expect(percentOff(1, 50)).toBe(1);
    expect(percentOff(25989, 20)).toBe(20791); // 20791.2
    expect(percentOff(25993, 20)).toBe(20794); // 20794.4
    expect(percentOff(25994, 20)).toBe(20795); // 20795.2
  });

  it('keeps the amount at 0% and gives 0 at 100%', () => {
    expect(percentOff(24990, 0)).toBe(24990);
    expect(percentOff(24990, 100)).toBe(0);
  });

  it('refuses what is not an amount or a percentage', () => {
    expect(() => percentOff(12.5, 50)).toThrow(RangeError);
    expect(() => percentOff(-1, 50)).toThrow(RangeError);
    expect(() => percentOff(100, 101)).toThrow(RangeError);
    expect(() => percentOff(100, 2.5)).toThrow(RangeError);
  });

  it('matches exact rational arithmetic for every amount and percentage', () => {
    for (let amount = 0; amount < 3000; amount += 7) {
      for (const percent of [10, 15, 20, 30, 33, 50, 75]) {
        const exact = (amount * (100 - percent)) / 100;
        const floor = Math.floor(exact);
        const expected = exact - floor >= 0.5 - 1e-9 ? floor + 1 : floor;
        expect(percentOff(amount, percent)).toBe(expected);
      }
    }
  });
});

describe('lineOffer', () => {
  it('gives the portability promotion to a port-in line only', () => {
    expect(lineOffer(portHalf, 'portability', 0)).toEqual({ percentage: 50, promoPrice: 12495, months: 6 });
    expect(lineOffer(portHalf, 'newLine', 0)).toBeNull();
    expect(lineOffer(portHalf, 'additionalLine', 0)).toBeNull();
  });

  it('stops at the per-document quota: the fourth line pays the list price', () => {
    expect(lineOffer(portHalf, 'portability', 2)).not.toBeNull();
    expect(lineOffer(portHalf, 'portability', 3)).toBeNull();
    expect(lineOffer({ ...portHalf, discountPerDocument: null }, 'portability', 99)).not.toBeNull();
  });

  it('covers every line when its terms name none, and none without a discount', () => {
    const all = { ...portHalf, discountLineKinds: null };
    expect(promotionCoversLine(all, 'newLine')).toBe(true);
    expect(promotionCoversLine({ ...all, discountPercentage: 0 }, 'newLine')).toBe(false);
  });

  it('bills the offer for its months, then the list price; no offer bills the list price from the first month', () => {
    const terms = offerTerms(24990, lineOffer(portHalf, 'portability', 0));
    expect(planPriceInMonth(terms, 1)).toBe(12495);
    expect(planPriceInMonth(terms, 6)).toBe(12495);
    expect(planPriceInMonth(terms, 7)).toBe(24990);
    expect(planPriceInMonth(offerTerms(24990, null), 1)).toBe(24990);
  });

  it('reads a cart line as a port-in or a new number', () => {
    expect(lineKindOfCartLine({ isPortability: true })).toBe('portability');
    expect(lineKindOfCartLine({ isPortability: false })).toBe('newLine');
    expect(promotionalPrice({ price: 5990, discountPercentage: 50 })).toBe(2995);
  });
});

describe('termsForLine', () => {
  it('keeps the promotion for a line its terms name and bills any other at the list price (SIM activation, migration)', () => {
    const plan = { ...portHalf, commercePrice: 12495 };
    expect(termsForLine(plan, 'portability')).toEqual({ price: 24990, commercePrice: 12495, discountMonths: 6 });
    expect(termsForLine(plan, 'newLine')).toEqual({ price: 24990, commercePrice: 24990, discountMonths: null });
    expect(termsForLine({ ...plan, discountLineKinds: null }, 'newLine')).toEqual({ price: 24990, commercePrice: 12495, discountMonths: 6 });
  });
});
