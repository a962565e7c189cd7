import { describe, expect, it } from 'vitest';
import { installmentChoices, installmentPlan, installmentPlanMessage, isInstallmentChoice } from '../src/card-installments.ts';

describe('installmentPlan', () => {
  it('splits the price without interest: the installments add up to exactly what is charged', () => {
    expect(installmentPlan(169990, 12)).toEqual({ count: 12, amount: 14166, last: 14164, totalCost: 169990 });
    for (const [total, count] of [
      [169990, 12],
      [129900, 18],
      [5990, 3],
      [1199990, 24],
    ] as const) {
      const plan = installmentPlan(total, count)!;
      expect(plan.amount * (count - 1) + plan.last).toBe(total);
      expect(plan.last).toBeGreaterThan(0);
      expect(plan.last).toBeLessThanOrEqual(plan.amount);
      expect(plan.totalCost).toBe(total);
    }
  });

  it('refuses a split that is no installment plan', () => {
    expect(installmentPlan(169990, 1)).toBeNull();
    expect(installmentPlan(169990, 0)).toBeNull();
    expect(installmentPlan(169990, 2.5)).toBeNull();
    expect(installmentPlan(10, 6)).toBeNull();
    expect(installmentPlan(0, 3)).toBeNull();
  });
});

describe('installmentChoices', () => {
  it('offers the usual counts up to the advertised one, and that one', () => {
    expect(installmentChoices(169990, 12).map((p) => p.count)).toEqual([3, 6, 12]);
    expect(installmentChoices(129900, 18).map((p) => p.count)).toEqual([3, 6, 12, 18]);
    expect(installmentChoices(1199990, 24).map((p) => p.count)).toEqual([3, 6, 12, 18, 24]);
  });

  it('offers none when nothing in the purchase is sold in installments', () => {
    expect(installmentChoices(2990, 0)).toEqual([]);
    expect(installmentChoices(2990, 1)).toEqual([]);
  });

  it('accepts a single payment or an offered count, nothing else', () => {
    expect(isInstallmentChoice(169990, 12, 0)).toBe(true);
    expect(isInstallmentChoice(169990, 12, 1)).toBe(true);
    expect(isInstallmentChoice(169990, 12, 6)).toBe(true);
    expect(isInstallmentChoice(169990, 12, 18)).toBe(false);
    expect(isInstallmentChoice(169990, 12, 5)).toBe(false);
    expect(isInstallmentChoice(2990, 0, 3)).toBe(false);
  });
});

describe('installmentPlanMessage', () => {
  it('names the last installment only when it differs from the others', () => {
    expect(installmentPlanMessage(installmentPlan(169990, 12)!, 'CLP')).toEqual({
      key: 'checkout.installments.planLast',
      params: { count: 12, amount: '$14.166', last: '$14.164', total: '$169.990' },
    });
    expect(installmentPlanMessage(installmentPlan(180000, 12)!, 'CLP').key).toBe('checkout.installments.plan');
    expect(installmentPlanMessage(installmentPlan(129900, 18)!, 'PEN').params).toMatchObject({ amount: 'S/ 72.17', last: 'S/ 72.11', total: 'S/ 1,299' });
    expect(installmentPlanMessage(installmentPlan(180000, 12)!, 'CLP', 'catalogue').key).toBe('catalogue.installments.plan');
  });
});
