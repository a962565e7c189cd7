import { eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { customers } = schema;

export async function findCustomerByDocument(db: Db, document: string) {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.document, document));
  return row;
}

export async function insertCustomer(tx: Db, row: typeof customers.$inferInsert): Promise<number> {
  const [created] = await tx.insert(customers).values(row).onConflictDoNothing({ target: customers.document }).returning({ id: customers.id });
  if (created) return created.id;
  // a concurrent order of the same person created the profile first
  const existing = await findCustomerByDocument(tx, row.document);
  if (!existing) throw new Error('subscriber: customer insert conflict without a row');
  return existing.id;
}
