import { and, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { MigrationState } from '@andes/domain/migration';
import type { LinePromotion } from '@andes/domain/plans';

const { lineMigrations, lines } = schema;

export type MigrationRow = typeof lineMigrations.$inferSelect;

/** What the migration rules need to know of a line. */
export async function lineForMigration(db: Db, lineId: number) {
  const [row] = await db
    .select({ id: lines.id, phoneNumber: lines.phoneNumber, kind: lines.kind, status: lines.status, planId: lines.planId })
    .from(lines)
    .where(eq(lines.id, lineId));
  return row;
}

/** Inserts the attempt; a concurrent double submit with the same key inserts nothing. */
export async function insertMigration(db: Db, row: typeof lineMigrations.$inferInsert) {
  const [created] = await db.insert(lineMigrations).values(row).onConflictDoNothing().returning();
  return created;
}

export async function findByKey(db: Db, lineId: number, key: string) {
  const [row] = await db.select().from(lineMigrations).where(and(eq(lineMigrations.lineId, lineId), eq(lineMigrations.idempotencyKey, key)));
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

/** Moves a pending attempt to its outcome; only the first caller gets the row back. */
export async function settle(db: Db, id: number, values: { state: Exclude<MigrationState, 'pending'>; authorizationCode?: string | null; cardLast4?: string | null }) {
  const [row] = await db
    .update(lineMigrations)
    .set({ ...values, settledAt: new Date() })
    .where(and(eq(lineMigrations.id, id), eq(lineMigrations.state, 'pending')))
    .returning();
  return row;
}

/**
 * Puts the line on its new plan, only while it is still prepaid: two approved attempts of one line
 * (two tabs, two keys) change it once. Answers whether it changed.
 */
export async function moveLineToPlan(db: Db, lineId: number, plan: { id: string; kind: string; promotion: LinePromotion | null }): Promise<boolean> {
  const changed = await db
    .update(lines)
    .set({ planId: plan.id, kind: plan.kind, promoPrice: plan.promotion?.promoPrice ?? null, promoMonths: plan.promotion?.promoMonths ?? null })
    .where(and(eq(lines.id, lineId), eq(lines.kind, 'prepaid')))
    .returning({ id: lines.id });
  return changed.length > 0;
}
