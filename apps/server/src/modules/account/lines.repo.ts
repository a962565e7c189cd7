import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { lines, plans, customers, balanceMovements } = schema;

/** A line with its plan, for the account screens. */
export async function lineWithPlan(db: Db, lineId: number) {
  const [row] = await db
    .select({
      id: lines.id,
      phoneNumber: lines.phoneNumber,
      customerId: lines.customerId,
      kind: lines.kind,
      status: lines.status,
      balance: lines.balance,
      points: lines.points,
      pointsExpireAt: lines.pointsExpireAt,
      cycleDay: lines.cycleDay,
      planId: plans.id,
      planName: plans.commerceName,
      planData: plans.data,
      planVoice: plans.voice,
      planSms: plans.sms,
      planPrice: plans.price,
    })
    .from(lines)
    .leftJoin(plans, eq(plans.id, lines.planId))
    .where(eq(lines.id, lineId));
  return row;
}
export type LineWithPlan = NonNullable<Awaited<ReturnType<typeof lineWithPlan>>>;

export async function customerName(db: Db, customerId: number) {
  const [row] = await db.select({ firstName: customers.firstName, lastName: customers.lastName }).from(customers).where(eq(customers.id, customerId));
  return row ? `${row.firstName} ${row.lastName}` : '';
}

/** The line's number and holder, by its id (a card payment of another capability's purpose names only the line). */
export async function lineOwnerOf(db: Db, lineId: number): Promise<{ id: number; phoneNumber: string; customerId: number } | undefined> {
  const [row] = await db.select({ id: lines.id, phoneNumber: lines.phoneNumber, customerId: lines.customerId }).from(lines).where(eq(lines.id, lineId));
  return row;
}

export async function lineByPhone(db: Db, phoneNumber: string) {
  const [row] = await db.select({ id: lines.id, status: lines.status, kind: lines.kind }).from(lines).where(eq(lines.phoneNumber, phoneNumber));
  return row;
}

/** Takes money from a line's balance only when it covers the amount; undefined when it does not. */
export async function debitBalance(db: Db, lineId: number, amount: number) {
  const [row] = await db
    .update(lines)
    .set({ balance: sql`${lines.balance} - ${amount}` })
    .where(and(eq(lines.id, lineId), gte(lines.balance, amount)))
    .returning({ balance: lines.balance });
  return row?.balance;
}

export async function creditBalance(db: Db, lineId: number, amount: number) {
  const [row] = await db
    .update(lines)
    .set({ balance: sql`${lines.balance} + ${amount}` })
    .where(eq(lines.id, lineId))
    .returning({ balance: lines.balance });
  return row?.balance;
}

/** Takes points only when the line has enough; undefined when it does not. */
export async function debitPoints(db: Db, lineId: number, points: number) {
  const [row] = await db
    .update(lines)
    .set({ points: sql`${lines.points} - ${points}` })
    .where(and(eq(lines.id, lineId), gte(lines.points, points)))
    .returning({ points: lines.points });
  return row?.points;
}

/** Gives points back to a line (a cancelled points purchase); the line's new points. */
export async function creditPoints(db: Db, lineId: number, points: number) {
  const [row] = await db
    .update(lines)
    .set({ points: sql`${lines.points} + ${points}` })
    .where(eq(lines.id, lineId))
    .returning({ points: lines.points, phoneNumber: lines.phoneNumber });
  return row;
}

export async function recordMovement(db: Db, row: typeof balanceMovements.$inferInsert) {
  await db.insert(balanceMovements).values(row);
}

export async function recordPointsRedemption(db: Db, lineId: number, points: number, description: string) {
  await db.insert(schema.pointsHistory).values({ lineId, kind: 'redeemed', points: -points, description, createdAt: new Date() });
}

export async function recordPointsReturn(db: Db, lineId: number, points: number, description: string) {
  await db.insert(schema.pointsHistory).values({ lineId, kind: 'returned', points, description, createdAt: new Date() });
}
