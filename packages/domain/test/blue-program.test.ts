import { describe, expect, it } from 'vitest';
import { BLUE_INCLUDED_INSURANCE, BlueErrorKeys, blueLineError, insuranceMonthlyOnLine } from '../src/blue-program.ts';

const options = [
  { planId: 'BLUE_50', quotasValue: 12, initialQuota: 80_000, quotas: 26_670, equipmentValue: 400_000 },
  { planId: 'BLUE_50', quotasValue: 18, initialQuota: 80_000, quotas: 17_780, equipmentValue: 400_000 },
  { planId: 'BLUE_120', quotasValue: 18, initialQuota: 40_000, quotas: 20_000, equipmentValue: 380_000 },
];
const line = { blueProduct: true, bluePlanIds: ['BLUE_50'], options, quotasValue: 18, quantity: 1 };

describe('Blue installments (SPEC §3 {product}BlueInfo)', () => {
  it("takes only the catalogue's option for the cart's one Blue plan, with its own initial quota", () => {
    expect(blueLineError(line)).toBeNull();
    expect(blueLineError({ ...line, initialQuota: 80_000 })).toBeNull();
    expect(blueLineError({ ...line, quotasValue: 24 })).toBe(BlueErrorKeys.option);
    // the other plan's option at the same count is not this plan's
    expect(blueLineError({ ...line, initialQuota: 40_000 })).toBe(BlueErrorKeys.initialQuota);
    expect(blueLineError({ ...line, initialQuota: 0 })).toBe(BlueErrorKeys.initialQuota);
  });

  it('needs a Blue phone, exactly one Blue plan and one phone', () => {
    expect(blueLineError({ ...line, blueProduct: false })).toBe(BlueErrorKeys.withoutPlan);
    expect(blueLineError({ ...line, bluePlanIds: [] })).toBe(BlueErrorKeys.withoutPlan);
    expect(blueLineError({ ...line, bluePlanIds: ['BLUE_50', 'BLUE_120'] })).toBe(BlueErrorKeys.withoutPlan);
    expect(blueLineError({ ...line, quantity: 2 })).toBe(BlueErrorKeys.withoutPlan);
  });

  it('includes only the protection insurance, and only on a Blue phone', () => {
    expect(insuranceMonthlyOnLine(BLUE_INCLUDED_INSURANCE, 6990, true)).toBe(0);
    expect(insuranceMonthlyOnLine(BLUE_INCLUDED_INSURANCE, 6990, false)).toBe(6990);
    expect(insuranceMonthlyOnLine('INS_GARANTIA_EXTENDIDA', 1990, true)).toBe(1990);
  });
});
