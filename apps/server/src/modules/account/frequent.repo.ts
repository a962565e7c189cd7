import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { frequentNumbers } = schema;

export async function listFrequent(db: Db, lineId: number) {
  const rows = await db
    .select({ number: frequentNumbers.number })
    .from(frequentNumbers)
    .where(eq(frequentNumbers.lineId, lineId))
    .orderBy(asc(frequentNumbers.id));
  return rows.map((r) => r.number);
}

export async function addFrequent(db: Db, lineId: number, number: string) {
  await db.insert(frequentNumbers).values({ lineId, number });
}

/** Replaces one of the line's numbers; false when the line does not have `oldNumber`. */
export async function replaceFrequent(db: Db, lineId: number, oldNumber: string, newNumber: string) {
  const updated = await db
    .update(frequentNumbers)
    .set({ number: newNumber })
    .where(and(eq(frequentNumbers.lineId, lineId), eq(frequentNumbers.number, oldNumber)))
    .returning({ id: frequentNumbers.id });
  return updated.length > 0;
}
