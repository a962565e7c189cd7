import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { loginThrottle } = schema;

export type ThrottleRow = typeof loginThrottle.$inferSelect;

/**
 * Escalating locks: each further lock doubles the wait, and the lock number `maxLocks` lasts
 * `finalLockMs` (cleared early only by {@link clearThrottles}, say a recovery by SMS). A lock that
 * ended more than `memoryMs` ago is forgotten.
 */
export interface LockEscalation {
  maxLocks: number;
  finalLockMs: number;
  memoryMs: number;
}

/** A limit on one key: the try that makes `lockAfter` (at least 2) inside `windowMs` locks the key for `lockMs`. */
export interface Limit {
  windowMs: number;
  lockAfter: number;
  lockMs: number;
  escalation?: LockEscalation;
}

/**
 * One try against a key: counted (`admitted`, and `locking` when this very try reached the limit and
 * locked the key for the tries after it), or refused because the key was locked already.
 */
export type Taken =
  | { admitted: true; key: string; limit: Limit; row: ThrottleRow; locking: boolean }
  | { admitted: false; key: string; limit: Limit; row: ThrottleRow | undefined };
export type Admitted = Extract<Taken, { admitted: true }>;

export async function readThrottle(db: Db, key: string): Promise<ThrottleRow | undefined> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return row;
}

const iso = (now: Date, ms = 0) => new Date(now.getTime() + ms).toISOString();
const ms = (n: number) => sql`(${n}::float8 * interval '1 millisecond')`;

/** When a row stops mattering: the end of its window or, with escalation, the memory of its lock (greatest() skips a null lock). */
const forgetAt = (windowStart: SQL, lockedUntil: SQL, limit: Limit) =>
  sql`greatest(${windowStart} + ${ms(limit.windowMs)}, ${lockedUntil} + ${ms(limit.escalation?.memoryMs ?? 0)})`;

/**
 * Counts one try against `key` before anything is checked, in one statement: concurrent tries queue
 * on the row, so a burst gets exactly as many tries as a sequence. A locked key refuses the try and
 * changes nothing. The try that reaches `lockAfter` inside the window is still admitted and locks
 * the key (a lock starts the count again); with escalation each further lock lasts longer.
 */
export async function takeAttempt(db: Db, key: string, limit: Limit, now: Date): Promise<Taken> {
  const t = loginThrottle;
  const at = sql`${iso(now)}::timestamptz`;
  const stale = sql`${t.windowStart} < ${iso(now, -limit.windowMs)}::timestamptz`;
  const counted = sql`(case when ${stale} then 1 else ${t.failures} + 1 end)`;
  const { escalation } = limit;
  const locks = escalation
    ? sql`(case when ${t.lockedUntil} is null or ${t.lockedUntil} < ${iso(now, -escalation.memoryMs)}::timestamptz then 0 else ${t.locks} end)`
    : sql`0`;
  const reaches = sql`${counted} >= ${limit.lockAfter}`;
  const lockEnd = escalation
    ? sql`case when ${locks} + 1 >= ${escalation.maxLocks} then ${iso(now, escalation.finalLockMs)}::timestamptz else ${at} + ${ms(limit.lockMs)} * power(2, ${locks}) end`
    : sql`${iso(now, limit.lockMs)}::timestamptz`;
  const windowStart = sql`(case when ${stale} then ${at} else ${t.windowStart} end)`;
  const lockedUntil = sql`(case when ${reaches} then ${lockEnd} else ${t.lockedUntil} end)`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowStart: now, forgetAt: new Date(now.getTime() + limit.windowMs) })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${reaches} then 0 else ${counted} end`,
        windowStart,
        locks: sql`case when ${reaches} then ${locks} + 1 else ${locks} end`,
        lockedUntil,
        forgetAt: forgetAt(windowStart, lockedUntil, limit),
      },
      setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${at}`,
    })
    .returning();
  if (!row) return { admitted: false, key, limit, row: await readThrottle(db, key) };
  return { admitted: true, key, limit, row, locking: row.lockedUntil !== null && row.lockedUntil > now };
}

/**
 * Gives back a try that turned out right, for keys that count only wrong tries (an address, a long
 * memory): the count goes one down, and a lock this try set is lifted. The lifted lock's predecessor
 * is taken to have ended now, so the escalation's memory errs long, never short.
 */
export async function giveBack(db: Db, taken: Admitted, now: Date): Promise<void> {
  const t = loginThrottle;
  if (taken.locking) {
    const lockedUntil = sql`(case when ${t.locks} > 1 then ${iso(now)}::timestamptz end)`;
    await db
      .update(t)
      .set({
        failures: taken.limit.lockAfter - 1,
        locks: sql`${t.locks} - 1`,
        lockedUntil,
        forgetAt: forgetAt(sql`${t.windowStart}`, lockedUntil, taken.limit),
      })
      .where(and(eq(t.key, taken.key), eq(t.lockedUntil, taken.row.lockedUntil!)));
    return;
  }
  // a window that started again since has forgotten this try already
  await db
    .update(t)
    .set({ failures: sql`greatest(${t.failures} - 1, 0)` })
    .where(and(eq(t.key, taken.key), eq(t.windowStart, taken.row.windowStart)));
}

export async function clearThrottles(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}

/**
 * Deletes the counters no rule reads any more: past their window, their lock and the memory of that
 * lock (`forgetAt`, set by {@link takeAttempt}), so every first wrong try does not leave a row
 * forever. Returns how many went.
 */
export async function purgeForgottenThrottles(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(loginThrottle).where(lt(loginThrottle.forgetAt, now)).returning({ key: loginThrottle.key });
  return gone.length;
}
