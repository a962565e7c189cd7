import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { consumption } = schema;

/** Daily usage of a line between two ISO days, both included. */
export async function usageBetween(db: Db, lineId: number, from: string, to: string) {
  return db
    .select({ day: consumption.day, kind: consumption.kind, amount: consumption.amount })
    .from(consumption)
    .where(and(eq(consumption.lineId, lineId), gte(consumption.day, from), lte(consumption.day, to)));
}
