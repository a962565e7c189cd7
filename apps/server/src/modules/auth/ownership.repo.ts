import { and, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { lines, customers } = schema;

/** Whether this number is a line held by the customer with this (normalised) document. */
export async function isLineHolder(db: Db, document: string, phoneNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lines.id })
    .from(lines)
    .innerJoin(customers, eq(customers.id, lines.customerId))
    .where(and(eq(lines.phoneNumber, phoneNumber), eq(customers.document, document)));
  return !!row;
}
