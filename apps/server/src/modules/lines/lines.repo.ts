import { and, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { lines, customers, plans } = schema;

/** Whether this number is a line held by the customer with this (normalised) document. */
export async function isLineHolder(db: Db, document: string, phoneNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lines.id })
    .from(lines)
    .innerJoin(customers, eq(customers.id, lines.customerId))
    .where(and(eq(lines.phoneNumber, phoneNumber), eq(customers.document, document)));
  return !!row;
}

/** The customer's lines with their current plan's id and price (null for a prepaid line). */
export async function linesWithPlanPrice(db: Db, customerId: number) {
  return db
    .select({ phoneNumber: lines.phoneNumber, kind: lines.kind, status: lines.status, planId: plans.id, planName: plans.commerceName, planPrice: plans.price })
    .from(lines)
    .leftJoin(plans, eq(plans.id, lines.planId))
    .where(eq(lines.customerId, customerId))
    .orderBy(lines.id);
}
