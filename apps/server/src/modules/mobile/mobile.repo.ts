import { and, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { mobileRequests } = schema;

export type MobileRequestRow = typeof mobileRequests.$inferSelect;

/** Inserts the request; a concurrent double submit with the same key inserts nothing. */
export async function insertRequest(db: Db, row: typeof mobileRequests.$inferInsert) {
  const [created] = await db.insert(mobileRequests).values(row).onConflictDoNothing().returning();
  return created;
}

export async function setNumber(db: Db, id: number, number: string) {
  await db.update(mobileRequests).set({ number }).where(eq(mobileRequests.id, id));
}

export async function findByKey(db: Db, sessionKey: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(mobileRequests)
    .where(and(eq(mobileRequests.sessionKey, sessionKey), eq(mobileRequests.idempotencyKey, idempotencyKey)));
  return row;
}

export async function findByNumber(db: Db, number: string) {
  const [row] = await db.select().from(mobileRequests).where(eq(mobileRequests.number, number));
  return row;
}
