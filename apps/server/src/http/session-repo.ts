import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import { statement } from '@andes/db/statement';

const { sessions } = schema;
export type SessionRow = typeof sessions.$inferSelect;

// read by every request that carries a cookie
const sessionById = statement('session_by_id', (db) =>
  db
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, sql.placeholder('idHash'))),
);

export async function findSession(db: Db, idHash: string): Promise<SessionRow | undefined> {
  const [row] = await sessionById(db, { idHash });
  return row;
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteCustomerSessions(db: Db, customerId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.customerId, customerId));
}

export async function touchSession(db: Db, idHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

/** Ends the sign-in of a session that outlived its idle or absolute limit, keeping its cart data. */
export async function markSessionExpired(db: Db, idHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({
      customerId: null,
      lastSeenAt: now,
      data: sql`${sessions.data} || ${JSON.stringify({ expiredAt: now.toISOString() })}::jsonb`,
    })
    .where(eq(sessions.idHash, idHash));
}

export async function updateSessionData(db: Db, idHash: string, data: Record<string, unknown>): Promise<void> {
  await db.update(sessions).set({ data }).where(eq(sessions.idHash, idHash));
}

/**
 * Deletes the sessions no cookie can use any more: anonymous ones idle past `anonymousIdleMs`, and any
 * past its absolute expiry by `graceMs` (a returning customer is still told the session expired
 * within that grace). Returns how many went.
 */
export async function purgeStaleSessions(db: Db, now: Date, anonymousIdleMs: number, graceMs: number): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(now.getTime() - graceMs)),
        and(isNull(sessions.customerId), lt(sessions.lastSeenAt, new Date(now.getTime() - anonymousIdleMs))),
      ),
    )
    .returning({ idHash: sessions.idHash });
  return gone.length;
}
