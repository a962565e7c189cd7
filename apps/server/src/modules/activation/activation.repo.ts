import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { ActivationState } from '@andes/domain/sim-activation';
import type { Claim } from '../../claims.ts';

const { simActivations, geoAreas, activationDocuments } = schema;
export type ActivationRow = typeof simActivations.$inferSelect;
type Insert = typeof simActivations.$inferInsert;

const OPEN: ActivationState[] = ['started', 'paying'];

/**
 * Starts an activation of a chip, unless a live one holds it (the partial unique index on the ICCID):
 * of parallel starts of one chip, one gets the row and the others null.
 */
export async function insertActivation(db: Db, row: Insert): Promise<ActivationRow | null> {
  const [created] = await db
    .insert(simActivations)
    .values(row)
    .onConflictDoNothing({ target: simActivations.iccid, where: sql`state in ('started', 'paying', 'active')` })
    .returning();
  return created ?? null;
}

export async function findById(db: Db, id: number): Promise<ActivationRow | undefined> {
  const [row] = await db.select().from(simActivations).where(eq(simActivations.id, id));
  return row;
}

/** The chip's activation that holds it (open) or made it a line (active). */
export async function holderOfChip(db: Db, iccid: string): Promise<ActivationRow | undefined> {
  const [row] = await db
    .select()
    .from(simActivations)
    .where(and(eq(simActivations.iccid, iccid), inArray(simActivations.state, ['started', 'paying', 'active'])));
  return row;
}

/** Holds the activation's row until the transaction ends (one step of one activation at a time). */
export async function lockActivation(db: Db, id: number): Promise<ActivationRow | undefined> {
  const [row] = await db.select().from(simActivations).where(eq(simActivations.id, id)).for('update');
  return row;
}

/** Moves an activation only from the states given (guarded update); null when it moved meanwhile. */
export async function moveActivation(db: Db, id: number, from: ReadonlyArray<ActivationState>, set: Partial<Insert>): Promise<ActivationRow | null> {
  const [row] = await db
    .update(simActivations)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(simActivations.id, id), inArray(simActivations.state, [...from])))
    .returning();
  return row ?? null;
}

export async function findByToken(db: Db, token: string): Promise<ActivationRow | undefined> {
  const [row] = await db.select().from(simActivations).where(eq(simActivations.payToken, token));
  return row;
}

export async function findByBuyOrder(db: Db, buyOrder: string): Promise<ActivationRow | undefined> {
  const [row] = await db.select().from(simActivations).where(eq(simActivations.buyOrder, buyOrder));
  return row;
}

/** Unfinished activations past their hold (`started`), or at the gateway past `payingBefore` (`paying`). */
export async function lapsed(db: Db, now: Date, payingBefore: Date, limit: number): Promise<ActivationRow[]> {
  return db
    .select()
    .from(simActivations)
    .where(
      and(
        inArray(simActivations.state, OPEN),
        sql`(${simActivations.state} = 'started' and ${simActivations.expiresAt} <= ${now}) or (${simActivations.state} = 'paying' and ${simActivations.expiresAt} <= ${payingBefore})`,
      ),
    )
    .orderBy(asc(simActivations.expiresAt))
    .limit(limit);
}

/** Ends the chip's activation whose hold lapsed (so another browser may start one), when there is one. */
export async function expireLapsedOfChip(db: Db, iccid: string, now: Date): Promise<ActivationRow | null> {
  const [row] = await db
    .update(simActivations)
    .set({ state: 'expired', updatedAt: now })
    .where(and(eq(simActivations.iccid, iccid), eq(simActivations.state, 'started'), lte(simActivations.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** The names of geography areas by code (for the address as the page shows it). */
export async function areaNames(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await db.select({ code: geoAreas.code, name: geoAreas.name }).from(geoAreas).where(inArray(geoAreas.code, codes));
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** One photo of the holder's document per side: a new upload replaces the earlier one. */
export async function saveDocument(db: Db, activationId: number, side: 'front' | 'back', type: string, data: string): Promise<void> {
  await db
    .insert(activationDocuments)
    .values({ activationId, side, type, data })
    .onConflictDoUpdate({ target: [activationDocuments.activationId, activationDocuments.side], set: { type, data, createdAt: new Date() } });
}

/** The sides attached, in order (the photos stay in the database: nothing serves them to customers). */
export async function documentSides(db: Db, activationId: number): Promise<Array<'front' | 'back'>> {
  const rows = await db.select({ side: activationDocuments.side }).from(activationDocuments).where(eq(activationDocuments.activationId, activationId));
  return (['front', 'back'] as const).filter((s) => rows.some((r) => r.side === s));
}

/**
 * Records that the payment `token` of this activation must be given back; false when the activation
 * holds another payment by now (then the caller gives that one back at once).
 */
export async function markRefundDue(db: Db, id: number, token: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(simActivations)
    .set({ refundDueAt: sql`coalesce(${simActivations.refundDueAt}, ${now})` })
    .where(and(eq(simActivations.id, id), eq(simActivations.payToken, token)))
    .returning({ id: simActivations.id });
  return rows.length > 0;
}

/** Activations whose payment is owed back and not given back yet, oldest first. */
export async function refundsDue(db: Db, limit: number): Promise<ActivationRow[]> {
  return db
    .select()
    .from(simActivations)
    .where(and(isNotNull(simActivations.refundDueAt), isNull(simActivations.refundedAt), isNotNull(simActivations.payToken)))
    .orderBy(asc(simActivations.refundDueAt))
    .limit(limit);
}

/** Takes the activation's refund for `claim`, unless it was given back or a live claim holds it. */
export async function claimRefund(db: Db, id: number, claim: Claim): Promise<ActivationRow | null> {
  const [row] = await db
    .update(simActivations)
    .set({ refundClaimedBy: claim.owner, refundClaimedAt: claim.at })
    .where(
      and(
        eq(simActivations.id, id),
        isNotNull(simActivations.refundDueAt),
        isNull(simActivations.refundedAt),
        or(isNull(simActivations.refundClaimedAt), lt(simActivations.refundClaimedAt, claim.staleBefore)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends `claim` on the refund, recording it given back when `refundedAt` is set; another's claim stays. */
export async function releaseRefund(db: Db, id: number, claim: Claim, refundedAt: Date | null): Promise<void> {
  await db
    .update(simActivations)
    .set({ refundClaimedBy: null, refundClaimedAt: null, ...(refundedAt ? { refundedAt } : {}) })
    .where(and(eq(simActivations.id, id), eq(simActivations.refundClaimedBy, claim.owner)));
}
