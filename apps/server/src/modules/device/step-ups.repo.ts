import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { customers, stepUps } = schema;

export type StepUp = typeof stepUps.$inferSelect;
export type StepUpPurpose = 'unblock' | 'simChange' | 'numberChange' | 'smartLine';

export async function insertStepUp(db: Db, row: typeof stepUps.$inferInsert): Promise<void> {
  await db.insert(stepUps).values(row);
}

/**
 * Counts one try of a step-up's code before it is judged (docs/decisions/005): the row of this
 * session and line, open and under `maxTries`, with its count raised in the same statement; parallel
 * tries get no more judgements than tries in a row.
 */
export async function takeStepUpTry(
  db: Db,
  id: string,
  bound: { sessionHash: string; lineId: number },
  maxTries: number,
  now: Date,
): Promise<StepUp | undefined> {
  const [row] = await db
    .update(stepUps)
    .set({ attempts: sql`${stepUps.attempts} + 1` })
    .where(
      and(
        eq(stepUps.id, id),
        eq(stepUps.sessionHash, bound.sessionHash),
        eq(stepUps.lineId, bound.lineId),
        isNull(stepUps.verifiedAt),
        isNull(stepUps.usedAt),
        gt(stepUps.expiresAt, now),
        lt(stepUps.attempts, maxTries),
      ),
    )
    .returning();
  return row;
}

export async function markVerified(db: Db, id: string, now: Date): Promise<void> {
  await db.update(stepUps).set({ verifiedAt: now }).where(eq(stepUps.id, id));
}

/** Spends a verified step-up for its purpose once: answers whether this call spent it. */
export async function spendStepUp(db: Db, id: string, bound: { sessionHash: string; lineId: number; purpose: StepUpPurpose }, now: Date): Promise<boolean> {
  const spent = await db
    .update(stepUps)
    .set({ usedAt: now })
    .where(
      and(
        eq(stepUps.id, id),
        eq(stepUps.sessionHash, bound.sessionHash),
        eq(stepUps.lineId, bound.lineId),
        eq(stepUps.purpose, bound.purpose),
        isNotNull(stepUps.verifiedAt),
        isNull(stepUps.usedAt),
        gt(stepUps.expiresAt, now),
      ),
    )
    .returning({ id: stepUps.id });
  return spent.length > 0;
}

/** Where the step-up's code goes and what its identity questions are about. */
export async function customerContact(
  db: Db,
  customerId: number,
): Promise<{ email: string; document: string; firstName: string; emailChangedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ email: customers.email, document: customers.document, firstName: customers.firstName, emailChangedAt: customers.emailChangedAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}
