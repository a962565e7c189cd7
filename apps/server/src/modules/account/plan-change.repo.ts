import { and, asc, desc, eq, gt, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { planChanges, plans, lines } = schema;

export type PlanChange = typeof planChanges.$inferSelect;

/** A new change; undefined when the key was used, or the line already changed plan this period (the unique indexes). */
export async function insertPlanChange(db: Db, row: typeof planChanges.$inferInsert): Promise<PlanChange | undefined> {
  const [created] = await db.insert(planChanges).values(row).onConflictDoNothing().returning();
  return created;
}

export async function planChangeByKey(db: Db, lineId: number, key: string): Promise<PlanChange | undefined> {
  const [row] = await db
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.lineId, lineId), eq(planChanges.idempotencyKey, key)));
  return row;
}

/** The line's changes with their plans' names, newest first. */
export async function planChangeList(db: Db, lineId: number) {
  const from = schema.plans;
  const rows = await db.select().from(planChanges).where(eq(planChanges.lineId, lineId)).orderBy(desc(planChanges.createdAt), desc(planChanges.id));
  const ids = [...new Set(rows.flatMap((r) => [r.fromPlanId, r.toPlanId]))];
  const names = ids.length ? await db.select({ id: from.id, name: from.commerceName }).from(from).where(inArray(from.id, ids)) : [];
  const nameOf = (id: string) => names.find((n) => n.id === id)?.name ?? id;
  return rows.map((r) => ({ ...r, fromPlanName: nameOf(r.fromPlanId), toPlanName: nameOf(r.toPlanId) }));
}
export type NamedPlanChange = Awaited<ReturnType<typeof planChangeList>>[number];

/** Calls off the line's scheduled change, only before the day it takes effect (`today` is earlier). */
export async function cancelScheduled(db: Db, lineId: number, today: string, now: Date): Promise<PlanChange | undefined> {
  const [row] = await db
    .update(planChanges)
    .set({ state: 'cancelled', cancelledAt: now })
    .where(and(eq(planChanges.lineId, lineId), eq(planChanges.state, 'scheduled'), gt(planChanges.effectiveOn, today)))
    .returning();
  return row;
}

type Scope = { customerId: number } | { lineId: number };
const inScope = (scope: Scope): SQL => ('customerId' in scope ? eq(lines.customerId, scope.customerId) : eq(lines.id, scope.lineId));

/** Scheduled changes of the scope's lines whose day came by `today`. */
export async function dueScheduled(db: Db, scope: Scope, today: string): Promise<PlanChange[]> {
  return db
    .select({ change: planChanges })
    .from(planChanges)
    .innerJoin(lines, eq(lines.id, planChanges.lineId))
    .where(and(inScope(scope), eq(planChanges.state, 'scheduled'), lte(planChanges.effectiveOn, today)))
    .orderBy(asc(planChanges.effectiveOn))
    .then((rows) => rows.map((r) => r.change));
}

/** Marks a scheduled change applied, once (parallel reads apply it once): answers whether this call did. */
export async function markApplied(db: Db, id: number, now: Date): Promise<boolean> {
  const done = await db
    .update(planChanges)
    .set({ state: 'applied', appliedAt: now })
    .where(and(eq(planChanges.id, id), eq(planChanges.state, 'scheduled')))
    .returning({ id: planChanges.id });
  return done.length > 0;
}

/** The line's first change (not cancelled) taking effect after `day`: the plan in force on `day` is its old one. */
export async function firstChangeAfter(db: Db, lineId: number, day: string): Promise<PlanChange | undefined> {
  const [row] = await db
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.lineId, lineId), ne(planChanges.state, 'cancelled'), gt(planChanges.effectiveOn, day)))
    .orderBy(asc(planChanges.effectiveOn), asc(planChanges.id))
    .limit(1);
  return row;
}

/** Records the bill that charged both plans by days, with its two parts. */
export async function setChangeBill(db: Db, id: number, billId: number, fromAmount: number, toAmount: number) {
  await db.update(planChanges).set({ billId, fromAmount, toAmount }).where(eq(planChanges.id, id));
}

/** The changes a bill charged by days, with their plans' names. */
export async function changesOfBills(db: Db, billIds: number[]) {
  if (billIds.length === 0) return [];
  const rows = await db.select().from(planChanges).where(inArray(planChanges.billId, billIds));
  const ids = [...new Set(rows.flatMap((r) => [r.fromPlanId, r.toPlanId]))];
  const names = ids.length ? await db.select({ id: plans.id, name: plans.commerceName }).from(plans).where(inArray(plans.id, ids)) : [];
  const nameOf = (id: string) => names.find((n) => n.id === id)?.name ?? id;
  return rows.map((r) => ({ ...r, fromPlanName: nameOf(r.fromPlanId), toPlanName: nameOf(r.toPlanId) }));
}

/** The line's changes that were not cancelled (applied or scheduled), oldest first. */
export async function lineChanges(db: Db, lineId: number): Promise<PlanChange[]> {
  return db
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.lineId, lineId), ne(planChanges.state, 'cancelled')))
    .orderBy(asc(planChanges.effectiveOn), asc(planChanges.id));
}

/** What a plan change needs of the line: its kind, status, cycle, plan and the promotion it keeps, and its next bill day. */
export async function lineForPlanChange(db: Db, lineId: number) {
  const [row] = await db
    .select({
      id: lines.id,
      phoneNumber: lines.phoneNumber,
      customerId: lines.customerId,
      kind: lines.kind,
      status: lines.status,
      cycleDay: lines.cycleDay,
      promoPrice: lines.promoPrice,
      promoMonths: lines.promoMonths,
      planId: plans.id,
      planName: plans.planName,
      commerceName: plans.commerceName,
      price: plans.price,
      nextBillOn: schema.lineBilling.nextBillOn,
      proratedFrom: schema.lineBilling.proratedFrom,
    })
    .from(lines)
    .leftJoin(plans, eq(plans.id, lines.planId))
    .leftJoin(schema.lineBilling, eq(schema.lineBilling.lineId, lines.id))
    .where(eq(lines.id, lineId));
  return row;
}
export type PlanChangeLine = NonNullable<Awaited<ReturnType<typeof lineForPlanChange>>>;
