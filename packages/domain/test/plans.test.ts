import { describe, expect, it } from 'vitest';
import {
  defaultPlansTab,
  firstMonthPrice,
  formatAllowance,
  isBamPlan,
  planBaseId,
  planEventQuantity,
  planPriceInMonth,
  plansPerView,
  selectPlan,
  socialMediaTiles,
} from '../src/plans.ts';

describe('planBaseId', () => {
  it('strips a _V<digits> suffix', () => {
    expect(planBaseId('plan_30gb_V2')).toBe('plan_30gb');
    expect(planBaseId('plan_30gb_V12')).toBe('plan_30gb');
  });

  it('leaves other ids alone', () => {
    expect(planBaseId('plan_30gb')).toBe('plan_30gb');
    expect(planBaseId('plan_V2_extra')).toBe('plan_V2_extra');
    expect(planBaseId('plan_V')).toBe('plan_V');
    expect(planBaseId('plan_v2')).toBe('plan_v2');
  });
});

describe('planEventQuantity', () => {
  it('counts multi_ plans as 2', () => {
    expect(planEventQuantity('multi_duo_V3')).toBe(2);
  });

  it('counts other plans as 1', () => {
    expect(planEventQuantity('plan_multi_x')).toBe(1);
    expect(planEventQuantity('plan_30gb')).toBe(1);
  });
});

describe('isBamPlan', () => {
  it.each(['BAM 20GB', 'Plan bam', 'plan_bam_10', 'Bam-Plus', 'BAM10'])('matches %j', (name) => expect(isBamPlan(name)).toBe(true));

  it.each(['Bamboo', 'Plan Libre', 'Abambu', ''])('does not match %j', (name) => expect(isBamPlan(name)).toBe(false));
});

describe('socialMediaTiles', () => {
  const icons = (n: number) => Array.from({ length: n }, (_, i) => `icon${i}`);

  it('shows all up to 5', () => {
    expect(socialMediaTiles(icons(5))).toEqual({ shown: icons(5), more: 0 });
    expect(socialMediaTiles([])).toEqual({ shown: [], more: 0 });
  });

  it('shows the first 4 and a +N tile above 5', () => {
    expect(socialMediaTiles(icons(6))).toEqual({ shown: icons(4), more: 2 });
    expect(socialMediaTiles(icons(9))).toEqual({ shown: icons(4), more: 5 });
  });
});

describe('formatAllowance', () => {
  it('says not included for BAM plans', () => {
    expect(formatAllowance('data', '30 GB', true)).toBe('No incluye');
    expect(formatAllowance('voice', 300, true)).toBe('No incluye');
    expect(formatAllowance('sms', 'ilimitada', true)).toBe('No incluye');
  });

  it.each([
    ['data', 'ilimitada'],
    ['data', 'Unlimited'],
    ['voice', 'ilimitados'],
    ['voice', null],
    ['sms', 'ILIMITADA'],
    ['sms', 'sin límite'],
  ] as const)('shows %s %j as Ilimitados', (kind, value) => {
    expect(formatAllowance(kind, value, false)).toBe('Ilimitados');
  });

  it('adds the unit to bare numbers', () => {
    expect(formatAllowance('data', 30, false)).toBe('30 GB');
    expect(formatAllowance('voice', 300, false)).toBe('300 min');
    expect(formatAllowance('voice', '300', false)).toBe('300 min');
    expect(formatAllowance('sms', 100, false)).toBe('100 SMS');
  });

  it('keeps strings that already carry a unit', () => {
    expect(formatAllowance('data', ' 30  GB ', false)).toBe('30 GB');
    expect(formatAllowance('data', '500 MB', false)).toBe('500 MB');
    expect(formatAllowance('voice', '300 min', false)).toBe('300 min');
  });
});

describe('defaultPlansTab', () => {
  it('picks the first non-empty group in order', () => {
    expect(defaultPlansTab({ postpaidPlans: [1], hybridPlans: [1], blue: [1] })).toBe('postpaidPlans');
    expect(defaultPlansTab({ postpaidPlans: [], hybridPlans: [1], blue: [1] })).toBe('hybridPlans');
    expect(defaultPlansTab({ postpaidPlans: [], hybridPlans: [], blue: [1] })).toBe('blue');
  });

  it('falls back to postpaidPlans when all are empty', () => {
    expect(defaultPlansTab({ postpaidPlans: [], hybridPlans: [], blue: [] })).toBe('postpaidPlans');
  });
});

describe('plansPerView', () => {
  it('shows 3 from 1280 px and 2 below', () => {
    expect(plansPerView(1920)).toBe(3);
    expect(plansPerView(1280)).toBe(3);
    expect(plansPerView(1279)).toBe(2);
    expect(plansPerView(375)).toBe(2);
  });
});

describe('selectPlan', () => {
  const plans = [
    { id: 'a', selected: true, price: 1 },
    { id: 'b', price: 2 },
    { id: 'c', selected: false, price: 3 },
  ];

  it('selects only the chosen plan, keeping other fields', () => {
    expect(selectPlan(plans, 'b')).toEqual([
      { id: 'a', selected: false, price: 1 },
      { id: 'b', selected: true, price: 2 },
      { id: 'c', selected: false, price: 3 },
    ]);
    expect(plans[0].selected).toBe(true);
  });

  it('leaves the list unchanged for an unknown id', () => {
    expect(selectPlan(plans, 'zzz')).toBe(plans);
  });
});

describe('planPriceInMonth', () => {
  const half = { price: 24_990, commercePrice: 12_500, discountMonths: 6 };

  it("charges the promotional price for the promotion's months, then the list price", () => {
    expect([1, 2, 6, 7, 12].map((m) => planPriceInMonth(half, m))).toEqual([12_500, 12_500, 12_500, 24_990, 24_990]);
    expect(firstMonthPrice(half)).toBe(12_500);
  });

  it('keeps a promotion without a length for as long as the plan', () => {
    expect(planPriceInMonth({ price: 5990, commercePrice: 3000, discountMonths: null }, 36)).toBe(3000);
  });

  it('charges the list price of a plan without a promotion', () => {
    expect(firstMonthPrice({ price: 21_990, commercePrice: 21_990, discountMonths: null })).toBe(21_990);
    // a promotional price above the list price is no promotion
    expect(firstMonthPrice({ price: 21_990, commercePrice: 22_990, discountMonths: 3 })).toBe(21_990);
  });
});
