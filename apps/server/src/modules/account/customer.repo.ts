import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { customers, notifications } = schema;

export async function contactOf(db: Db, customerId: number) {
  const [row] = await db
    .select({
      document: customers.document,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      contactPhone: customers.contactPhone,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

export async function updateContact(db: Db, customerId: number, values: { firstName: string; lastName: string; email: string; contactPhone: string }) {
  // a new address starts the step-up's wait (flows/device.flow.ts): whoever holds the session cannot
  // point the codes of a SIM or number change at themselves and use them at once
  const emailChangedAt = sql`case when ${customers.email} is distinct from ${values.email} then now() else ${customers.emailChangedAt} end`;
  await db
    .update(customers)
    .set({ ...values, emailChangedAt })
    .where(eq(customers.id, customerId));
}

export async function listNotifications(db: Db, customerId: number) {
  return db
    .select({ id: notifications.id, title: notifications.title, body: notifications.body, readAt: notifications.readAt, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.customerId, customerId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** Marks one of the customer's notifications read; another customer's id matches nothing. */
export async function markNotificationRead(db: Db, customerId: number, id: number) {
  const [own] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.customerId, customerId)));
  if (!own) return undefined;
  const [row] = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)))
    .returning({ readAt: notifications.readAt });
  return row?.readAt ?? own.readAt;
}

/** A notice in the customer's notification list (the text already in the customer's language). */
export async function addNotification(db: Db, customerId: number, title: string, body: string) {
  await db.insert(notifications).values({ customerId, title, body, createdAt: new Date() });
}
