import { describe, expect, it } from 'vitest';
import { canMoveRequest, requestInput, requestStatuses, requestTransitions } from '../src/account-requests.ts';
import { installmentPaymentProblem, installmentsOnBill, installmentSummary, installmentsPaid, outstandingInstallments } from '../src/account-equipment.ts';
import { defaultChannels, notificationKinds, preferencesInput } from '../src/account-preferences.ts';
import { formatPointsMovement, formatPointsTotals, pointsTotals } from '../src/account-benefits.ts';
import { billStatus, cutLimitDay } from '../src/account-bills.ts';
import { validate } from '../src/validation.ts';

describe('customer-service request status', () => {
  it('lets the customer withdraw only before an agent works on it, and ends in closed or withdrawn', () => {
    expect(canMoveRequest('received', 'withdrawn')).toBe(true);
    expect(canMoveRequest('assigned', 'withdrawn')).toBe(true);
    expect(canMoveRequest('inProgress', 'withdrawn')).toBe(false);
    expect(canMoveRequest('answered', 'inProgress')).toBe(true);
    expect(canMoveRequest('closed', 'received')).toBe(false);
    expect(requestStatuses.filter((s) => requestTransitions[s].length === 0)).toEqual(['closed', 'withdrawn']);
  });

  it('validates topic, description and contact channel', () => {
    const bad = validate(requestInput, { topic: 'x', description: 'corto', contactChannel: 'fax' });
    expect(bad.ok ? [] : Object.keys(bad.errors).sort()).toEqual(['contactChannel', 'description', 'topic']);
    expect(validate(requestInput, { topic: 'plan', description: 'Quiero cambiar mi plan', contactChannel: 'phone' }).ok).toBe(true);
  });
});

describe('equipment installments', () => {
  it('counts one installment per month from the first one, never past the total', () => {
    expect(installmentsPaid('2025-03-10', '2025-03-09', 12)).toBe(0);
    expect(installmentsPaid('2025-03-10', '2025-03-10', 12)).toBe(1);
    expect(installmentsPaid('2025-03-10', '2025-04-09', 12)).toBe(1);
    expect(installmentsPaid('2025-03-10', '2025-04-10', 12)).toBe(2);
    expect(installmentsPaid('2024-01-05', '2026-06-01', 18)).toBe(18);
    expect(installmentSummary({ installments: 18, installmentAmount: 8300, firstInstallmentAt: '2025-01-05' }, '2025-06-20')).toEqual({
      billed: 6,
      paid: 6,
      left: 12,
      amountLeft: 99600,
      paidOff: false,
      nextPayable: 7,
    });
  });

  it('counts the installments paid ahead; a bill charges those falling due in its period except them (decision 027)', () => {
    const phone = { installments: 12, installmentAmount: 10000, firstInstallmentAt: '2025-03-10', prepaidThrough: 0 };
    expect(installmentsOnBill(phone, '2025-04-10', '2025-05-10')).toEqual([3]);
    const ahead = { ...phone, prepaidThrough: 5 };
    expect(installmentSummary(ahead, '2025-05-20')).toMatchObject({ billed: 3, paid: 5, left: 7, nextPayable: 6 });
    expect(installmentsOnBill(ahead, '2025-04-10', '2025-05-10')).toEqual([]);
    expect(installmentsOnBill(ahead, '2025-06-10', '2025-07-10')).toEqual([]);
    expect(installmentsOnBill(ahead, '2025-07-10', '2025-08-10')).toEqual([6]);
    expect(outstandingInstallments(ahead, '2025-05-20').map((i) => [i.number, i.dueOn])).toEqual([
      [6, '2025-08-10'],
      [7, '2025-09-10'],
      [8, '2025-10-10'],
      [9, '2025-11-10'],
      [10, '2025-12-10'],
      [11, '2026-01-10'],
      [12, '2026-02-10'],
    ]);
    // the next ones in order, from the one the page showed, up to all that are left
    expect(installmentPaymentProblem(ahead, '2025-05-20', 7, 6)).toBeNull();
    expect(installmentPaymentProblem(ahead, '2025-05-20', 8, 6)).toBe('account.installments.error.count');
    expect(installmentPaymentProblem(ahead, '2025-05-20', 1, 7)).toBe('account.installments.error.stale');
    expect(installmentPaymentProblem({ ...phone, prepaidThrough: 12 }, '2025-05-20', 1, 13)).toBe('account.installments.error.stale');
  });
});

describe('notification preferences', () => {
  const all = Object.fromEntries(notificationKinds.map((k) => [k, defaultChannels(k)]));
  it('requires a channel for bill and security notices only', () => {
    expect(validate(preferencesInput, all).ok).toBe(true);
    const off = { email: false, sms: false, push: false };
    expect(validate(preferencesInput, { ...all, promotions: off, bags: off }).ok).toBe(true);
    const bad = validate(preferencesInput, { ...all, bills: off, security: off });
    expect(bad.ok ? {} : bad.errors).toEqual({ bills: ['account.validation.preferences.required'], security: ['account.validation.preferences.required'] });
  });
});

describe('points and the cut limit', () => {
  it('sums a points history by kind', () => {
    const history = [
      { kind: 'earned', points: 500, createdAt: '2025-01-01' },
      { kind: 'redeemed', points: -200, createdAt: '2025-02-01' },
      { kind: 'expired', points: -50, createdAt: '2025-03-01' },
    ];
    expect(pointsTotals(history)).toEqual({ earned: 500, redeemed: 200, expired: 50 });
  });

  it('takes points a cancelled purchase gave back off the redeemed total', () => {
    const history = [
      { kind: 'earned', points: 500, createdAt: '2025-01-01' },
      { kind: 'redeemed', points: -300, createdAt: '2025-02-01' },
      { kind: 'returned', points: 120, createdAt: '2025-02-02' },
    ];
    expect(pointsTotals(history)).toEqual({ earned: 500, redeemed: 180, expired: 0 });
  });

  it('cuts exactly the bills billStatus calls cut', () => {
    const today = '2025-06-15';
    const limit = cutLimitDay(today);
    expect(limit).toBe('2025-06-10');
    for (const dueAt of ['2025-06-08', '2025-06-09', '2025-06-10', '2025-06-11']) {
      expect(billStatus({ status: 'unpaid', dueAt }, today) === 'cut', dueAt).toBe(dueAt < limit);
    }
  });
});

describe('formatPointsTotals', () => {
  it('groups the totals like the market and signs them like movements, a zero bare', () => {
    expect(formatPointsTotals({ earned: 12_500, redeemed: 400, expired: 0 }, 'CLP')).toEqual({ earned: '+12.500', redeemed: '−400', expired: '0' });
    expect(formatPointsTotals({ earned: 0, redeemed: 48_980, expired: 1_200 }, 'PEN')).toEqual({ earned: '0', redeemed: '−48,980', expired: '−1,200' });
  });
});

describe('formatPointsMovement', () => {
  it('signs a movement by its kind, whatever sign its number carries', () => {
    expect(formatPointsMovement({ kind: 'redeemed', points: 400 }, 'CLP')).toBe('−400');
    expect(formatPointsMovement({ kind: 'redeemed', points: -1500 }, 'CLP')).toBe('−1.500');
    expect(formatPointsMovement({ kind: 'expired', points: -12_500 }, 'PEN')).toBe('−12,500');
    expect(formatPointsMovement({ kind: 'earned', points: 12_500 }, 'CLP')).toBe('+12.500');
    expect(formatPointsMovement({ kind: 'returned', points: 48_980 }, 'PEN')).toBe('+48,980');
  });
});
