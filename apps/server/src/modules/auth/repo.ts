import { eq, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { customers, lines, loginThrottle } = schema;

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomerByDocument(db: Db, document: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.document, document));
  return row;
}

export async function findCustomerByPhone(db: Db, phoneNumber: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select({ customer: customers })
    .from(lines)
    .innerJoin(customers, eq(customers.id, lines.customerId))
    .where(eq(lines.phoneNumber, phoneNumber));
  return row?.customer;
}

export async function findCustomerById(db: Db, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

export async function updateCustomerSecret(db: Db, id: number, secretHash: string): Promise<void> {
  await db.update(customers).set({ secretHash, secretCreated: true }).where(eq(customers.id, id));
}

export async function readThrottle(db: Db, key: string) {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return row;
}

/**
 * Counts one failure for a key inside a window, atomically (concurrent guesses cannot slip past the
 * count), and locks the key once it reaches `lockAfter`.
 */
export async function recordFailure(
  db: Db,
  key: string,
  now: Date,
  windowMs: number,
  lockAfter: number,
  lockMs: number,
) {
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const stale = sql`${loginThrottle.windowStart} < ${windowStart}::timestamptz`;
  const failures = sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures,
        windowStart: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStart} end`,
        lockedUntil: sql`case when (${failures}) >= ${lockAfter} then ${new Date(now.getTime() + lockMs).toISOString()}::timestamptz else ${loginThrottle.lockedUntil} end`,
      },
    })
    .returning();
  return row;
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
