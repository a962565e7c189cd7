import { eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { customers, lines } = schema;

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomerByDocument(db: Db, document: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.document, document));
  return row;
}

export async function findCustomerByPhone(db: Db, phoneNumber: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select({ customer: customers })
    .from(lines)
    .innerJoin(customers, eq(customers.id, lines.customerId))
    .where(eq(lines.phoneNumber, phoneNumber));
  return row?.customer;
}

export async function findCustomerById(db: Db, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

export async function updateCustomerSecret(db: Db, id: number, secretHash: string): Promise<void> {
  await db.update(customers).set({ secretHash, secretCreated: true }).where(eq(customers.id, id));
}
