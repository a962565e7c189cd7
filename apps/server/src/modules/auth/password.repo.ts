import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { passwordTokens } = schema;
export type PasswordToken = typeof passwordTokens.$inferSelect;

export async function insertToken(db: Db, row: typeof passwordTokens.$inferInsert): Promise<void> {
  await db.insert(passwordTokens).values(row);
}

/** A token of one of `purposes` asked for by the session `sessionHash`, not used yet: no other flow or session can reach it. */
export async function findOwnToken(db: Db, id: string, purposes: string[], sessionHash: string): Promise<PasswordToken | undefined> {
  const [row] = await db
    .select()
    .from(passwordTokens)
    .where(
      and(eq(passwordTokens.id, id), inArray(passwordTokens.purpose, purposes), eq(passwordTokens.sessionHash, sessionHash), isNull(passwordTokens.usedAt)),
    );
  return row;
}

export async function updateToken(db: Db, id: string, set: Partial<typeof passwordTokens.$inferInsert>): Promise<void> {
  await db.update(passwordTokens).set(set).where(eq(passwordTokens.id, id));
}

/**
 * Counts one try of a live token's code (not used, not expired, of one of `purposes`, asked for by
 * the session `sessionHash`), unless its tries are spent: the try is counted before the code is
 * compared, so parallel guesses get no more than `max` comparisons.
 */
export async function takeCodeTry(db: Db, id: string, purposes: string[], sessionHash: string, max: number, now: Date): Promise<PasswordToken | undefined> {
  const [row] = await db
    .update(passwordTokens)
    .set({ attempts: sql`${passwordTokens.attempts} + 1` })
    .where(
      and(
        eq(passwordTokens.id, id),
        lt(passwordTokens.attempts, max),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
        inArray(passwordTokens.purpose, purposes),
        eq(passwordTokens.sessionHash, sessionHash),
      ),
    )
    .returning();
  return row;
}

/** Marks a token used unless it is already: true only for the one caller that spent it. */
export async function spendToken(db: Db, id: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt)))
    .returning({ id: passwordTokens.id });
  return spent.length > 0;
}
