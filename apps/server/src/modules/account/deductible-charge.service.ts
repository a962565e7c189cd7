import type { Db } from '@andes/db/client';
import { addBillCharge, recordPayment } from './bills.repo.ts';
import { debitBalance, lineWithPlan, recordMovement } from './lines.repo.ts';

export type DeductibleCharge = { method: 'bill' | 'balance' } | { short: true; balance: number };

/**
 * Charges an insurance claim's deductible (docs/decisions/028) in the caller's transaction: a billed
 * line (postpaid or Controlado) gets it on its next bill, a prepaid line pays it from its balance, or
 * nothing changes when the balance is short. The caller makes it once per claim and idempotency key.
 */
export async function chargeDeductible(tx: Db, lineId: number, amount: number, claimNumber: string): Promise<DeductibleCharge> {
  const line = await lineWithPlan(tx, lineId);
  if (!line) throw new Error(`line ${lineId} not found`);
  if (line.kind !== 'prepaid') {
    await addBillCharge(tx, { lineId, kind: 'insurance_deductible', amount });
    return { method: 'bill' };
  }
  const left = await debitBalance(tx, lineId, amount);
  if (left === undefined) return { short: true, balance: line.balance };
  await recordMovement(tx, { lineId, kind: 'insurance_deductible', amount: -amount, counterpart: claimNumber });
  await recordPayment(tx, { lineId, kind: 'insurance_deductible', amount, method: 'balance', reference: claimNumber });
  return { method: 'balance' };
}
