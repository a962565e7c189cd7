import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { lines, plans } = schema;

export async function findCustomerLine(db: Db, customerId: number, phoneNumber: string) {
  const [row] = await db
    .select({ id: lines.id, phoneNumber: lines.phoneNumber, customerId: lines.customerId })
    .from(lines)
    .where(and(eq(lines.customerId, customerId), eq(lines.phoneNumber, phoneNumber)));
  return row;
}

export async function listCustomerLines(db: Db, customerId: number) {
  return db
    .select({
      phoneNumber: lines.phoneNumber,
      kind: lines.kind,
      status: lines.status,
      balance: lines.balance,
      points: lines.points,
      pointsExpireAt: lines.pointsExpireAt,
      planId: lines.planId,
      planName: plans.commerceName,
    })
    .from(lines)
    .leftJoin(plans, eq(plans.id, lines.planId))
    .where(eq(lines.customerId, customerId))
    .orderBy(asc(lines.id));
}

export type CustomerLine = Awaited<ReturnType<typeof listCustomerLines>>[number];
