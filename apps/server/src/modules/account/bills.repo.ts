import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { bills, payments, billCharges, bagOffers, topups } = schema;

export async function listBills(db: Db, lineId: number) {
  return db.select().from(bills).where(eq(bills.lineId, lineId)).orderBy(desc(bills.issuedAt));
}

/** A bill of this line only: another line's bill id finds nothing. */
export async function findLineBill(db: Db, lineId: number, billId: number) {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.id, billId), eq(bills.lineId, lineId)));
  return row;
}

export async function listPayments(db: Db, lineId: number) {
  return db.select().from(payments).where(eq(payments.lineId, lineId)).orderBy(desc(payments.createdAt), desc(payments.id));
}

/**
 * One payment of this line only, with the bill it paid and, for a card payment, the gateway's
 * authorization; another line's payment id finds nothing.
 */
export async function findLinePayment(db: Db, lineId: number, id: number) {
  const [row] = await db
    .select({
      id: payments.id,
      kind: payments.kind,
      method: payments.method,
      amount: payments.amount,
      reference: payments.reference,
      createdAt: payments.createdAt,
      billId: payments.billId,
      billNumber: bills.number,
      billPeriod: bills.period,
      authorizationCode: topups.authorizationCode,
      cardLast4: topups.cardLast4,
      offerName: bagOffers.name,
    })
    .from(payments)
    .leftJoin(bills, eq(bills.id, payments.billId))
    .leftJoin(topups, eq(topups.buyOrder, payments.reference))
    .leftJoin(bagOffers, eq(bagOffers.id, topups.offerId))
    .where(and(eq(payments.id, id), eq(payments.lineId, lineId)));
  return row;
}

/** Marks a bill paid once: a bill already paid stays as it was. */
export async function markBillPaid(db: Db, billId: number) {
  const [row] = await db
    .update(bills)
    .set({ status: 'paid', paidAt: new Date() })
    .where(and(eq(bills.id, billId), eq(bills.status, 'unpaid')))
    .returning({ id: bills.id });
  return row !== undefined;
}

export async function recordPayment(db: Db, row: typeof payments.$inferInsert) {
  await db.insert(payments).values(row);
}

/** Something the next bill will charge (a bag bought on the bill, a renewal, an insurance deductible) or credit (a suspension's days): not a payment. */
export async function addBillCharge(
  db: Db,
  row: {
    lineId: number;
    kind: 'bag' | 'bag_renewal' | 'suspension' | 'installment' | 'installment_credit' | 'insurance_deductible';
    offerId?: string;
    amount: number;
    createdAt?: Date;
    billId?: number;
  },
) {
  const [created] = await db.insert(billCharges).values(row).returning({ id: billCharges.id });
  return created!.id;
}

/** The line's charges, newest first: those of issued bills carry the bill, pending ones do not. */
export async function listCharges(db: Db, lineId: number) {
  return db
    .select({
      id: billCharges.id,
      billId: billCharges.billId,
      kind: billCharges.kind,
      offerId: billCharges.offerId,
      name: bagOffers.name,
      amount: billCharges.amount,
      createdAt: billCharges.createdAt,
    })
    .from(billCharges)
    .leftJoin(bagOffers, eq(bagOffers.id, billCharges.offerId))
    .where(eq(billCharges.lineId, lineId))
    .orderBy(desc(billCharges.createdAt), desc(billCharges.id));
}
