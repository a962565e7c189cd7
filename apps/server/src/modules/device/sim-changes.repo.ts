import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { lines, simChanges, stores } = schema;

export type SimChange = typeof simChanges.$inferSelect;

export async function insertSimChange(db: Db, row: typeof simChanges.$inferInsert): Promise<SimChange> {
  const [created] = await db.insert(simChanges).values(row).returning();
  return created!;
}

/** Holds the line's row until the transaction ends, so one request at a time may put a SIM change on its way. */
export async function lockLine(db: Db, lineId: number): Promise<void> {
  await db.select({ id: lines.id }).from(lines).where(eq(lines.id, lineId)).for('update');
}

/** Whether a store of the locator has this id (a SIM kept for pickup waits there). */
export async function storeExists(db: Db, storeId: string): Promise<boolean> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).limit(1);
  return row !== undefined;
}

/** The SIM the line is on now. */
export async function currentIccid(db: Db, lineId: number): Promise<string | undefined> {
  const [row] = await db.select({ iccid: lines.simCode }).from(lines).where(eq(lines.id, lineId));
  return row?.iccid;
}

/** The line's SIM changes, newest first. */
export async function listSimChanges(db: Db, lineId: number): Promise<SimChange[]> {
  return db.select().from(simChanges).where(eq(simChanges.lineId, lineId)).orderBy(desc(simChanges.requestedAt), desc(simChanges.id));
}

export async function pendingSimChange(db: Db, lineId: number): Promise<SimChange | undefined> {
  const [row] = await db
    .select()
    .from(simChanges)
    .where(and(eq(simChanges.lineId, lineId), eq(simChanges.status, 'pending')))
    .orderBy(desc(simChanges.id))
    .limit(1);
  return row;
}

/** Marks a pending change active once: answers the row when this call activated it. */
export async function markActivated(db: Db, id: number, now: Date): Promise<SimChange | undefined> {
  const [row] = await db
    .update(simChanges)
    .set({ status: 'active', activatedAt: now })
    .where(and(eq(simChanges.id, id), eq(simChanges.status, 'pending')))
    .returning();
  return row;
}

/** When the line with this number last moved to a new SIM; `found` false when no line has the number. */
export async function latestSimChangeOf(db: Db, phoneNumber: string): Promise<{ found: boolean; at: Date | null }> {
  const [line] = await db.select({ id: lines.id }).from(lines).where(eq(lines.phoneNumber, phoneNumber));
  if (!line) return { found: false, at: null };
  const [row] = await db
    .select({ at: simChanges.activatedAt })
    .from(simChanges)
    .where(and(eq(simChanges.lineId, line.id), isNotNull(simChanges.activatedAt)))
    .orderBy(desc(simChanges.activatedAt))
    .limit(1);
  return { found: true, at: row?.at ?? null };
}
