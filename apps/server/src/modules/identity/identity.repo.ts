import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { identityChallenges } = schema;
export type ChallengeRow = typeof identityChallenges.$inferSelect;

export async function insertChallenge(db: Db, row: typeof identityChallenges.$inferInsert): Promise<void> {
  await db.insert(identityChallenges).values(row);
}

export async function findChallenge(db: Db, id: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(identityChallenges).where(eq(identityChallenges.id, id));
  return row;
}

/** Settles a round once: a second answer to the same round finds it settled and gets nothing. */
export async function settleChallenge(db: Db, id: string, outcome: string): Promise<boolean> {
  const rows = await db
    .update(identityChallenges)
    .set({ outcome })
    .where(and(eq(identityChallenges.id, id), isNull(identityChallenges.outcome)))
    .returning({ id: identityChallenges.id });
  return rows.length > 0;
}

const { journeyApprovals } = schema;
export type ApprovalRow = typeof journeyApprovals.$inferSelect;

/** Keeps the latest answer of one check for the cart (a new answer replaces an earlier one). */
export async function saveApproval(
  db: Db,
  row: { cartId: number; kind: string; purpose: string; document: string; outcome: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(journeyApprovals)
    .values(row)
    .onConflictDoUpdate({
      target: [journeyApprovals.cartId, journeyApprovals.kind, journeyApprovals.purpose, journeyApprovals.document],
      set: { outcome: row.outcome, expiresAt: row.expiresAt, createdAt: new Date() },
    });
}

export async function approvalsOf(db: Db, cartId: number, now: Date): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(journeyApprovals)
    .where(and(eq(journeyApprovals.cartId, cartId), gt(journeyApprovals.expiresAt, now)));
}
