import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { PortabilityState } from '@andes/domain/portability';

const { portabilityRequests, portabilityDocuments, lines } = schema;
export type PortabilityRow = typeof portabilityRequests.$inferSelect;

export async function insertRequest(db: Db, row: typeof portabilityRequests.$inferInsert): Promise<PortabilityRow> {
  const [inserted] = await db.insert(portabilityRequests).values(row).returning();
  return inserted!;
}

/** The cart's latest request that was not given up. */
export async function latestOfCart(db: Db, cartId: number): Promise<PortabilityRow | undefined> {
  const [row] = await db
    .select()
    .from(portabilityRequests)
    .where(and(eq(portabilityRequests.cartId, cartId), ne(portabilityRequests.state, 'cancelled')))
    .orderBy(desc(portabilityRequests.id))
    .limit(1);
  return row;
}

export async function findById(db: Db, id: number): Promise<PortabilityRow | undefined> {
  const [row] = await db.select().from(portabilityRequests).where(eq(portabilityRequests.id, id));
  return row;
}

export async function findByNumber(db: Db, number: string): Promise<PortabilityRow | undefined> {
  const [row] = await db.select().from(portabilityRequests).where(eq(portabilityRequests.number, number));
  return row;
}

export async function requestsOfCart(db: Db, cartId: number, states: ReadonlyArray<PortabilityState>): Promise<PortabilityRow[]> {
  return db
    .select()
    .from(portabilityRequests)
    .where(and(eq(portabilityRequests.cartId, cartId), inArray(portabilityRequests.state, [...states])));
}

/**
 * Moves a request only from the states the transition table allows (guarded update): a concurrent
 * move wins once, the other finds no row and answers null.
 */
export async function moveRequest(
  db: Db,
  id: number,
  from: ReadonlyArray<PortabilityState>,
  to: PortabilityState,
  set: Partial<typeof portabilityRequests.$inferInsert> = {},
): Promise<PortabilityRow | null> {
  if (!from.length) return null;
  const [row] = await db
    .update(portabilityRequests)
    .set({ ...set, state: to, updatedAt: new Date() })
    .where(and(eq(portabilityRequests.id, id), inArray(portabilityRequests.state, [...from])))
    .returning();
  return row ?? null;
}

export async function updateRequest(db: Db, id: number, set: Partial<typeof portabilityRequests.$inferInsert>): Promise<void> {
  await db
    .update(portabilityRequests)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(portabilityRequests.id, id));
}

/** Counts a wrong code in one statement, so concurrent guesses cannot slip past the limit. */
/**
 * Counts one try of a request's live code, unless its tries are spent or it expired: the try is
 * counted before the code is compared, so parallel guesses get no more than `max` comparisons.
 */
export async function takeCodeTry(db: Db, id: number, max: number, now: Date): Promise<PortabilityRow | undefined> {
  const [row] = await db
    .update(portabilityRequests)
    .set({ codeAttempts: sql`${portabilityRequests.codeAttempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(portabilityRequests.id, id),
        eq(portabilityRequests.state, 'code_sent'),
        lt(portabilityRequests.codeAttempts, max),
        gt(portabilityRequests.codeExpiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** One document photo per request: a new upload replaces the earlier one. */
export async function saveDocument(db: Db, requestId: number, type: string, data: string): Promise<void> {
  await db
    .insert(portabilityDocuments)
    .values({ requestId, type, data })
    .onConflictDoUpdate({ target: portabilityDocuments.requestId, set: { type, data, createdAt: new Date() } });
}

export async function isOurLine(db: Db, phoneNumber: string): Promise<boolean> {
  return !!(await lineOfNumber(db, phoneNumber));
}

export async function lineOfNumber(db: Db, phoneNumber: string): Promise<{ status: string } | undefined> {
  const [row] = await db.select({ status: lines.status }).from(lines).where(eq(lines.phoneNumber, phoneNumber));
  return row;
}
