import { describe, expect, it } from 'vitest';
import {
  billingStartsOn,
  daysBetween,
  dueBillDays,
  firstBillingPeriod,
  nextCycleDay,
  planCharge,
  planPriceOn,
  previousCycleDay,
  splitPlanCharge,
} from '../src/account-bills.ts';
import { formatMoney } from '../src/money.ts';

// plan prices in minor units: Chile in pesos, Peru in céntimos
const CLP_PLAN = 21990;
const PEN_PLAN = 5990;

describe('first bill proration', () => {
  it('measures a billing period from the previous cycle day: 28, 29, 30 or 31 days', () => {
    expect(previousCycleDay('2026-03-01')).toBe('2026-02-01');
    expect(previousCycleDay('2026-01-15')).toBe('2025-12-15');
    expect(daysBetween(previousCycleDay('2026-03-01'), '2026-03-01')).toBe(28);
    expect(daysBetween(previousCycleDay('2028-03-01'), '2028-03-01')).toBe(29);
    expect(daysBetween(previousCycleDay('2026-05-01'), '2026-05-01')).toBe(30);
    expect(daysBetween(previousCycleDay('2026-04-01'), '2026-04-01')).toBe(31);
  });

  it.each([
    // activation, cycle day, days charged, days in the period, amount (CLP)
    ['2026-03-10', 1, 22, 31, 15605], // 21990 × 22 / 31 = 15605.8: the fraction of a peso is dropped
    ['2026-02-15', 1, 14, 28, 10995], // February: 28 days
    ['2028-02-15', 1, 15, 29, 11374], // a leap February: 29 days (11374.13)
    ['2026-04-20', 1, 11, 30, 8063], // a 30-day month (8063)
    ['2026-01-20', 15, 26, 31, 18443], // a period across months: 15 Jan to 15 Feb (18443.23)
  ] as const)('Chile: a line activated on %s with cycle day %i pays %i of %i days', (activation, cycleDay, days, periodDays, amount) => {
    const endsOn = nextCycleDay(activation, cycleDay);
    const charge = planCharge(CLP_PLAN, activation, endsOn);
    expect(charge).toEqual({ amount, from: activation, to: previousDay(endsOn), days, periodDays, prorated: true });
    expect(charge.amount).toBeLessThanOrEqual((CLP_PLAN * days) / periodDays);
  });

  it.each([
    ['2026-04-24', 1, 7, 30, 1397], // 5990 × 7 / 30 = 1397.67 céntimos: S/ 13.97, not 13.98
    ['2026-02-01', 2, 1, 31, 193], // the day before the cycle day: 1 of 31 days (193.23)
    ['2027-02-10', 1, 19, 28, 4064], // February (4064.64)
  ] as const)('Peru: a line activated on %s with cycle day %i pays %i of %i days in céntimos', (activation, cycleDay, days, periodDays, amount) => {
    const charge = planCharge(PEN_PLAN, activation, nextCycleDay(activation, cycleDay));
    expect(charge).toMatchObject({ amount, days, periodDays, prorated: true });
  });
  it('Peru keeps céntimos on the bill', () => {
    expect(formatMoney(planCharge(PEN_PLAN, '2026-04-24', '2026-05-01').amount, 'PEN')).toBe('S/ 13.97');
  });

  it.each([
    ['cl', CLP_PLAN],
    ['pe', PEN_PLAN],
  ] as const)('%s: activation on the cycle day is a full period at the full price; the day before is one day', (_site, price) => {
    for (const [activation, cycleDay] of [
      ['2026-02-01', 1],
      ['2026-03-28', 28],
      ['2026-12-05', 5],
    ] as const) {
      const full = planCharge(price, activation, nextCycleDay(activation, cycleDay));
      expect(full).toMatchObject({ amount: price, from: activation, prorated: false });
      expect(full.days).toBe(full.periodDays);
    }
    const oneDay = planCharge(price, '2026-03-31', '2026-04-01');
    expect(oneDay).toMatchObject({ days: 1, periodDays: 31, amount: Math.floor(price / 31), from: '2026-03-31', to: '2026-03-31', prorated: true });
  });

  it('never charges more than a period: a start before the period counts from its cycle day', () => {
    expect(planCharge(CLP_PLAN, '2025-11-03', '2026-03-01')).toMatchObject({ amount: CLP_PLAN, from: '2026-02-01', days: 28, prorated: false });
  });
});

describe("where a new line's billing starts", () => {
  it('bills from the activation day to the next cycle day', () => {
    expect(firstBillingPeriod('2026-03-10', '2026-03-10', 1)).toEqual({ nextBillOn: '2026-04-01', proratedFrom: '2026-03-10' });
    // first seen the day after (the sweep runs every few seconds; a restart may delay it)
    expect(firstBillingPeriod('2026-03-10', '2026-03-11', 1)).toEqual({ nextBillOn: '2026-04-01', proratedFrom: '2026-03-10' });
    expect(firstBillingPeriod('2026-03-01', '2026-03-01', 1)).toEqual({ nextBillOn: '2026-04-01', proratedFrom: '2026-03-01' });
  });
  it('a line seen only after a cycle day passed since it started is billed from the current period, whole', () => {
    expect(firstBillingPeriod('2026-02-20', '2026-03-02', 1)).toEqual({ nextBillOn: '2026-04-01', proratedFrom: null });
    expect(firstBillingPeriod('2024-06-01', '2026-03-02', 15)).toEqual({ nextBillOn: '2026-03-15', proratedFrom: null });
  });
});

describe('a prepaid line moved to a plan: the month paid at the migration is not billed again', () => {
  it('a line that did not migrate starts billing on its activation day', () => {
    expect(billingStartsOn('2026-03-10', null)).toBe('2026-03-10');
  });

  it.each([
    // migration settled, billing starts (the same day a month later, clamped to the month's end)
    ['2026-03-10', '2026-04-10'],
    ['2026-12-15', '2027-01-15'], // across the year
    ['2026-01-31', '2026-02-28'], // 31 January: February has 28 days
    ['2028-01-31', '2028-02-29'], // a leap February
    ['2026-03-31', '2026-04-30'], // a 30-day month
    ['2026-01-29', '2026-02-28'],
  ] as const)('settled on %s: the paid month ends and billing starts on %s', (settled, starts) => {
    expect(billingStartsOn('2025-06-01', settled)).toBe(starts);
  });

  it('no bill on the cycle day inside the paid month; the first bill prorates from its end', () => {
    const startsOn = billingStartsOn('2025-06-01', '2026-03-10');
    const first = firstBillingPeriod(startsOn, '2026-03-10', 1);
    expect(first).toEqual({ nextBillOn: '2026-05-01', proratedFrom: '2026-04-10' });
    // the cycle day of April falls inside the paid month: nothing is owed on it
    expect(dueBillDays(first.nextBillOn, 1, '2026-04-01')).toEqual([]);
    expect(dueBillDays(first.nextBillOn, 1, '2026-05-01')).toEqual(['2026-05-01']);
    expect(planCharge(CLP_PLAN, first.proratedFrom!, first.nextBillOn)).toMatchObject({
      from: '2026-04-10',
      to: '2026-04-30',
      days: 21,
      periodDays: 30,
      amount: 15393,
      prorated: true,
    });
  });

  it("a paid month clamped to February's end prorates from it", () => {
    const startsOn = billingStartsOn('2025-06-01', '2026-01-31');
    const first = firstBillingPeriod(startsOn, '2026-01-31', 1);
    expect(first).toEqual({ nextBillOn: '2026-03-01', proratedFrom: '2026-02-28' });
    expect(dueBillDays(first.nextBillOn, 1, '2026-02-01')).toEqual([]);
    expect(planCharge(PEN_PLAN, first.proratedFrom!, first.nextBillOn)).toMatchObject({ days: 1, periodDays: 28, amount: 213, prorated: true });
  });

  it.each([
    ['2026-02-01', 1, '2026-03-01', '2026-04-01'],
    ['2026-01-31', 28, '2026-02-28', '2026-03-28'], // clamped onto the cycle day
  ] as const)(
    'settled on %s (cycle day %i): the paid month ends on the cycle day %s, so the first bill on %s is whole',
    (settled, cycleDay, starts, firstBill) => {
      const startsOn = billingStartsOn('2025-06-01', settled);
      expect(startsOn).toBe(starts);
      const first = firstBillingPeriod(startsOn, settled, cycleDay);
      expect(first).toEqual({ nextBillOn: firstBill, proratedFrom: starts });
      // the cycle day the paid month ends on is covered by it: no bill then
      expect(dueBillDays(first.nextBillOn, cycleDay, starts)).toEqual([]);
      expect(planCharge(CLP_PLAN, starts, firstBill)).toMatchObject({ amount: CLP_PLAN, prorated: false });
    },
  );

  it('a migrated line first seen after its paid month ended is still prorated from its end', () => {
    expect(firstBillingPeriod(billingStartsOn('2025-06-01', '2026-03-10'), '2026-04-20', 1)).toEqual({ nextBillOn: '2026-05-01', proratedFrom: '2026-04-10' });
  });
});

function previousDay(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

describe('a plan change inside a period (decision 027)', () => {
  it('charges each plan by its days, each part rounded down: never more than either plan by days', () => {
    // 21990 → 34990 on 11 March, period 1 March – 1 April (31 days): 10 days old, 21 days new
    const split = splitPlanCharge(21990, 34990, '2026-03-01', '2026-03-11', '2026-04-01');
    expect(split.from).toMatchObject({ from: '2026-03-01', to: '2026-03-10', days: 10, periodDays: 31, amount: 7093 }); // 7093.5
    expect(split.to).toMatchObject({ from: '2026-03-11', to: '2026-03-31', days: 21, periodDays: 31, amount: 23702 }); // 23702.9
    expect(split.amount).toBe(7093 + 23702);
    expect(split.amount).toBeLessThanOrEqual((21990 * 10 + 34990 * 21) / 31);
    // a first period that began mid-cycle counts the old plan from the line's start
    expect(splitPlanCharge(21990, 34990, '2026-03-05', '2026-03-11', '2026-04-01').from.days).toBe(6);
    // a change on the cycle day is a whole period on the new plan
    expect(splitPlanCharge(21990, 34990, '2026-03-01', '2026-03-01', '2026-04-01')).toMatchObject({
      from: { days: 0, amount: 0 },
      to: { days: 31, amount: 34990 },
    });
  });

  it('reads the plan in force on a day from the changes, however late they were applied', () => {
    const changes = [{ effectiveOn: '2026-04-01', fromPrice: 27990, toPrice: 21990 }];
    expect(planPriceOn(changes, '2026-03-01', 21990)).toBe(27990);
    expect(planPriceOn(changes, '2026-04-01', 27990)).toBe(21990);
    expect(planPriceOn([], '2026-04-01', 27990)).toBe(27990);
  });
});
