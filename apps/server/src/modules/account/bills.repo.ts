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
