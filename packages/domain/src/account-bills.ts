/**
 * Bill status for the account screens (SPEC §9): a bill is paid, unpaid (not yet due), overdue (past
 * its due date) or cut (still unpaid 5 days after its due date, which cuts the line's service).
 * Dates are ISO calendar days (YYYY-MM-DD), compared as strings.
 */
export const CUT_AFTER_DAYS = 5;

export type BillStatus = 'paid' | 'unpaid' | 'overdue' | 'cut';

function addDaysIso(isoDay: string, days: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
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
