/**
 * Installments of a line's phone: one falls due each month on the bill, from the first installment's
 * day on (a cycle day: the bill of that day charges it). Installments may also be paid ahead by card
 * (quotas-pagar, docs/decisions/027): the next ones in order, which no bill charges afterwards. Dates
 * are ISO calendar days (YYYY-MM-DD).
 */
import { addMonthsIso } from './account-consumption.ts';

/** How many installments fell due (were billed) by `today`. */
export function installmentsPaid(firstInstallmentAt: string, today: string, total: number): number {
  if (today < firstInstallmentAt) return 0;
  const [fy, fm, fd] = firstInstallmentAt.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) + (td >= fd ? 1 : 0);
  return Math.min(total, Math.max(0, months));
}

/** The day installment `n` (1-based) falls due on the bill. */
export function installmentDueOn(firstInstallmentAt: string, n: number): string {
  return addMonthsIso(firstInstallmentAt, n - 1);
}

type Financed = { installments: number; installmentAmount: number; firstInstallmentAt: string; prepaidThrough?: number };

/**
 * Where a financed phone stands on `today`: installments billed (fell due), paid (billed or paid ahead),
 * left, what is left to pay, and the next one that may be paid ahead (null when none is left).
 */
export function installmentSummary(e: Financed, today: string) {
  const billed = installmentsPaid(e.firstInstallmentAt, today, e.installments);
  const paid = Math.min(e.installments, Math.max(billed, e.prepaidThrough ?? 0));
  const left = e.installments - paid;
  return { billed, paid, left, amountLeft: left * e.installmentAmount, paidOff: left === 0, nextPayable: left === 0 ? null : paid + 1 };
}

/** The installments still to pay, in order, each with the day its bill would charge it. */
export function outstandingInstallments(e: Financed, today: string): Array<{ number: number; dueOn: string; amount: number }> {
  const { paid } = installmentSummary(e, today);
  const list = [];
  for (let n = paid + 1; n <= e.installments; n++) list.push({ number: n, dueOn: installmentDueOn(e.firstInstallmentAt, n), amount: e.installmentAmount });
  return list;
}

/**
 * The installments the bill issued on `issuedOn` charges: those falling due after the previous bill
 * day (`after`, exclusive) up to its own day, except those paid ahead by card.
 */
export function installmentsOnBill(e: Financed, after: string, issuedOn: string): number[] {
  const due: number[] = [];
  for (let n = Math.max(1, (e.prepaidThrough ?? 0) + 1); n <= e.installments; n++) {
    const day = installmentDueOn(e.firstInstallmentAt, n);
    if (day > issuedOn) break;
    if (day > after) due.push(n);
  }
  return due;
}

/** Why a payment ahead of `count` installments from `from` is refused on `today`: any number of the next ones, up to all that are left. */
export function installmentPaymentProblem(
  e: Financed,
  today: string,
  count: number,
  from: number,
): 'account.installments.error.count' | 'account.installments.error.stale' | null {
  const s = installmentSummary(e, today);
  // nothing left to pay, or the page showed another next installment (paid in the meantime, or a bill charged it): not what the customer saw
  if (s.nextPayable === null) return 'account.installments.error.stale';
  if (from !== s.nextPayable) return 'account.installments.error.stale';
  if (!Number.isInteger(count) || count < 1 || count > s.left) return 'account.installments.error.count';
  return null;
}
