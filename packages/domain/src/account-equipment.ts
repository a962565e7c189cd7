/**
 * Installments of a line's phone: one falls due each month on the bill, from the first installment's
 * day on. Dates are ISO calendar days (YYYY-MM-DD).
 */
export function installmentsPaid(firstInstallmentAt: string, today: string, total: number): number {
  if (today < firstInstallmentAt) return 0;
  const [fy, fm, fd] = firstInstallmentAt.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) + (td >= fd ? 1 : 0);
  return Math.min(total, Math.max(0, months));
}

export function installmentSummary(e: { installments: number; installmentAmount: number; firstInstallmentAt: string }, today: string) {
  const paid = installmentsPaid(e.firstInstallmentAt, today, e.installments);
  const left = e.installments - paid;
  return { paid, left, amountLeft: left * e.installmentAmount, paidOff: left === 0 };
}
