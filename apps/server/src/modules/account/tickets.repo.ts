import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { tickets } = schema;

const columns = {
  id: tickets.id,
  number: tickets.number,
  category: tickets.category,
  description: tickets.description,
  status: tickets.status,
  hasAttachment: sql<boolean>`${tickets.attachment} is not null`,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

export async function listTickets(db: Db, customerId: number, lineId: number) {
  return db.select(columns).from(tickets).where(and(eq(tickets.customerId, customerId), eq(tickets.lineId, lineId))).orderBy(desc(tickets.createdAt), desc(tickets.id));
}

export async function findTicket(db: Db, lineId: number, id: number) {
  const [row] = await db.select(columns).from(tickets).where(and(eq(tickets.id, id), eq(tickets.lineId, lineId)));
  return row;
}

export async function insertTicket(db: Db, row: Omit<typeof tickets.$inferInsert, 'number'>, prefix: string) {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(tickets).values({ ...row, number: `${prefix}-pending-${Date.now()}-${row.lineId}` }).returning({ id: tickets.id });
    const number = `${prefix}-${String(created!.id).padStart(7, '0')}`;
    await tx.update(tickets).set({ number }).where(eq(tickets.id, created!.id));
    return { id: created!.id, number };
  });
}

export async function setTicketStatus(db: Db, id: number, status: string) {
  await db.update(tickets).set({ status, updatedAt: new Date() }).where(eq(tickets.id, id));
}
