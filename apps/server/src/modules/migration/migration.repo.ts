import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { SettledMigrationState } from '@andes/domain/migration';

const { lineMigrations, lines } = schema;

export type MigrationRow = typeof lineMigrations.$inferSelect;

/** What the migration rules need to know of a line. */
export async function lineForMigration(db: Db, lineId: number) {
  const [row] = await db
    .select({ id: lines.id, phoneNumber: lines.phoneNumber, customerId: lines.customerId, kind: lines.kind, status: lines.status, planId: lines.planId })
    .from(lines)
    .where(eq(lines.id, lineId));
  return row;
}

/** Inserts the attempt; a concurrent double submit with the same key inserts nothing. */
export async function insertMigration(db: Db, row: typeof lineMigrations.$inferInsert) {
  const [created] = await db.insert(lineMigrations).values(row).onConflictDoNothing().returning();
  return created;
}

/** Removes an attempt the gateway never opened (no token yet), so its key may be used again. */
export async function dropUnopened(db: Db, id: number) {
  await db.delete(lineMigrations).where(and(eq(lineMigrations.id, id), eq(lineMigrations.state, 'pending'), isNull(lineMigrations.token)));
}

export async function findByKey(db: Db, lineId: number, key: string) {
  const [row] = await db
    .select()
    .from(lineMigrations)
    .where(and(eq(lineMigrations.lineId, lineId), eq(lineMigrations.idempotencyKey, key)));
  return row;
}

export async function setToken(db: Db, id: number, token: string, redirectUrl: string) {
  await db.update(lineMigrations).set({ token, redirectUrl }).where(eq(lineMigrations.id, id));
}

export async function findByToken(db: Db, token: string) {
  const [row] = await db.select().from(lineMigrations).where(eq(lineMigrations.token, token));
  return row;
}

export async function findByBuyOrder(db: Db, buyOrder: string) {
  const [row] = await db.select().from(lineMigrations).where(eq(lineMigrations.buyOrder, buyOrder));
  return row;
}

/** Moves a pending (or committing) attempt to its outcome; only the first caller gets the row back. */
export async function settle(db: Db, id: number, values: { state: SettledMigrationState; authorizationCode?: string | null; cardLast4?: string | null }) {
  const [row] = await db
    .update(lineMigrations)
    .set({ ...values, settledAt: new Date() })
    .where(and(eq(lineMigrations.id, id), inArray(lineMigrations.state, ['pending', 'committing'])))
    .returning();
  return row;
}

/**
 * The return of a pending attempt arrived: it is committing from now on, and the order sweep may
 * finish it after `reconcileAfter` should this process die before the outcome is recorded.
 */
export async function markCommitting(db: Db, id: number, reconcileAfter: Date) {
  await db
    .update(lineMigrations)
    .set({ state: 'committing', reconcileAfter })
    .where(and(eq(lineMigrations.id, id), eq(lineMigrations.state, 'pending')));
}

/** Gives the mark back when the gateway refused the token (nothing charged), so the customer may try again. */
export async function releaseCommitting(db: Db, id: number) {
  await db
    .update(lineMigrations)
    .set({ state: 'pending' })
    .where(and(eq(lineMigrations.id, id), eq(lineMigrations.state, 'committing')));
}

export async function markRefunded(db: Db, id: number) {
  await db
    .update(lineMigrations)
    .set({ refundedAt: new Date() })
    .where(and(eq(lineMigrations.id, id), isNull(lineMigrations.refundedAt)));
}

const owed = or(eq(lineMigrations.state, 'committing'), and(eq(lineMigrations.state, 'refunded'), isNull(lineMigrations.refundedAt)));
const dueBy = (now: Date) => or(isNull(lineMigrations.reconcileAfter), lte(lineMigrations.reconcileAfter, now));

/** Attempts the shop may owe an outcome, due by `now`: commits begun and never recorded, refunds not given back. */
export async function migrationsToReconcile(db: Db, now: Date, limit: number): Promise<MigrationRow[]> {
  return db
    .select()
    .from(lineMigrations)
    .where(and(owed, isNotNull(lineMigrations.token), dueBy(now)))
    .orderBy(asc(lineMigrations.id))
    .limit(limit);
}

/** Takes an attempt for one sweep until `until`, only while it is as it was read and due: of two sweeps only one gets it. */
export async function claimMigration(db: Db, attempt: MigrationRow, now: Date, until: Date): Promise<MigrationRow | undefined> {
  const [row] = await db
    .update(lineMigrations)
    .set({ reconcileAfter: until })
    .where(and(eq(lineMigrations.id, attempt.id), eq(lineMigrations.state, attempt.state), owed, dueBy(now)))
    .returning();
  return row;
}
