import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { topups } = schema;
export type Topup = typeof topups.$inferSelect;
/** What a card payment through the gateway pays for. */
export type CardPurpose = 'topup' | 'bill' | 'bag';

export async function findByKey(db: Db, lineId: number, key: string) {
  const [row] = await db.select().from(topups).where(and(eq(topups.lineId, lineId), eq(topups.idempotencyKey, key)));
  return row;
}

/** Inserts the attempt; a concurrent double submit with the same key inserts nothing. */
export async function insertTopup(
  db: Db,
  row: { lineId: number; buyOrder: string; amount: number; idempotencyKey: string; purpose?: CardPurpose; billId?: number; offerId?: string },
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
 * Claims the one charge a bill may have before the gateway commits: the unique index on
 * (bill_id) for committing/approved attempts lets only one attempt per bill through. Answers
 * 'claimed', 'busy' (this attempt is already committing or settled) or 'taken' (another attempt
 * paid or is paying this bill).
 */
export async function claimBillCharge(db: Db, id: number): Promise<'claimed' | 'busy' | 'taken'> {
  try {
    const [row] = await db.update(topups).set({ status: 'committing' }).where(and(eq(topups.id, id), eq(topups.status, 'pending'))).returning({ id: topups.id });
    return row ? 'claimed' : 'busy';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Gives the claim back when the gateway could not be reached, so the customer may try again. */
export async function releaseBillCharge(db: Db, id: number) {
  await db.update(topups).set({ status: 'pending' }).where(and(eq(topups.id, id), eq(topups.status, 'committing')));
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** An attempt of this bill that already charged it or is charging it now. */
export async function chargeOfBill(db: Db, billId: number) {
  const [row] = await db.select({ id: topups.id }).from(topups).where(and(eq(topups.billId, billId), inArray(topups.status, ['committing', 'approved'])));
  return row;
}

/** Moves a pending (or committing) top-up to its outcome; only the first caller gets the row back. */
export async function settle(db: Db, id: number, values: { status: string; authorizationCode?: string | null; cardLast4?: string | null; creditedAt?: Date | null }) {
  const [row] = await db
    .update(topups)
    .set(values)
    .where(and(eq(topups.id, id), inArray(topups.status, ['pending', 'committing'])))
    .returning();
  return row;
}
