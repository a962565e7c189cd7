import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { bills, payments } = schema;

export async function listBills(db: Db, lineId: number) {
  return db.select().from(bills).where(eq(bills.lineId, lineId)).orderBy(desc(bills.issuedAt));
}

/** A bill of this line only: another line's bill id finds nothing. */
export async function findLineBill(db: Db, lineId: number, billId: number) {
  const [row] = await db.select().from(bills).where(and(eq(bills.id, billId), eq(bills.lineId, lineId)));
  return row;
}

export async function listPayments(db: Db, lineId: number) {
  return db.select().from(payments).where(eq(payments.lineId, lineId)).orderBy(desc(payments.createdAt), desc(payments.id));
}

/** Marks a bill paid once: a bill already paid stays as it was. */
export async function markBillPaid(db: Db, billId: number) {
  const [row] = await db.update(bills).set({ status: 'paid', paidAt: new Date() }).where(and(eq(bills.id, billId), eq(bills.status, 'unpaid'))).returning({ id: bills.id });
  return row !== undefined;
}

/** A line cut for debt is active again when none of its bills is still in the cut state. */
export async function restoreLineIfPaidUp(db: Db, lineId: number, isCut: (b: { status: string; dueAt: string }) => boolean) {
  const rows = await listBills(db, lineId);
  if (rows.some(isCut)) return;
  await db.update(schema.lines).set({ status: 'active' }).where(and(eq(schema.lines.id, lineId), eq(schema.lines.status, 'cut')));
}
