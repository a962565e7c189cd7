import { and, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import type { LinePromotion } from '@andes/domain/plans';
import { PENDING_LINE_STATUS } from '@andes/domain/line-status';
import { schema } from '@andes/db/client';

const { bills, lines, plans, portabilityRequests } = schema;

/**
 * Ported lines waiting for the port window move to active once the window of their accepted port has
 * passed; `customerId` limits it to one customer's lines (their line list reads only those).
 */
export async function activatePortedLines(db: Db, now: Date, customerId?: number): Promise<void> {
  const due = db
    .select({ phoneNumber: portabilityRequests.phoneNumber })
    .from(portabilityRequests)
    .where(and(eq(portabilityRequests.state, 'accepted'), lte(portabilityRequests.scheduledFor, now)));
  await db
    .update(lines)
    .set({ status: 'active', activatedAt: now })
    .where(and(eq(lines.status, 'porting'), inArray(lines.phoneNumber, due), customerId === undefined ? undefined : eq(lines.customerId, customerId)));
}

/**
 * Sets each `active`/`cut` line in scope to what its bills say (`wanted`: cut when a bill is unpaid past
 * `limit`, the day before which a due date cuts); a suspended line (an operator's decision) is left alone.
 */
export async function setStatusFromBills(db: Db, limit: string, which: { customerId: number } | { lineId: number }): Promise<void> {
  const cutBill = sql`exists (select 1 from ${bills} where ${bills.lineId} = ${lines.id} and ${bills.status} = 'unpaid' and ${bills.dueAt} < ${limit})`;
  const wanted: SQL<string> = sql`case when ${cutBill} then 'cut' else 'active' end`;
  const scope = 'customerId' in which ? eq(lines.customerId, which.customerId) : eq(lines.id, which.lineId);
  await db
    .update(lines)
    .set({ status: wanted })
    .where(and(scope, inArray(lines.status, ['active', 'cut']), sql`${lines.status} <> ${wanted}`));
}

export async function phoneNumberTaken(tx: Db, phoneNumber: string): Promise<boolean> {
  const [row] = await tx.select({ id: lines.id }).from(lines).where(eq(lines.phoneNumber, phoneNumber));
  return !!row;
}

/** A new line; null when its number is already a line (numbers are unique). */
export async function insertLine(tx: Db, row: typeof lines.$inferInsert): Promise<number | null> {
  const [created] = await tx.insert(lines).values(row).onConflictDoNothing({ target: lines.phoneNumber }).returning({ id: lines.id });
  return created?.id ?? null;
}

/**
 * Puts the line on its new plan, only while it is still prepaid: two approved attempts of one line
 * (two tabs, two keys) change it once. Answers whether it changed.
 */
export async function moveLineToPlan(db: Db, lineId: number, plan: { id: string; kind: string; promotion: LinePromotion | null }): Promise<boolean> {
  const changed = await db
    .update(lines)
    .set({ planId: plan.id, kind: plan.kind, promoPrice: plan.promotion?.promoPrice ?? null, promoMonths: plan.promotion?.promoMonths ?? null })
    .where(and(eq(lines.id, lineId), eq(lines.kind, 'prepaid')))
    .returning({ id: lines.id });
  return changed.length > 0;
}

/**
 * Moves a billed line (postpaid or Controlado) from one plan to another, only while it is still on the
 * old one: a change applied twice (two reads at once) moves it once. The sale's promotion belonged to
 * the old plan: the line pays the new plan's price (docs/decisions/027). Answers whether it moved.
 */
export async function changeLinePlan(db: Db, lineId: number, fromPlanId: string, toPlanId: string): Promise<boolean> {
  const changed = await db
    .update(lines)
    .set({ planId: toPlanId, promoPrice: null, promoMonths: null })
    .where(and(eq(lines.id, lineId), eq(lines.planId, fromPlanId), ne(lines.kind, 'prepaid')))
    .returning({ id: lines.id });
  return changed.length > 0;
}

/**
 * A block that stops the line (packages/domain/src/device.ts) sets it `blocked` from active or cut;
 * lifting it sets it `active`, and the next read's status refresh cuts it again if a bill says so.
 */
export async function setLineBlocked(db: Db, lineId: number, blocked: boolean): Promise<void> {
  await db
    .update(lines)
    .set({ status: blocked ? 'blocked' : 'active' })
    .where(and(eq(lines.id, lineId), blocked ? inArray(lines.status, ['active', 'cut']) : eq(lines.status, 'blocked')));
}

/**
 * A customer's suspension in force sets the line `suspended` from active or cut; its end sets it
 * `active`, and the next read's status refresh cuts it again if a bill says so.
 */
export async function setLineSuspended(db: Db, lineId: number, suspended: boolean): Promise<void> {
  await db
    .update(lines)
    .set({ status: suspended ? 'suspended' : 'active' })
    .where(and(eq(lines.id, lineId), suspended ? inArray(lines.status, ['active', 'cut']) : eq(lines.status, 'suspended')));
}

/** Gives the line its new number, only while it still has `from` (a second change changes nothing). */
export async function moveLineToNumber(db: Db, lineId: number, from: string, to: string): Promise<boolean> {
  const moved = await db
    .update(lines)
    .set({ phoneNumber: to })
    .where(and(eq(lines.id, lineId), eq(lines.phoneNumber, from)))
    .returning({ id: lines.id });
  return moved.length > 0;
}

/** Moves the line to a new SIM, only from the SIM it was on when the change was asked (a second activation changes nothing). */
export async function moveLineToSim(db: Db, lineId: number, fromIccid: string, toIccid: string): Promise<boolean> {
  const moved = await db
    .update(lines)
    .set({ simCode: toIccid })
    .where(and(eq(lines.id, lineId), eq(lines.simCode, fromIccid)))
    .returning({ id: lines.id });
  return moved.length > 0;
}

export async function simInUse(db: Db, iccid: string): Promise<boolean> {
  const [row] = await db.select({ id: lines.id }).from(lines).where(eq(lines.simCode, iccid)).limit(1);
  return !!row;
}

/** A line as its activation shows it: its kind, status, plan and since when it works. */
export async function lineForActivation(db: Db, phoneNumber: string) {
  const [row] = await db
    .select({
      id: lines.id,
      phoneNumber: lines.phoneNumber,
      kind: lines.kind,
      status: lines.status,
      planName: plans.commerceName,
      activatedAt: lines.activatedAt,
    })
    .from(lines)
    .leftJoin(plans, eq(plans.id, lines.planId))
    .where(eq(lines.phoneNumber, phoneNumber));
  return row;
}

/**
 * Activates a line waiting for its holder (docs/decisions/023 addendum), only while it still waits:
 * two activations at once activate it once. Its service, and so its billing, starts now.
 */
export async function activatePendingLine(db: Db, lineId: number, now: Date): Promise<boolean> {
  const done = await db
    .update(lines)
    .set({ status: 'active', activatedAt: now })
    .where(and(eq(lines.id, lineId), eq(lines.status, PENDING_LINE_STATUS), ne(lines.kind, 'prepaid')))
    .returning({ id: lines.id });
  return done.length > 0;
}
