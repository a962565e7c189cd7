import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { lineEquipment, topups, billCharges } = schema;

export type Equipment = typeof lineEquipment.$inferSelect;

/** The line's financed phones, oldest first; `lock` holds their rows until the transaction ends (a bill and a payment ahead take turns). */
export async function lineEquipmentList(db: Db, lineId: number, lock = false): Promise<Equipment[]> {
  const query = db.select().from(lineEquipment).where(eq(lineEquipment.lineId, lineId)).orderBy(asc(lineEquipment.purchasedAt), asc(lineEquipment.id));
  return lock ? query.for('update') : query;
}

/** One phone of this line only: another line's phone finds nothing. */
export async function equipmentOfLine(db: Db, lineId: number, id: number, lock = false): Promise<Equipment | undefined> {
  const query = db
    .select()
    .from(lineEquipment)
    .where(and(eq(lineEquipment.id, id), eq(lineEquipment.lineId, lineId)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Marks installments up to `through` paid ahead, only from where the paid ones end (`from - 1`): once. */
export async function setPrepaidThrough(db: Db, id: number, from: number, through: number): Promise<boolean> {
  const done = await db
    .update(lineEquipment)
    .set({ prepaidThrough: through })
    .where(and(eq(lineEquipment.id, id), lt(lineEquipment.prepaidThrough, from)))
    .returning({ id: lineEquipment.id });
  return done.length > 0;
}

/** The line's installments paid ahead by card (approved), newest first. */
export async function installmentPayments(db: Db, lineId: number) {
  return db
    .select({
      buyOrder: topups.buyOrder,
      equipmentId: topups.equipmentId,
      from: topups.installmentFrom,
      count: topups.installmentCount,
      amount: topups.amount,
      cardLast4: topups.cardLast4,
      paidAt: topups.creditedAt,
    })
    .from(topups)
    .where(and(eq(topups.lineId, lineId), eq(topups.purpose, 'installments'), eq(topups.status, 'approved')))
    .orderBy(desc(topups.creditedAt), desc(topups.id));
}

/** Puts an installment on an issued bill (it is part of the bill's amount already). */
export async function insertInstallmentCharge(db: Db, row: { lineId: number; billId: number; amount: number; createdAt: Date }) {
  await db.insert(billCharges).values({ ...row, kind: 'installment' });
}

/** Puts a phone sold on installments on its line, once per order line (a replayed payment finds it there). */
export async function insertFinancedPhone(db: Db, row: Omit<typeof lineEquipment.$inferInsert, 'id' | 'prepaidThrough' | 'imei'>) {
  await db
    .insert(lineEquipment)
    .values(row)
    .onConflictDoNothing({ target: lineEquipment.orderLineId, where: sql`order_line_id is not null` });
}
