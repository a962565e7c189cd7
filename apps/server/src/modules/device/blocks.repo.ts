import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { Claim } from '../../claims.ts';

const { lineBlocks, lineEquipment } = schema;

export type LineBlock = typeof lineBlocks.$inferSelect;

export async function insertBlock(db: Db, row: typeof lineBlocks.$inferInsert): Promise<LineBlock> {
  const [created] = await db.insert(lineBlocks).values(row).returning();
  return created!;
}

/** The line's blocks in force, newest first. */
export async function activeBlocks(db: Db, lineId: number): Promise<LineBlock[]> {
  return db
    .select()
    .from(lineBlocks)
    .where(and(eq(lineBlocks.lineId, lineId), isNull(lineBlocks.liftedAt)))
    .orderBy(desc(lineBlocks.createdAt), desc(lineBlocks.id));
}

/** Records the holder's unblock on every block in force (a block reported later is not part of it). */
export async function requestLift(db: Db, lineId: number, now: Date): Promise<void> {
  await db
    .update(lineBlocks)
    .set({ liftRequestedAt: now })
    .where(and(eq(lineBlocks.lineId, lineId), isNull(lineBlocks.liftedAt), isNull(lineBlocks.liftRequestedAt)));
}

const liftPending = and(isNull(lineBlocks.liftedAt), isNotNull(lineBlocks.liftRequestedAt));

/** The line's blocks its holder asked to lift that are still in force (the list has not withdrawn them all yet). */
export async function pendingLifts(db: Db, lineId: number): Promise<LineBlock[]> {
  return db
    .select()
    .from(lineBlocks)
    .where(and(eq(lineBlocks.lineId, lineId), liftPending))
    .orderBy(asc(lineBlocks.id));
}

/** One block of the line, as it stands now. */
export async function findBlock(db: Db, lineId: number, id: number): Promise<LineBlock | undefined> {
  const [row] = await db
    .select()
    .from(lineBlocks)
    .where(and(eq(lineBlocks.id, id), eq(lineBlocks.lineId, lineId)));
  return row;
}

/**
 * Takes the withdrawal of the block's IMEI from the central list for `claim` (docs/decisions/013), only
 * while it is still owed (its lift asked for and not done, reported to the list, not withdrawn yet) and no
 * live claim holds it: of every caller at once (the unblock, page reads, the sweeps of several processes)
 * one gets the row back and asks the list.
 */
export async function claimWithdrawal(db: Db, lineId: number, id: number, claim: Claim): Promise<LineBlock | undefined> {
  const [row] = await db
    .update(lineBlocks)
    .set({ withdrawClaimedBy: claim.owner, withdrawClaimedAt: claim.at })
    .where(
      and(
        eq(lineBlocks.id, id),
        eq(lineBlocks.lineId, lineId),
        liftPending,
        isNotNull(lineBlocks.registryReference),
        isNull(lineBlocks.withdrawnAt),
        or(isNull(lineBlocks.withdrawClaimedAt), lt(lineBlocks.withdrawClaimedAt, claim.staleBefore)),
      ),
    )
    .returning();
  return row;
}

/**
 * Ends `claim` on the block's withdrawal, recording the list's confirmation when `withdrawnAt` is set (a
 * failed withdrawal stays owed, for the next caller); another's claim stays.
 */
export async function releaseWithdrawal(db: Db, lineId: number, id: number, claim: Claim, withdrawnAt: Date | null): Promise<void> {
  await db
    .update(lineBlocks)
    .set({ withdrawClaimedBy: null, withdrawClaimedAt: null, ...(withdrawnAt ? { withdrawnAt } : {}) })
    .where(and(eq(lineBlocks.id, id), eq(lineBlocks.lineId, lineId), eq(lineBlocks.withdrawClaimedBy, claim.owner)));
}

/**
 * Lifts the asked-for blocks the list no longer holds (withdrawn, or never reported); answers the ones
 * this call lifted, so a parallel finish lifts (and tells) each once.
 */
export async function liftWithdrawn(db: Db, ids: number[], now: Date): Promise<LineBlock[]> {
  if (!ids.length) return [];
  return db
    .update(lineBlocks)
    .set({ liftedAt: now })
    .where(and(inArray(lineBlocks.id, ids), liftPending, or(isNull(lineBlocks.registryReference), isNotNull(lineBlocks.withdrawnAt))))
    .returning();
}

/** Lines with an unblock waiting on the list, oldest first: what the unblock sweep finishes. */
export async function linesWithPendingLifts(db: Db, limit: number): Promise<Array<{ id: number; phoneNumber: string; customerId: number }>> {
  const rows = await db
    .selectDistinct({ id: schema.lines.id, phoneNumber: schema.lines.phoneNumber, customerId: schema.lines.customerId })
    .from(lineBlocks)
    .innerJoin(schema.lines, eq(schema.lines.id, lineBlocks.lineId))
    .where(liftPending)
    .limit(limit);
  return rows;
}

/** The IMEIs of the phones sold with the line, newest first: what a block can bar without typing (a phone not dispatched yet has none). */
export async function lineImeis(db: Db, lineId: number): Promise<Array<{ imei: string; brand: string; model: string }>> {
  const rows = await db
    .select({ imei: lineEquipment.imei, brand: lineEquipment.brand, model: lineEquipment.model })
    .from(lineEquipment)
    .where(and(eq(lineEquipment.lineId, lineId), isNotNull(lineEquipment.imei)))
    .orderBy(desc(lineEquipment.purchasedAt), desc(lineEquipment.id));
  return rows.map((r) => ({ ...r, imei: r.imei! }));
}

/** The line's status after a block or its lift (the subscriber capability sets it). */
export async function lineStatus(db: Db, lineId: number): Promise<string> {
  const [row] = await db.select({ status: schema.lines.status }).from(schema.lines).where(eq(schema.lines.id, lineId));
  return row?.status ?? 'active';
}
