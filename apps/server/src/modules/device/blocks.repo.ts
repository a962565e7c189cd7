import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

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

/** Lifts every block in force; answers the ones this call lifted (a parallel lift gets none). */
export async function liftBlocks(db: Db, lineId: number, now: Date): Promise<LineBlock[]> {
  return db
    .update(lineBlocks)
    .set({ liftedAt: now })
    .where(and(eq(lineBlocks.lineId, lineId), isNull(lineBlocks.liftedAt)))
    .returning();
}

/** The IMEIs of the phones sold with the line, newest first: what a block can bar without typing. */
export async function lineImeis(db: Db, lineId: number): Promise<Array<{ imei: string; brand: string; model: string }>> {
  return db
    .select({ imei: lineEquipment.imei, brand: lineEquipment.brand, model: lineEquipment.model })
    .from(lineEquipment)
    .where(eq(lineEquipment.lineId, lineId))
    .orderBy(desc(lineEquipment.purchasedAt), desc(lineEquipment.id));
}

/** The line's status after a block or its lift (the subscriber capability sets it). */
export async function lineStatus(db: Db, lineId: number): Promise<string> {
  const [row] = await db.select({ status: schema.lines.status }).from(schema.lines).where(eq(schema.lines.id, lineId));
  return row?.status ?? 'active';
}
