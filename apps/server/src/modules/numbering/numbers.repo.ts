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
      set: { lineId, activationId: null, kind: 'reserved', expiresAt, createdAt: now },
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

// ── Holds of a chip's activation (docs/decisions/025): the same numbers table, so no number is offered twice ──

/** The activation's holds still in force, in number order. */
export async function liveActivationHolds(db: Db, activationId: number, now: Date): Promise<NumberHold[]> {
  return db
    .select()
    .from(numberHolds)
    .where(and(eq(numberHolds.activationId, activationId), eq(numberHolds.kind, 'reserved'), gt(numberHolds.expiresAt, now)))
    .orderBy(asc(numberHolds.number));
}

/** Holds each number for the activation unless someone holds it (a lapsed hold is taken over). */
export async function holdForActivation(db: Db, activationId: number, numbers: string[], now: Date, expiresAt: Date): Promise<void> {
  if (!numbers.length) return;
  await db
    .insert(numberHolds)
    // in number order: parallel holds lock the rows they meet in one order, so they wait, never deadlock
    .values([...numbers].sort().map((number) => ({ number, lineId: null, activationId, kind: 'reserved' as const, expiresAt, createdAt: now })))
    .onConflictDoUpdate({
      target: numberHolds.number,
      set: { lineId: null, activationId, kind: 'reserved', expiresAt, createdAt: now },
      setWhere: lte(numberHolds.expiresAt, now),
    });
}

/** Moves the activation's live holds to a new end (the journey went on, or it is paying). */
export async function extendActivationHolds(db: Db, activationId: number, now: Date, until: Date): Promise<void> {
  await db
    .update(numberHolds)
    .set({ expiresAt: until })
    .where(and(eq(numberHolds.activationId, activationId), eq(numberHolds.kind, 'reserved'), gt(numberHolds.expiresAt, now)));
}

/**
 * Takes the activation's hold of `number` (once: a parallel activation finds none). A hold that lapsed
 * while its payment waited at the gateway is still this activation's unless someone took it over (a
 * takeover rewrites the row's owner), so a late settlement keeps the number no one else was offered.
 */
export async function takeActivationHold(db: Db, activationId: number, number: string): Promise<boolean> {
  const taken = await db
    .delete(numberHolds)
    .where(and(eq(numberHolds.number, number), eq(numberHolds.activationId, activationId), eq(numberHolds.kind, 'reserved')))
    .returning({ n: numberHolds.number });
  return taken.length > 0;
}

/** Lets every number the activation holds go (it ended, or its line has its number). */
export async function releaseActivationHolds(db: Db, activationId: number): Promise<number> {
  const gone = await db.delete(numberHolds).where(eq(numberHolds.activationId, activationId)).returning({ n: numberHolds.number });
  return gone.length;
}

/** Keeps the activation's first `count` live holds (by number) and lets the rest go: parallel offers of one activation may overshoot. */
export async function trimActivationHolds(db: Db, activationId: number, count: number, now: Date): Promise<void> {
  const live = await liveActivationHolds(db, activationId, now);
  const extra = live.slice(count).map((h) => h.number);
  if (extra.length) await db.delete(numberHolds).where(and(eq(numberHolds.activationId, activationId), inArray(numberHolds.number, extra)));
}
