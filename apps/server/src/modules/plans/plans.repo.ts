import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { plans, customers, lines, cartLines, orderLines, orders, planActivations, portabilityRequests, bagOffers } = schema;

export type PlanRow = typeof plans.$inferSelect;
export type ActivationRow = typeof planActivations.$inferSelect;

/** Plans flagged for the activation flow, in catalogue order. */
export async function activationPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.showInActivationFlow, true)).orderBy(asc(plans.sortOrder));
}

/**
 * The figures of the terms text the catalogue holds (sales-terms.ts): its capped promotion (the
 * largest quota, with its percentage), its cheapest plan and its cheapest bag.
 */
export async function catalogueFacts(db: Db) {
  const [[promotion], [plan], [bag]] = await Promise.all([
    db
      .select({ perDocument: plans.discountPerDocument, percentage: plans.discountPercentage })
      .from(plans)
      .where(and(isNotNull(plans.discountPerDocument), sql`${plans.discountPercentage} > 0`))
      .orderBy(desc(plans.discountPerDocument), desc(plans.discountPercentage))
      .limit(1),
    db.select({ price: sql<number | null>`min(${plans.price})::integer` }).from(plans),
    db.select({ price: sql<number | null>`min(${bagOffers.price})::integer` }).from(bagOffers),
  ]);
  return {
    promotion: promotion?.perDocument != null ? { perDocument: promotion.perDocument, percentage: promotion.percentage } : null,
    plansFrom: plan?.price ?? null,
    bagsFrom: bag?.price ?? null,
  };
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

export async function findCustomerByDocument(db: Db, document: string) {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.document, document));
  return row;
}

export async function findCustomerById(db: Db, id: number) {
  const [row] = await db.select({ id: customers.id, document: customers.document }).from(customers).where(eq(customers.id, id));
  return row;
}

/** The plan lines of the order's cart, with the billing contact and portability flag the order lines lack. */
export async function planCartLines(tx: Db, cartId: number) {
  return tx
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.type, 'plan')));
}

export async function planOrderLines(tx: Db, orderId: number) {
  return tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.type, 'plan')));
}

export async function activationsOf(db: Db, orderId: number): Promise<ActivationRow[]> {
  return db.select().from(planActivations).where(eq(planActivations.orderId, orderId)).orderBy(asc(planActivations.id));
}

/** The orders that opened this line and no other: the line is theirs alone, so what they sold without a number is its. */
export async function ordersOpeningOnly(db: Db, lineId: number): Promise<number[]> {
  const rows = await db
    .select({ orderId: planActivations.orderId })
    .from(planActivations)
    .where(inArray(planActivations.orderId, db.select({ orderId: planActivations.orderId }).from(planActivations).where(eq(planActivations.lineId, lineId))));
  const count = new Map<number, number>();
  for (const r of rows) count.set(r.orderId, (count.get(r.orderId) ?? 0) + 1);
  return [...count].filter(([, n]) => n === 1).map(([orderId]) => orderId);
}

export async function insertActivation(tx: Db, row: typeof planActivations.$inferInsert): Promise<boolean> {
  const created = await tx.insert(planActivations).values(row).onConflictDoNothing().returning({ id: planActivations.id });
  return created.length > 0;
}

export async function findOrderByNumber(db: Db, number: string) {
  const [row] = await db.select().from(orders).where(eq(orders.number, number));
  return row;
}

export async function plansByIds(db: Db, ids: string[]): Promise<PlanRow[]> {
  if (!ids.length) return [];
  return db.select().from(plans).where(inArray(plans.id, ids));
}

/** An order's opened lines with the line's SIM and status, and for a ported number the port's window. */
export async function activationsWithLines(db: Db, orderId: number) {
  const rows = await db
    .select({
      planId: planActivations.planId,
      phoneNumber: planActivations.phoneNumber,
      newCustomer: planActivations.newCustomer,
      billingEmail: planActivations.billingEmail,
      billingMsisdn: planActivations.billingMsisdn,
      ported: planActivations.ported,
      simCode: lines.simCode,
      status: lines.status,
    })
    .from(planActivations)
    .innerJoin(lines, eq(lines.id, planActivations.lineId))
    .where(eq(planActivations.orderId, orderId))
    .orderBy(asc(planActivations.id));
  const ported = rows.filter((r) => r.ported).map((r) => r.phoneNumber);
  const windows = ported.length
    ? await db
        .select({ phoneNumber: portabilityRequests.phoneNumber, scheduledFor: portabilityRequests.scheduledFor })
        .from(portabilityRequests)
        .where(and(inArray(portabilityRequests.phoneNumber, ported), eq(portabilityRequests.state, 'accepted')))
        .orderBy(desc(portabilityRequests.id))
    : [];
  return rows.map((r) => ({ ...r, scheduledFor: r.ported ? (windows.find((w) => w.phoneNumber === r.phoneNumber)?.scheduledFor ?? null) : null }));
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
