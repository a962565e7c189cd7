import { describe, expect, it } from 'vitest';
import { salesTerms } from '../src/sales-terms.ts';
import { lineAmounts } from '../src/line-amounts.ts';
import { promotionIsCardPrice } from '../src/plan-promotion.ts';
import { messagesFor } from '../src/messages.ts';

const facts = { promotion: { perDocument: 3, percentage: 50 }, plansFrom: 21990, bagsFrom: 500 };

describe('salesTerms', () => {
  it("states Chile's terms of SPEC §9 with the catalogue's figures", () => {
    expect(salesTerms('cl', facts)).toEqual([
      { key: 'plans.terms.promotion', counts: { count: 3, percentage: 50 } },
      { key: 'plans.terms.fairUse', counts: { numbers: 300, minutes: 1000 } },
      { key: 'plans.terms.extraMinute', amounts: { price: 99 } },
      { key: 'plans.terms.extraSms', amountLists: { prices: [50, 99] } },
      { key: 'plans.terms.bagsFrom', amounts: { price: 500 } },
      { key: 'plans.terms.plansFrom', amounts: { price: 21990 } },
      { key: 'plans.terms.contractCopy', counts: { days: 5 } },
      { key: 'plans.terms.cut', counts: { days: 5 } },
    ]);
  });

  it('takes the figures from the catalogue, not from the text: another quota or cheapest plan shows', () => {
    const other = salesTerms('cl', { promotion: { perDocument: 2, percentage: 40 }, plansFrom: 19990, bagsFrom: 990 });
    expect(other).toContainEqual({ key: 'plans.terms.promotion', counts: { count: 2, percentage: 40 } });
    expect(other).toContainEqual({ key: 'plans.terms.plansFrom', amounts: { price: 19990 } });
    expect(other).toContainEqual({ key: 'plans.terms.bagsFrom', amounts: { price: 990 } });
    expect(salesTerms('cl', { promotion: null, plansFrom: null, bagsFrom: null }).map((l) => l.key)).not.toContain('plans.terms.promotion');
  });

  it('leaves out in Peru the overage figures the spec gives for Chile only', () => {
    const keys = salesTerms('pe', { ...facts, plansFrom: 2990 }).map((l) => l.key);
    expect(keys).toEqual(['plans.terms.promotion', 'plans.terms.bagsFrom', 'plans.terms.plansFrom', 'plans.terms.contractCopy', 'plans.terms.cut']);
  });

  it('has a text for every line in both markets', () => {
    for (const site of ['cl', 'pe'] as const) {
      const texts = messagesFor(site, ['plans']);
      for (const line of salesTerms(site, facts)) expect(texts[line.key], line.key).toBeTruthy();
    }
  });
});

describe('lineAmounts', () => {
  it('labels a plan line: the chip today, the promotion by the month with its months, then the list price', () => {
    expect(
      lineAmounts({
        type: 'plan',
        quantity: 1,
        unitPrice: 2990,
        monthlyPrice: 12495,
        listMonthlyPrice: 24990,
        promotion: { percentage: 50, promoPrice: 12495, months: 6 },
      }),
    ).toEqual([
      { key: 'order.amount.sim', amounts: { price: 2990 } },
      { key: 'order.amount.planPromo', amounts: { promo: 12495, price: 24990 }, counts: { percentage: 50, months: 6 } },
    ]);
  });

  it('labels a plan line without a promotion by its list monthly price, and a phone by its unit price and total', () => {
    expect(lineAmounts({ type: 'plan', quantity: 1, unitPrice: 1000, monthlyPrice: 5990, listMonthlyPrice: 5990, promotion: null })).toEqual([
      { key: 'order.amount.sim', amounts: { price: 1000 } },
      { key: 'order.amount.planMonthly', amounts: { price: 5990 } },
    ]);
    expect(lineAmounts({ type: 'equipment', quantity: 2, unitPrice: 199990, monthlyPrice: 0 })).toEqual([
      { key: 'order.amount.unit', amounts: { price: 199990 } },
      { key: 'order.amount.lineTotal', amounts: { price: 399980 } },
    ]);
  });

  it('has a text for every label in both markets', () => {
    const keys = [
      'order.amount.sim',
      'order.amount.planMonthly',
      'order.amount.planPromo',
      'order.amount.planPromoAlways',
      'order.amount.unit',
      'order.amount.lineTotal',
    ];
    for (const site of ['cl', 'pe'] as const) for (const key of keys) expect(messagesFor(site, ['cart'])[key], key).toBeTruthy();
  });
});

describe('promotionIsCardPrice', () => {
  it('is the card price for every line, or for the journey its terms name', () => {
    expect(promotionIsCardPrice(null, undefined)).toBe(true);
    expect(promotionIsCardPrice(['portability'], 'portability')).toBe(true);
    expect(promotionIsCardPrice(['portability'], 'newLine')).toBe(false);
    expect(promotionIsCardPrice(['portability'], undefined)).toBe(false);
  });
});
