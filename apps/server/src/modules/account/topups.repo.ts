import { and, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { topups } = schema;
export type Topup = typeof topups.$inferSelect;

export async function findByKey(db: Db, lineId: number, key: string) {
  const [row] = await db.select().from(topups).where(and(eq(topups.lineId, lineId), eq(topups.idempotencyKey, key)));
  return row;
}

/** Inserts the attempt; a concurrent double submit with the same key inserts nothing. */
export async function insertTopup(db: Db, row: { lineId: number; buyOrder: string; amount: number; idempotencyKey: string; purpose?: 'topup' | 'bill'; billId?: number }) {
  const [created] = await db.insert(topups).values(row).onConflictDoNothing().returning();
  return created;
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

/** Moves a pending top-up to its outcome; only the first caller gets the row back. */
export async function settle(db: Db, id: number, values: { status: string; authorizationCode?: string | null; cardLast4?: string | null; creditedAt?: Date | null }) {
  const [row] = await db
    .update(topups)
    .set(values)
    .where(and(eq(topups.id, id), eq(topups.status, 'pending')))
    .returning();
  return row;
}
