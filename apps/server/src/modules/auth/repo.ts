import { eq, lt, sql } from 'drizzle-orm';
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
 * Escalating locks: each further lock doubles the wait, and the lock number `maxLocks` lasts
 * `finalLockMs` (cleared early only by `clearThrottle`, say a recovery by SMS). A lock that ended
 * more than `memoryMs` ago is forgotten.
 */
export interface LockEscalation {
  maxLocks: number;
  finalLockMs: number;
  memoryMs: number;
}

/**
 * Counts one failure for a key inside a window, atomically (concurrent guesses cannot slip past the
 * count), and locks the key for `lockMs` once it reaches `lockAfter`; a lock starts the count again.
 * The row keeps when it stops mattering (`forgetAt`): the end of its window or of its lock, or with
 * escalation of the lock's memory, whichever is last; {@link purgeForgottenThrottles} deletes it then.
 */
export async function recordFailure(
  db: Db,
  key: string,
  now: Date,
  windowMs: number,
  lockAfter: number,
  lockMs: number,
  escalation?: LockEscalation,
) {
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const stale = sql`${loginThrottle.windowStart} < ${at(-windowMs)}::timestamptz`;
  const failures = sql`(case when ${stale} then 1 else ${loginThrottle.failures} + 1 end)`;
  const locks = escalation
    ? sql`(case when ${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} < ${at(-escalation.memoryMs)}::timestamptz then 0 else ${loginThrottle.locks} end)`
    : sql`0`;
  const reaches = sql`${failures} >= ${lockAfter}`;
  const lockUntil = escalation
    ? sql`case when ${locks} + 1 >= ${escalation.maxLocks} then ${at(escalation.finalLockMs)}::timestamptz
        else ${now.toISOString()}::timestamptz + (${lockMs}::float8 * power(2, ${locks})) * interval '1 millisecond' end`
    : sql`${at(lockMs)}::timestamptz`;
  const windowStart = sql`(case when ${stale} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStart} end)`;
  const lockedUntil = sql`(case when ${reaches} then ${lockUntil} else ${loginThrottle.lockedUntil} end)`;
  const after = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, forgetAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${reaches} then 0 else ${failures} end`,
        windowStart,
        locks: sql`case when ${reaches} then ${locks} + 1 else ${locks} end`,
        lockedUntil,
        // greatest() skips a null lock
        forgetAt: sql`greatest(${windowStart} + ${after(windowMs)}, ${lockedUntil} + ${after(escalation?.memoryMs ?? 0)})`,
      },
    })
    .returning();
  return row;
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/**
 * Deletes the counters no rule reads any more: past their window, their lock and the memory of that
 * lock (`forgetAt`, set by {@link recordFailure}), so every first wrong try does not leave a row
 * forever. Returns how many went.
 */
export async function purgeForgottenThrottles(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(loginThrottle).where(lt(loginThrottle.forgetAt, now)).returning({ key: loginThrottle.key });
  return gone.length;
}
