import { and, asc, eq, inArray, isNull, lte, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { bills, billCharges, lineBilling, lineMigrations, lines, plans, simActivations } = schema;

/** Whose lines: one customer's, one line, or every line (the sweep, a batch at a time). */
export type BillingScope = { customerId: number } | { lineId: number } | { all: true; limit: number };

function scopeOf(which: BillingScope): SQL | undefined {
  if ('customerId' in which) return eq(lines.customerId, which.customerId);
  if ('lineId' in which) return eq(lines.id, which.lineId);
  return undefined;
}

/**
 * Lines that get a bill: postpaid and hybrid lines with a plan, once in service (a port waiting for
 * its window is not billed yet); a line cut for debt or blocked after a theft keeps being billed for its plan.
 */
const billed = and(ne(lines.kind, 'prepaid'), sql`${lines.planId} is not null`, inArray(lines.status, ['active', 'cut', 'suspended', 'blocked']));

/**
 * When the month the line paid up front began, or null when it paid none: the latest approved
 * migration from prepaid (the line was activated long before, as prepaid), else, for a chip activated
 * online (its first month paid by card, docs/api-activation.md), the day the line started working.
 */
const migratedAt = sql<Date | null>`coalesce(
    (select max(${lineMigrations.settledAt}) from ${lineMigrations} where ${lineMigrations.lineId} = ${lines.id} and ${lineMigrations.state} = 'approved'),
    (select ${lines.activatedAt} where exists (select 1 from ${simActivations} where ${simActivations.lineId} = ${lines.id} and ${simActivations.state} = 'active'))
  )`.mapWith((v: Date | string | null) => (v === null ? null : new Date(v)));

/**
 * Billed lines without their billing row yet, with the day of their latest bill (null: none yet), their
 * activation (a ported number's is the port window) and when they moved from prepaid (null: never).
 */
export async function unanchoredLines(db: Db, which: BillingScope) {
  const query = db
    .select({ lineId: lines.id, cycleDay: lines.cycleDay, lastIssuedOn: max(bills.issuedAt), activatedAt: lines.activatedAt, migratedAt })
    .from(lines)
    .leftJoin(lineBilling, eq(lineBilling.lineId, lines.id))
    .leftJoin(bills, eq(bills.lineId, lines.id))
    .where(and(scopeOf(which), billed, isNull(lineBilling.lineId)))
    .groupBy(lines.id, lines.cycleDay, lines.activatedAt)
    .orderBy(asc(lines.id));
  return 'all' in which ? query.limit(which.limit) : query;
}

/** Gives lines their billing row; a row another process wrote first stays. */
export async function anchorLines(db: Db, rows: Array<{ lineId: number; nextBillOn: string; proratedFrom: string | null }>) {
  if (rows.length === 0) return;
  await db.insert(lineBilling).values(rows).onConflictDoNothing({ target: lineBilling.lineId });
}

/** Billed lines whose next bill is due by `today` (ISO day), with what their bill needs. */
export async function linesDueForBill(db: Db, which: BillingScope, today: string) {
  const query = db
    .select({
      lineId: lines.id,
      customerId: lines.customerId,
      phoneNumber: lines.phoneNumber,
      cycleDay: lines.cycleDay,
      nextBillOn: lineBilling.nextBillOn,
      proratedFrom: lineBilling.proratedFrom,
      planPrice: plans.price,
      promoPrice: lines.promoPrice,
      promoMonths: lines.promoMonths,
    })
    .from(lineBilling)
    .innerJoin(lines, eq(lines.id, lineBilling.lineId))
    .innerJoin(plans, eq(plans.id, lines.planId))
    .where(and(scopeOf(which), billed, lte(lineBilling.nextBillOn, today)))
    .orderBy(asc(lineBilling.nextBillOn), asc(lines.id));
  return 'all' in which ? query.limit(which.limit) : query;
}

/**
 * Moves the line's next bill from `from` to `to`, a whole period (no longer prorated); only the first
 * of concurrent passes over the same period gets true (the others find the day already moved), so
 * that one alone issues the bill.
 */
export async function advanceBilling(db: Db, lineId: number, from: string, to: string) {
  const [row] = await db
    .update(lineBilling)
    .set({ nextBillOn: to, proratedFrom: null })
    .where(and(eq(lineBilling.lineId, lineId), eq(lineBilling.nextBillOn, from)))
    .returning({ lineId: lineBilling.lineId });
  return row !== undefined;
}

/**
 * How many whole billing periods the line was billed for: its bills that were not prorated. They count
 * the contract's months (planPriceInMonth); a prorated first bill does not use one up.
 */
export async function wholeBillCount(db: Db, lineId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bills)
    .where(and(eq(bills.lineId, lineId), isNull(bills.proratedFrom)));
  return row?.n ?? 0;
}

/** The line's next bill day, or undefined before the line is first seen billable. */
export async function nextBillDay(db: Db, lineId: number) {
  const [row] = await db.select({ nextBillOn: lineBilling.nextBillOn }).from(lineBilling).where(eq(lineBilling.lineId, lineId));
  return row?.nextBillOn;
}

/** The line's next bill day and, when that bill is its first and prorated, the day its period began. */
export async function nextBillOf(db: Db, lineId: number) {
  const [row] = await db
    .select({ nextBillOn: lineBilling.nextBillOn, proratedFrom: lineBilling.proratedFrom })
    .from(lineBilling)
    .where(eq(lineBilling.lineId, lineId));
  return row;
}

/** Inserts an unpaid bill; undefined when a bill of that number (line and month) already exists. */
export async function insertBill(
  db: Db,
  row: { lineId: number; number: string; period: string; issuedAt: string; dueAt: string; amount: number; proratedFrom: string | null },
) {
  const [created] = await db
    .insert(bills)
    .values({ ...row, status: 'unpaid' })
    .onConflictDoNothing({ target: bills.number })
    .returning({ id: bills.id });
  return created?.id;
}

/**
 * Puts on the bill the line's pending charges made before `beforeDay` (their day in the market's
 * zone), adds them to its amount, and answers their total; later charges wait for the next bill.
 */
export async function chargeBill(db: Db, lineId: number, billId: number, beforeDay: string, timeZone: string) {
  const linked = await db
    .update(billCharges)
    .set({ billId })
    .where(and(eq(billCharges.lineId, lineId), isNull(billCharges.billId), sql`(${billCharges.createdAt} at time zone ${timeZone})::date < ${beforeDay}::date`))
    .returning({ amount: billCharges.amount });
  const total = linked.reduce((s, c) => s + c.amount, 0);
  if (total !== 0)
    await db
      .update(bills)
      .set({ amount: sql`${bills.amount} + ${total}` })
      .where(eq(bills.id, billId));
  return total;
}
