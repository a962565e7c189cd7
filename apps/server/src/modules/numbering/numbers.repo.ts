import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { numberHolds, numberChanges, lines } = schema;

export type NumberHold = typeof numberHolds.$inferSelect;
export type NumberChange = typeof numberChanges.$inferSelect;

/** Holds the line's row until the transaction ends, so one request at a time reserves for it. */
export async function lockLine(db: Db, lineId: number): Promise<void> {
  await db.select({ id: lines.id }).from(lines).where(eq(lines.id, lineId)).for('update');
}

/** The line's reservations still in force, in the order offered. */
export async function liveReservations(db: Db, lineId: number, now: Date): Promise<NumberHold[]> {
  return db
    .select()
    .from(numberHolds)
    .where(and(eq(numberHolds.lineId, lineId), eq(numberHolds.kind, 'reserved'), gt(numberHolds.expiresAt, now)))
    .orderBy(asc(numberHolds.number));
}

/** Of `numbers`, those held (reserved or quarantined, not lapsed) or already a line's. */
export async function takenAmong(db: Db, numbers: string[], now: Date): Promise<Set<string>> {
  if (!numbers.length) return new Set();
  const [held, used] = await Promise.all([
    db
      .select({ n: numberHolds.number })
      .from(numberHolds)
      .where(and(inArray(numberHolds.number, numbers), gt(numberHolds.expiresAt, now))),
    db.select({ n: lines.phoneNumber }).from(lines).where(inArray(lines.phoneNumber, numbers)),
  ]);
  return new Set([...held, ...used].map((r) => r.n));
}

/**
 * Reserves each number for the line unless someone holds it: a lapsed hold is taken over, a live one
 * is left (the number key makes parallel reservations of one number end with one holder).
 */
export async function reserve(db: Db, lineId: number, numbers: string[], now: Date, expiresAt: Date): Promise<void> {
  if (!numbers.length) return;
  await db
    .insert(numberHolds)
    .values(numbers.map((number) => ({ number, lineId, kind: 'reserved' as const, expiresAt, createdAt: now })))
    .onConflictDoUpdate({
      target: numberHolds.number,
      set: { lineId, kind: 'reserved', expiresAt, createdAt: now },
      setWhere: lte(numberHolds.expiresAt, now),
    });
}

/** Takes the line's live reservation of `number` (once: a parallel change finds none). */
export async function takeReservation(db: Db, lineId: number, number: string, now: Date): Promise<boolean> {
  const taken = await db
    .delete(numberHolds)
    .where(and(eq(numberHolds.number, number), eq(numberHolds.lineId, lineId), eq(numberHolds.kind, 'reserved'), gt(numberHolds.expiresAt, now)))
    .returning({ n: numberHolds.number });
  return taken.length > 0;
}

/** Lets the line's other reservations go, once it has its new number. */
export async function releaseReservations(db: Db, lineId: number): Promise<void> {
  await db.delete(numberHolds).where(and(eq(numberHolds.lineId, lineId), eq(numberHolds.kind, 'reserved')));
}

/** Holds the number a line left until `until` (any lapsed hold of it gives way). */
export async function quarantine(db: Db, lineId: number, number: string, now: Date, until: Date): Promise<void> {
  await db
    .insert(numberHolds)
    .values({ number, lineId, kind: 'quarantined', expiresAt: until, createdAt: now })
    .onConflictDoUpdate({ target: numberHolds.number, set: { lineId, kind: 'quarantined', expiresAt: until, createdAt: now } });
}

export async function recordChange(db: Db, row: typeof numberChanges.$inferInsert): Promise<NumberChange> {
  const [created] = await db.insert(numberChanges).values(row).returning();
  return created!;
}

export async function lineChanges(db: Db, lineId: number): Promise<NumberChange[]> {
  return db.select().from(numberChanges).where(eq(numberChanges.lineId, lineId)).orderBy(desc(numberChanges.changedAt), desc(numberChanges.id));
}
