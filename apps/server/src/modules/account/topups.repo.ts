import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { topups } = schema;
export type Topup = typeof topups.$inferSelect;
/** What a card payment through the gateway pays for. */
export type CardPurpose = 'topup' | 'bill' | 'bag' | 'installments' | 'deductible';

export async function findByKey(db: Db, lineId: number, key: string) {
  const [row] = await db
    .select()
    .from(topups)
    .where(and(eq(topups.lineId, lineId), eq(topups.idempotencyKey, key)));
  return row;
}

/** Inserts the attempt; a concurrent double submit with the same key inserts nothing. */
export async function insertTopup(
  db: Db,
  row: {
    lineId: number;
    buyOrder: string;
    amount: number;
    idempotencyKey: string;
    purpose?: CardPurpose;
    billId?: number;
    offerId?: string;
    equipmentId?: number;
    installmentFrom?: number;
    installmentCount?: number;
    subjectRef?: string;
  },
) {
  const [created] = await db.insert(topups).values(row).onConflictDoNothing().returning();
  return created;
}

/** Removes an attempt the gateway never opened (no token yet), so its key may be used again. */
export async function dropUnopened(db: Db, id: number) {
  await db.delete(topups).where(and(eq(topups.id, id), eq(topups.status, 'pending'), isNull(topups.token)));
}

export async function setToken(db: Db, id: number, token: string, redirectUrl: string) {
  await db.update(topups).set({ token, redirectUrl }).where(eq(topups.id, id));
}

export async function findByToken(db: Db, token: string) {
  const [row] = await db.select().from(topups).where(eq(topups.token, token));
  return row;
}

export async function findByBuyOrder(db: Db, buyOrder: string) {
  const [row] = await db.select().from(topups).where(eq(topups.buyOrder, buyOrder));
  return row;
}

/**
 * The return of a pending attempt arrived: it is committing from now on, and the order sweep may
 * finish it after `reconcileAfter` should this process die before the outcome is recorded. For a bill
 * it also claims the one charge the bill may have: the unique index on (bill_id) for committing or
 * approved attempts lets only one attempt per bill through. Answers 'claimed', 'busy' (this attempt
 * is already committing or settled) or 'taken' (another attempt paid or is paying this bill).
 */
export async function claimCharge(db: Db, id: number, reconcileAfter: Date): Promise<'claimed' | 'busy' | 'taken'> {
  try {
    const [row] = await db
      .update(topups)
      .set({ status: 'committing', reconcileAfter })
      .where(and(eq(topups.id, id), eq(topups.status, 'pending')))
      .returning({ id: topups.id });
    return row ? 'claimed' : 'busy';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Gives the claim back when the gateway refused the token (nothing charged), so the customer may try again. */
export async function releaseCharge(db: Db, id: number) {
  await db
    .update(topups)
    .set({ status: 'pending' })
    .where(and(eq(topups.id, id), eq(topups.status, 'committing')));
}

/** Attempts whose commit began and was never recorded, due by `now` (the order sweep finishes them). */
export async function topupsToReconcile(db: Db, now: Date, limit: number): Promise<Topup[]> {
  return db
    .select()
    .from(topups)
    .where(and(eq(topups.status, 'committing'), isNotNull(topups.token), or(isNull(topups.reconcileAfter), lte(topups.reconcileAfter, now))))
    .orderBy(asc(topups.id))
    .limit(limit);
}

/** Takes a committing attempt for one sweep until `until`, only while it is still due: of two sweeps only one gets it. */
export async function claimTopup(db: Db, topup: Topup, now: Date, until: Date): Promise<Topup | undefined> {
  const [row] = await db
    .update(topups)
    .set({ reconcileAfter: until })
    .where(and(eq(topups.id, topup.id), eq(topups.status, 'committing'), or(isNull(topups.reconcileAfter), lte(topups.reconcileAfter, now))))
    .returning();
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** An attempt of this bill that already charged it or is charging it now. */
export async function chargeOfBill(db: Db, billId: number) {
  const [row] = await db
    .select({ id: topups.id })
    .from(topups)
    .where(and(eq(topups.billId, billId), inArray(topups.status, ['committing', 'approved'])));
  return row;
}

/** Moves a pending (or committing) top-up to its outcome; only the first caller gets the row back. */
export async function settle(
  db: Db,
  id: number,
  values: { status: string; authorizationCode?: string | null; cardLast4?: string | null; creditedAt?: Date | null },
) {
  const [row] = await db
    .update(topups)
    .set(values)
    .where(and(eq(topups.id, id), inArray(topups.status, ['pending', 'committing'])))
    .returning();
  return row;
}

/** An attempt paying this subject (a registered purpose's) that is committing or already charged it. */
export async function chargeOfSubject(db: Db, purpose: CardPurpose, subjectRef: string) {
  const [row] = await db
    .select({ id: topups.id, status: topups.status })
    .from(topups)
    .where(and(eq(topups.purpose, purpose), eq(topups.subjectRef, subjectRef), inArray(topups.status, ['committing', 'approved'])));
  return row;
}

/** Marks a pending attempt committing (the caller holds its subject's lock); false when it no longer is pending. */
export async function markCommitting(db: Db, id: number, reconcileAfter: Date): Promise<boolean> {
  const [row] = await db
    .update(topups)
    .set({ status: 'committing', reconcileAfter })
    .where(and(eq(topups.id, id), eq(topups.status, 'pending')))
    .returning({ id: topups.id });
  return !!row;
}
