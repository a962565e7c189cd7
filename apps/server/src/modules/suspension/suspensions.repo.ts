import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { lineSuspensions, lines } = schema;

export type LineSuspension = typeof lineSuspensions.$inferSelect;

/** A new suspension; undefined when the line already has one open (the unique open index). */
export async function insertSuspension(db: Db, row: typeof lineSuspensions.$inferInsert): Promise<LineSuspension | undefined> {
  const [created] = await db.insert(lineSuspensions).values(row).onConflictDoNothing().returning();
  return created;
}

/** The line's suspensions, newest first. */
export async function lineSuspensionList(db: Db, lineId: number): Promise<LineSuspension[]> {
  return db.select().from(lineSuspensions).where(eq(lineSuspensions.lineId, lineId)).orderBy(desc(lineSuspensions.startsOn), desc(lineSuspensions.id));
}

/** Ends the line's open suspension on `today` (only once, and only before its planned end passed). */
export async function resumeOpen(db: Db, lineId: number, today: string): Promise<LineSuspension | undefined> {
  const [row] = await db
    .update(lineSuspensions)
    .set({ resumedOn: today })
    .where(and(eq(lineSuspensions.lineId, lineId), isNull(lineSuspensions.settledAt), isNull(lineSuspensions.resumedOn), gte(lineSuspensions.endsOn, today)))
    .returning();
  return row;
}

type Scope = { customerId: number } | { lineId: number };
const inScope = (scope: Scope) => ('customerId' in scope ? eq(lines.customerId, scope.customerId) : eq(lines.id, scope.lineId));

/** The open suspensions of the scope's lines in force on `today`, with their line's status. */
export async function inForce(db: Db, scope: Scope, today: string) {
  return db
    .select({ lineId: lineSuspensions.lineId, status: lines.status })
    .from(lineSuspensions)
    .innerJoin(lines, eq(lines.id, lineSuspensions.lineId))
    .where(
      and(
        inScope(scope),
        isNull(lineSuspensions.settledAt),
        lte(lineSuspensions.startsOn, today),
        or(isNull(lineSuspensions.resumedOn), sql`${lineSuspensions.resumedOn} > ${today}`),
        gte(lineSuspensions.endsOn, today),
      ),
    );
}

/** The open suspensions of the scope's lines that are over on `today` (their end passed, or ended early). */
export async function over(db: Db, scope: Scope, today: string): Promise<LineSuspension[]> {
  return db
    .select({ suspension: lineSuspensions })
    .from(lineSuspensions)
    .innerJoin(lines, eq(lines.id, lineSuspensions.lineId))
    .where(and(inScope(scope), isNull(lineSuspensions.settledAt), or(sql`${lineSuspensions.endsOn} < ${today}`, lte(lineSuspensions.resumedOn, today))))
    .then((rows) => rows.map((r) => r.suspension));
}

/** Settles a suspension once (parallel reads settle it once): answers whether this call did. */
export async function settle(db: Db, id: number, credit: number | null, now: Date): Promise<boolean> {
  const done = await db
    .update(lineSuspensions)
    .set({ settledAt: now, credit })
    .where(and(eq(lineSuspensions.id, id), isNull(lineSuspensions.settledAt)))
    .returning({ id: lineSuspensions.id });
  return done.length > 0;
}

/** The line's status now (the subscriber capability sets it). */
export async function lineStatusOf(db: Db, lineId: number): Promise<string> {
  const [row] = await db.select({ status: lines.status }).from(lines).where(eq(lines.id, lineId));
  return row?.status ?? 'active';
}
