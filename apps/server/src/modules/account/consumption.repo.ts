import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { consumption } = schema;

export async function usageSince(db: Db, lineId: number, from: string) {
  return db
    .select({ day: consumption.day, kind: consumption.kind, amount: consumption.amount })
    .from(consumption)
    .where(and(eq(consumption.lineId, lineId), gte(consumption.day, from)));
}
