import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { serviceRequests: requests } = schema;

const columns = {
  id: requests.id,
  number: requests.number,
  topic: requests.topic,
  description: requests.description,
  contactChannel: requests.contactChannel,
  status: requests.status,
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
};

export async function listRequests(db: Db, lineId: number) {
  return db.select(columns).from(requests).where(eq(requests.lineId, lineId)).orderBy(desc(requests.createdAt), desc(requests.id));
}

export async function findRequest(db: Db, lineId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.lineId, lineId)));
  return row;
}

/** Inserts the request and gives it its public number from its id, in one transaction. */
export async function insertRequest(db: Db, row: Omit<typeof requests.$inferInsert, 'number'>) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(requests)
      .values({ ...row, number: `SR-pending-${Date.now()}-${row.lineId}` })
      .returning({ id: requests.id });
    const number = `SR-${String(created!.id).padStart(7, '0')}`;
    await tx.update(requests).set({ number }).where(eq(requests.id, created!.id));
    const [saved] = await tx.select(columns).from(requests).where(eq(requests.id, created!.id));
    return saved!;
  });
}

/** Moves a request only from the status it was read in (a concurrent change wins). */
export async function moveRequest(db: Db, id: number, from: string, to: string) {
  const [row] = await db
    .update(requests)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(requests.id, id), eq(requests.status, from)))
    .returning(columns);
  return row;
}
