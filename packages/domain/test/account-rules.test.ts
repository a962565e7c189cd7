import { describe, expect, it } from 'vitest';
import { getMarket } from '../src/market.ts';
import { billDueDay, billNumber, billStatus, dueBillDays, lineCutByBills, MAX_BILLS_AT_ONCE, nextCycleDay } from '../src/account-bills.ts';
import { amountToMinor, checkTransfer, transferLimits } from '../src/account-balance.ts';
import { frequentNumberAction, isFrequentNumber } from '../src/account-frequent.ts';
import { canTransition, checkAttachment, customerCanCancel, ticketStatuses, ticketTransitions, transition } from '../src/account-tickets.ts';
import { axisLabelIndices, cycleStart, filterUsage, oldestUsageDay, parseAllowance, totalsByKind, usageRange } from '../src/account-consumption.ts';
import { bagExpiry, bagPaymentAllowed, dueRenewals, MAX_RENEWALS_AT_ONCE } from '../src/account-bags.ts';

const cl = getMarket('cl');
const pe = getMarket('pe');

describe('bill status (SPEC §9: cut 5 days after the due date)', () => {
  const bill = { status: 'unpaid', dueAt: '2025-03-10' };
  it.each([
    ['2025-03-01', 'unpaid'],
    ['2025-03-10', 'unpaid'],
    ['2025-03-11', 'overdue'],
    ['2025-03-15', 'overdue'],
    ['2025-03-16', 'cut'],
  ])('on %s an unpaid bill due 10 March is %s', (today, status) => {
    expect(billStatus(bill, today)).toBe(status);
  });
  it('a paid bill stays paid, and only a cut bill cuts the line', () => {
    expect(billStatus({ status: 'paid', dueAt: '2020-01-01' }, '2025-01-01')).toBe('paid');
    expect(lineCutByBills([bill], '2025-03-15')).toBe(false);
    expect(lineCutByBills([bill], '2025-03-16')).toBe(true);
  });
});

describe('billing cycle', () => {
  it('a period ends on the next cycle day strictly after a day, across months and years', () => {
    expect(nextCycleDay('2025-03-04', 5)).toBe('2025-03-05');
    expect(nextCycleDay('2025-03-05', 5)).toBe('2025-04-05');
    expect(nextCycleDay('2025-12-28', 28)).toBe('2026-01-28');
    expect(nextCycleDay('2025-01-31', 28)).toBe('2025-02-28');
  });
  it('owes one bill per ended period up to today, oldest first, none while the period runs', () => {
    expect(dueBillDays('2025-04-05', 5, '2025-04-04')).toEqual([]);
    expect(dueBillDays('2025-04-05', 5, '2025-04-05')).toEqual(['2025-04-05']);
    expect(dueBillDays('2025-04-05', 5, '2025-06-20')).toEqual(['2025-04-05', '2025-05-05', '2025-06-05']);
    expect(dueBillDays('2020-01-01', 1, '2025-01-01')).toHaveLength(MAX_BILLS_AT_ONCE);
  });
  it('falls due 15 days after issue, numbered per market, line and month', () => {
    expect(billDueDay('2025-02-20')).toBe('2025-03-07');
    expect(billNumber(cl.billNumberPrefix, '2025-04-05', '912345678')).toBe('BE-202504-912345678');
    expect(billNumber(pe.billNumberPrefix, '2025-04-05', '987654321')).toBe('RS-202504-987654321');
  });
});

describe('balance transfer limits', () => {
  const l = transferLimits(cl);
  it('accepts an amount inside the limits and covered by the balance', () => {
    expect(checkTransfer(cl, { from: '987654321', to: '912345678', amount: l.min, balance: 8500 })).toEqual({ ok: true });
  });
  it('refuses the same line, below the minimum, above the maximum and beyond the balance', () => {
    expect(checkTransfer(cl, { from: '987654321', to: '987654321', amount: 1000, balance: 8500 })).toMatchObject({ key: 'account.error.transfer.sameLine' });
    expect(checkTransfer(cl, { from: 'a', to: 'b', amount: l.min - 1, balance: 8500 })).toMatchObject({ key: 'account.error.transfer.min' });
    expect(checkTransfer(cl, { from: 'a', to: 'b', amount: l.max + 1, balance: 99999 })).toMatchObject({ key: 'account.error.transfer.max' });
    expect(checkTransfer(cl, { from: 'a', to: 'b', amount: 9000, balance: 8500 })).toMatchObject({ key: 'account.error.balance.short' });
  });
  it('parses typed amounts into minor units per currency', () => {
    expect(amountToMinor(cl, '1.500')).toBe(1500);
    expect(amountToMinor(cl, '1500')).toBe(1500);
    expect(amountToMinor(cl, '1,5')).toBeNull();
    expect(amountToMinor(pe, '2,50')).toBe(250);
    expect(amountToMinor(pe, '3')).toBe(300);
    expect(amountToMinor(pe, 'abc')).toBeNull();
  });
});

describe('frequent numbers (SPEC §5)', () => {
  it('creates with only a new number and updates when there is an old one', () => {
    expect(frequentNumberAction({ newNumber: '912345678' })).toEqual({ method: 'POST', newNumber: '912345678' });
    expect(frequentNumberAction({ oldNumber: ' ', newNumber: '912345678' }).method).toBe('POST');
    expect(frequentNumberAction({ oldNumber: '998877665', newNumber: '912345678' })).toEqual({ method: 'PUT', oldNumber: '998877665', newNumber: '912345678' });
  });
  it('needs 9 digits', () => {
    expect(isFrequentNumber('912345678')).toBe(true);
    expect(isFrequentNumber('91234567')).toBe(false);
    expect(isFrequentNumber('91234567a')).toBe(false);
  });
});

describe('ticket state machine', () => {
  it('every target of the table is a known status, and final states lead nowhere', () => {
    for (const s of ticketStatuses) for (const t of ticketTransitions[s]) expect(ticketStatuses).toContain(t);
    expect(ticketTransitions.closed).toEqual([]);
    expect(ticketTransitions.cancelled).toEqual([]);
  });
  it('allows the table moves and refuses others', () => {
    expect(canTransition('submitted', 'acknowledged')).toBe(true);
    expect(transition('submitted', 'resolved')).toEqual({ ok: false, key: 'account.error.ticket.transition' });
    expect(transition('resolved', 'closed')).toEqual({ ok: true, status: 'closed' });
    expect(customerCanCancel('submitted')).toBe(true);
    expect(customerCanCancel('inProgress')).toBe(false);
  });
  it('checks attachments by type and signature and size', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(checkAttachment('image/png', png)).toBe('ok');
    expect(checkAttachment('image/jpeg', png)).toBe('account.error.attachment.type');
    expect(checkAttachment('image/png', new TextEncoder().encode('<svg/>'))).toBe('account.error.attachment.type');
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(png);
    expect(checkAttachment('image/png', big)).toBe('account.error.attachment.size');
  });
});

describe('consumption aggregation', () => {
  const rows = [
    { day: '2025-03-02', kind: 'data', amount: 500 },
    { day: '2025-03-03', kind: 'data', amount: 700 },
    { day: '2025-03-03', kind: 'voice', amount: 12 },
    { day: '2025-03-04', kind: 'sms', amount: 3 },
  ];
  it('parses allowances from plan texts', () => {
    expect(parseAllowance('30 GB', 'data')).toBe(30720);
    expect(parseAllowance('300 min', 'voice')).toBe(300);
    expect(parseAllowance('ilimitada', 'sms')).toBeNull();
    expect(parseAllowance(null, 'data')).toBeUndefined();
  });
  it('sums usage per kind against the allowance', () => {
    const totals = totalsByKind(rows, { data: 2400, voice: null, sms: undefined });
    expect(totals).toEqual([
      { kind: 'data', used: 1200, allowance: 2400, percent: 50 },
      { kind: 'voice', used: 12, allowance: null, percent: null },
      { kind: 'sms', used: 3, allowance: undefined, percent: null },
    ]);
  });
  it('filters by kind and day range, newest first', () => {
    expect(filterUsage(rows, { kind: 'data' }).map((r) => r.day)).toEqual(['2025-03-03', '2025-03-02']);
    expect(filterUsage(rows, { from: '2025-03-03', to: '2025-03-03' })).toHaveLength(2);
  });
  it('finds the start of the billing cycle', () => {
    expect(cycleStart('2025-03-20', 5)).toBe('2025-03-05');
    expect(cycleStart('2025-03-02', 5)).toBe('2025-02-05');
    expect(cycleStart('2025-01-02', 5)).toBe('2024-12-05');
  });
});

describe('daily chart axis labels', () => {
  it('labels every day while they fit, else the first and every k-th day with k bars of room', () => {
    expect(axisLabelIndices(5, 6)).toEqual([0, 1, 2, 3, 4]);
    expect(axisLabelIndices(6, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(axisLabelIndices(7, 6)).toEqual([0, 2, 4]);
    // a 30-day cycle: every 5th day; 31 days: every 6th, the 31st too close to the end for its label
    expect(axisLabelIndices(30, 6)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(axisLabelIndices(31, 6)).toEqual([0, 6, 12, 18, 24]);
    expect(axisLabelIndices(1, 6)).toEqual([0]);
  });

  it('never gives more labels than asked, each with its step of room, nor any for no days', () => {
    for (let count = 1; count <= 92; count++) {
      const labels = axisLabelIndices(count, 6);
      const step = Math.ceil(count / 6);
      expect(labels.length).toBeGreaterThan(0);
      expect(labels.length).toBeLessThanOrEqual(6);
      expect(labels.at(-1)! + step).toBeLessThanOrEqual(count);
    }
    expect(axisLabelIndices(0, 6)).toEqual([]);
  });
});

describe('bag payments and recurring renewals', () => {
  const immediate = { mode: 'immediate', pointsPrice: 400 };
  const recurring = { mode: 'recurring', pointsPrice: null };
  it.each([
    [immediate, 'prepaid', 'balance', true],
    [immediate, 'prepaid', 'points', true],
    [immediate, 'prepaid', 'bill', false],
    [immediate, 'hybrid', 'bill', true],
    [immediate, 'prepaid', 'card', true],
    [{ mode: 'traveller', pointsPrice: null }, 'postpaid', 'points', false],
    [recurring, 'postpaid', 'card', false],
    [{ mode: 'recurring', pointsPrice: 100 }, 'postpaid', 'points', false],
    [recurring, 'postpaid', 'bill', true],
  ] as const)('%o on a %s line paid with %s: %s', (offer, kind, payment, allowed) => {
    expect(bagPaymentAllowed(offer, kind, payment)).toBe(allowed);
  });
  it('renews from where each period ended, once per ended period, up to a cap', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(dueRenewals(new Date('2026-03-11T00:00:00Z'), 30, now)).toEqual([]);
    expect(dueRenewals(new Date('2026-03-10T12:00:00Z'), 30, now)).toEqual([new Date('2026-04-09T12:00:00Z')]);
    expect(dueRenewals(new Date('2026-01-05T08:00:00Z'), 30, now)).toEqual([
      new Date('2026-02-04T08:00:00Z'),
      new Date('2026-03-06T08:00:00Z'),
      new Date('2026-04-05T08:00:00Z'),
    ]);
    expect(dueRenewals(new Date('2020-01-01T00:00:00Z'), 30, now)).toHaveLength(MAX_RENEWALS_AT_ONCE);
    expect(bagExpiry(new Date('2026-02-27T10:00:00Z'), 7)).toEqual(new Date('2026-03-06T10:00:00Z'));
  });
});

describe('consumption detail range', () => {
  it('defaults to the current cycle, and to the month of an older end day', () => {
    expect(usageRange('2026-11-22', 5, {})).toEqual({ ok: true, from: '2026-11-05', to: '2026-11-22' });
    expect(usageRange('2026-11-22', 5, { to: '2026-10-12' })).toEqual({ ok: true, from: '2026-10-01', to: '2026-10-12' });
    expect(usageRange('2026-11-22', 5, { from: '2026-10-01', to: '2026-10-31' })).toEqual({ ok: true, from: '2026-10-01', to: '2026-10-31' });
  });
  it('goes back six months at most, never past today, and never backwards', () => {
    expect(oldestUsageDay('2026-08-31')).toBe('2026-02-28');
    expect(usageRange('2026-11-22', 5, { from: '2026-05-22' })).toMatchObject({ ok: true });
    expect(usageRange('2026-11-22', 5, { from: '2026-05-21' })).toMatchObject({
      ok: false,
      errors: { from: 'account.validation.range.tooOld' },
      oldest: '2026-05-22',
    });
    expect(usageRange('2026-11-22', 5, { from: '2026-11-01', to: '2026-11-23' })).toMatchObject({
      ok: false,
      errors: { to: 'account.validation.range.future' },
    });
    expect(usageRange('2026-11-22', 5, { from: '2026-10-10', to: '2026-10-09' })).toMatchObject({
      ok: false,
      errors: { to: 'account.validation.range.order' },
    });
  });
});
