import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { idempotencyKeys } = schema;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs a money change once per (scope, key), inside one transaction. The key row is inserted first:
 * a concurrent double submit waits on the unique index until the first commits, then finds the key
 * and gets the first answer back (replayed: true) without changing anything. When the change fails
 * the whole transaction rolls back, key included, so nothing changed and a retry may run.
 */
export async function once<T>(db: Db, scope: string, key: string, run: (tx: Tx) => Promise<T>): Promise<T & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, response: sql`'null'::jsonb` })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!inserted.length) {
      const [row] = await tx
        .select({ response: idempotencyKeys.response })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return { ...(row?.response as T), replayed: true };
    }
    const result = await run(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: result as unknown })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return { ...result, replayed: false };
  });
}

/** How long a repeated submit waits for the first one's gateway redirect (the gateway answers well within it). */
const FIRST_REDIRECT_WAIT_MS = 10_000;
const FIRST_REDIRECT_POLL_MS = 50;

/**
 * The other half of a start that opens a gateway payment (card top-ups, bills and bags, moves to a
 * plan): the first submit inserts the key's row, then opens the payment outside any transaction (an
 * outside call must not hold one; it would stall the embedded database and the key's waiters) and
 * stores its redirect. A repeat of the key waits for that redirect and answers it as a replay, never a
 * conflict. Answers undefined when the first submit gave up (its row is gone) or did not finish in time.
 */
export async function firstRedirect<T extends { redirectUrl: string | null }>(load: () => Promise<T | undefined>): Promise<T | undefined> {
  const until = Date.now() + FIRST_REDIRECT_WAIT_MS;
  for (;;) {
    const row = await load();
    if (!row || row.redirectUrl) return row;
    if (Date.now() >= until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, FIRST_REDIRECT_POLL_MS));
  }
}
