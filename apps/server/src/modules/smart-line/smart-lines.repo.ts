import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { smartLines, lines } = schema;

export type SmartLine = typeof smartLines.$inferSelect;

/** A watch on the line; undefined when the line already has one in use (the partial unique index: parallel requests make one). */
export async function insertSmartLine(db: Db, row: typeof smartLines.$inferInsert): Promise<SmartLine | undefined> {
  const [created] = await db.insert(smartLines).values(row).onConflictDoNothing().returning();
  return created;
}

export async function lineSmartLines(db: Db, lineId: number): Promise<SmartLine[]> {
  return db.select().from(smartLines).where(eq(smartLines.lineId, lineId)).orderBy(desc(smartLines.createdAt), desc(smartLines.id));
}

/** Takes the line's watch off, once: answers the one this call removed (a parallel removal gets none). */
export async function removeOpen(db: Db, lineId: number, now: Date): Promise<SmartLine | undefined> {
  const [row] = await db
    .update(smartLines)
    .set({ removedAt: now })
    .where(and(eq(smartLines.lineId, lineId), isNull(smartLines.removedAt)))
    .returning();
  return row;
}

/** The line's kind and status (the subscriber capability sets them). */
export async function lineFacts(db: Db, lineId: number): Promise<{ kind: string; status: string }> {
  const [row] = await db.select({ kind: lines.kind, status: lines.status }).from(lines).where(eq(lines.id, lineId));
  return row ?? { kind: 'prepaid', status: 'active' };
}
