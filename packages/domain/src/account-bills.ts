/**
 * Bill status for the account screens (SPEC §9): a bill is paid, unpaid (not yet due), overdue (past
 * its due date) or cut (still unpaid 5 days after its due date, which cuts the line's service).
 * Dates are ISO calendar days (YYYY-MM-DD), compared as strings.
 */
import { addMonthsIso } from './account-consumption.ts';

export const CUT_AFTER_DAYS = 5;

/** A bill falls due this many days after it is issued. */
export const BILL_DUE_DAYS = 15;

/** The most bills one pass issues for a line (a line unread for a year gets at most this many at once). */
export const MAX_BILLS_AT_ONCE = 12;

export type BillStatus = 'paid' | 'unpaid' | 'overdue' | 'cut';

/** An ISO day plus (or minus) whole days. */
export function addDaysIso(isoDay: string, days: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The first day after `after` (ISO day) that is the line's cycle day (1–28, so every month has it):
 * the day its billing period ends and the next bill is issued (also the plan's renewal date).
 */
export function nextCycleDay(after: string, cycleDay: number): string {
  const [y, m, d] = after.split('-').map(Number) as [number, number, number];
  const next = d < cycleDay ? new Date(Date.UTC(y, m - 1, cycleDay)) : new Date(Date.UTC(y, m, cycleDay));
  return next.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (ISO days; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The cycle day a month before `cycleDayOn` (itself a cycle day, 1–28): where that billing period began. */
export function previousCycleDay(cycleDayOn: string): string {
  const [y, m, d] = cycleDayOn.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 2, d)).toISOString().slice(0, 10);
}

/** The days a plan charge covers: `from` to `to` (the day before the bill), out of the period's days. */
export type ChargedDays = { from: string; to: string; days: number; periodDays: number };

/** The plan's share of a bill: the price, or for a first period that began mid-cycle its prorated part. */
export type PlanCharge = ChargedDays & { amount: number; prorated: boolean };

/**
 * The days of the billing period ending on `endsOn` (a cycle day; 28 to 31 from the previous cycle
 * day) that a plan started on `startsOn` covers; a start before the period counts from its beginning.
 */
export function chargedDays(startsOn: string, endsOn: string): ChargedDays {
  const periodStart = previousCycleDay(endsOn);
  const from = startsOn > periodStart ? startsOn : periodStart;
  return { from, to: addDaysIso(endsOn, -1), days: daysBetween(from, endsOn), periodDays: daysBetween(periodStart, endsOn) };
}

/**
 * The plan charge of the bill issued on `endsOn` (a cycle day) for a period that began on `startsOn`
 * (the day the line's billing started, billingStartsOn): the price times
 * the days charged over the days of the period. Money is integer minor units (CLP pesos, PEN
 * céntimos) and a fraction of one is dropped, so the rounding is always in the customer's favour.
 * Starting on a cycle day is a whole period and pays the full price; starting the day before pays one day.
 */
export function planCharge(price: number, startsOn: string, endsOn: string): PlanCharge {
  const covered = chargedDays(startsOn, endsOn);
  const prorated = covered.days < covered.periodDays;
  return { ...covered, amount: prorated ? Math.floor((price * covered.days) / covered.periodDays) : price, prorated };
}

/** A bill's plan charge when the line moved to a dearer plan inside the period: each plan for its own days. */
export type SplitPlanCharge = { from: PlanCharge; to: PlanCharge; amount: number };

/**
 * The plan charge of the bill issued on `endsOn` (a cycle day) for a period that began on `startsOn`
 * (billingStartsOn, or earlier: the period's own start) and in which the line moved from a plan of
 * `fromPrice` to one of `toPrice` on `changedOn` (docs/decisions/027): the first-bill proration rule
 * applied to each plan's days, the old plan from the period's start (or the line's, when later) to the
 * day before the change, the new one from the change to the day before the bill. Each part drops its
 * fraction of a minor unit, so the sum never exceeds what either plan would have charged by days: the
 * rounding is always in the customer's favour.
 */
export function splitPlanCharge(fromPrice: number, toPrice: number, startsOn: string, changedOn: string, endsOn: string): SplitPlanCharge {
  const before = chargedDays(startsOn, endsOn);
  const oldDays = Math.max(0, daysBetween(before.from, changedOn));
  const newFrom = changedOn > before.from ? changedOn : before.from;
  const newDays = daysBetween(newFrom, endsOn);
  const part = (price: number, from: string, to: string, days: number): PlanCharge => ({
    from,
    to,
    days,
    periodDays: before.periodDays,
    amount: Math.floor((price * days) / before.periodDays),
    prorated: days < before.periodDays,
  });
  const from = part(fromPrice, before.from, addDaysIso(newFrom, -1), oldDays);
  const to = part(toPrice, newFrom, before.to, newDays);
  return { from, to, amount: from.amount + to.amount };
}

/** A plan change as the bills see it: from when, and the monthly prices before and after. */
export type PlanChangeTerms = { effectiveOn: string; fromPrice: number; toPrice: number };

/**
 * The monthly plan price in force on `day` for a line whose plan changes are `changes` (not cancelled)
 * and whose plan now costs `current` a month: the old price of the first change after that day, else
 * the new price of the latest change on or before it, else the current price. Billing reads the
 * history, so it does not matter when a scheduled change was applied to the line.
 */
export function planPriceOn(changes: ReadonlyArray<PlanChangeTerms>, day: string, current: number): number {
  const sorted = [...changes].sort((a, b) => (a.effectiveOn < b.effectiveOn ? -1 : a.effectiveOn > b.effectiveOn ? 1 : 0));
  const after = sorted.find((c) => c.effectiveOn > day);
  if (after) return after.fromPrice;
  const before = sorted.filter((c) => c.effectiveOn <= day).pop();
  return before ? before.toPrice : current;
}

/**
 * The day a line's billing starts (ISO days in the market's zone): its activation day or, for a prepaid
 * line moved to a plan, the end of the month it paid by card at the migration. That month runs from the
 * day the migration settled to the same day a month later (31 January → 28/29 February), so no bill
 * charges those days again: the first bill prorates from that day and none is issued inside the month.
 */
export function billingStartsOn(activatedOn: string, migratedOn: string | null): string {
  return migratedOn === null ? activatedOn : addMonthsIso(migratedOn, 1);
}

/**
 * Where billing starts for a line first seen billable with no bill yet, on `today`: its first bill is
 * issued on the cycle day after `startsOn` (billingStartsOn; it may still be ahead, in a month paid at
 * the migration) and prorates the plan from that day. A line first seen only after a cycle day passed
 * since it started (the sweep was not running) is billed from the current period, whole: the days
 * before are not billed.
 */
export function firstBillingPeriod(startsOn: string, today: string, cycleDay: number): { nextBillOn: string; proratedFrom: string | null } {
  const nextBillOn = nextCycleDay(today, cycleDay);
  if (startsOn < previousCycleDay(nextBillOn)) return { nextBillOn, proratedFrom: null };
  return { nextBillOn: nextCycleDay(startsOn, cycleDay), proratedFrom: startsOn };
}

/**
 * The cycle days from `nextBillOn` up to `today` (both ISO days, included), oldest first: one bill is
 * owed for each billing period that ended; none while the period is still running.
 */
export function dueBillDays(nextBillOn: string, cycleDay: number, today: string, max = MAX_BILLS_AT_ONCE): string[] {
  const days: string[] = [];
  for (let day = nextBillOn; day <= today && days.length < max; day = nextCycleDay(day, cycleDay)) days.push(day);
  return days;
}

/** The due date of a bill issued on `issuedOn` (ISO days). */
export function billDueDay(issuedOn: string): string {
  return addDaysIso(issuedOn, BILL_DUE_DAYS);
}

/** A bill's number: the market's prefix, the month it was issued and the line (one bill per line and month). */
export function billNumber(prefix: string, issuedOn: string, phoneNumber: string): string {
  return `${prefix}-${issuedOn.slice(0, 7).replace('-', '')}-${phoneNumber}`;
}

/** The status a customer sees for a bill on `today` (ISO day in the market's zone). */
export function billStatus(bill: { status: string; dueAt: string }, today: string): BillStatus {
  if (bill.status === 'paid') return 'paid';
  if (today <= bill.dueAt) return 'unpaid';
  return today > addDaysIso(bill.dueAt, CUT_AFTER_DAYS) ? 'cut' : 'overdue';
}

/** Bills still unpaid and due before this day (today minus the grace days) cut the line. */
export function cutLimitDay(today: string): string {
  return addDaysIso(today, -CUT_AFTER_DAYS);
}

/** The line is cut when any of its bills is in the cut state. */
export function lineCutByBills(bills: ReadonlyArray<{ status: string; dueAt: string }>, today: string): boolean {
  return bills.some((b) => billStatus(b, today) === 'cut');
}

/** The ISO calendar day of an instant in a time zone. */
export function isoDayInZone(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}
