import type { Db } from '@andes/db/client';
import { suspensionCredit } from '@andes/domain/suspension';
import { addBillCharge } from './bills.repo.ts';
import { lineWithPlan } from './lines.repo.ts';

/**
 * Credits the next bill with the plan's price for `days` a line was suspended in a market that does
 * not bill them (packages/domain/src/suspension.ts); a prepaid line has no plan bill to credit.
 * Answers the credit (minor units), or null when there is none.
 */
export async function creditSuspendedDays(db: Db, lineId: number, days: number): Promise<number | null> {
  const line = await lineWithPlan(db, lineId);
  if (!line || line.kind === 'prepaid' || line.planPrice === null || days <= 0) return null;
  const credit = suspensionCredit(line.planPrice, days);
  await addBillCharge(db, { lineId, kind: 'suspension', amount: -credit });
  return credit;
}
