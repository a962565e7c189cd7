import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { RenewalLine } from '@andes/domain/renewal';

const { lines, lineEquipment, plans } = schema;

/**
 * A customer's lines as the renewal rule reads them: kind, status, plan name, and the phone each has
 * now (its latest purchase), oldest line first.
 */
export async function renewalLinesOf(db: Db, customerId: number): Promise<Array<RenewalLine & { planName: string | null }>> {
  const rows = await db
    .select({
      id: lines.id,
      phoneNumber: lines.phoneNumber,
      kind: lines.kind,
      status: lines.status,
      planName: plans.commerceName,
      rentalType: lineEquipment.rentalType,
      firstInstallmentAt: lineEquipment.firstInstallmentAt,
    })
    .from(lines)
    .leftJoin(plans, eq(plans.id, lines.planId))
    .leftJoin(lineEquipment, eq(lineEquipment.lineId, lines.id))
    .where(eq(lines.customerId, customerId))
    .orderBy(asc(lines.id), desc(lineEquipment.purchasedAt), desc(lineEquipment.id));
  const out = new Map<number, RenewalLine & { planName: string | null }>();
  for (const r of rows) {
    // the first row of a line is its latest phone
    if (out.has(r.id)) continue;
    const phone = r.rentalType !== null && r.firstInstallmentAt !== null ? { rentalType: r.rentalType, firstInstallmentAt: r.firstInstallmentAt } : null;
    out.set(r.id, { phoneNumber: r.phoneNumber, kind: r.kind, status: r.status, planName: r.planName, phone });
  }
  return [...out.values()];
}
