import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { tickets, lines } = schema;

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
  return db
    .select(columns)
    .from(tickets)
    .where(and(eq(tickets.customerId, customerId), eq(tickets.lineId, lineId)))
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
}

export async function findTicket(db: Db, lineId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.lineId, lineId)));
  return row;
}

/** A ticket of this customer by its public number (any of their lines); another's finds nothing. */
export async function findCustomerTicket(db: Db, customerId: number, number: string) {
  const [row] = await db
    .select({ ...columns, phoneNumber: lines.phoneNumber })
    .from(tickets)
    .innerJoin(lines, eq(lines.id, tickets.lineId))
    .where(and(eq(tickets.number, number), eq(tickets.customerId, customerId)));
  return row;
}

/** Any ticket by its public number, for the desk's notifications. */
export async function findTicketByNumber(db: Db, number: string) {
  const [row] = await db
    .select({ ...columns, customerId: tickets.customerId })
    .from(tickets)
    .where(eq(tickets.number, number));
  return row;
}

export async function insertTicket(db: Db, row: Omit<typeof tickets.$inferInsert, 'number'>, prefix: string) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tickets)
      .values({ ...row, number: `${prefix}-pending-${Date.now()}-${row.lineId}` })
      .returning({ id: tickets.id });
    const number = `${prefix}-${String(created!.id).padStart(7, '0')}`;
    await tx.update(tickets).set({ number }).where(eq(tickets.id, created!.id));
    return { id: created!.id, number };
  });
}

/** Moves a ticket only from the status it was read in (a concurrent change wins); answers the moved row. */
export async function moveTicket(db: Db, id: number, from: string, to: string) {
  const [row] = await db
    .update(tickets)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(tickets.id, id), eq(tickets.status, from)))
    .returning(columns);
  return row;
}
