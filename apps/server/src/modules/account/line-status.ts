import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import { cutLimitDay, isoDayInZone } from '@andes/domain/account-bills';
import { renewDueBags } from './bag-renewals.ts';

const { bills, lines } = schema;

/**
 * SPEC §9: a bill unpaid 5 days after its due date cuts the line, and paying it restores the line.
 * The stored status is brought up to date from the bills and today's date (market zone) whenever a
 * line is read, so a bill that crosses the limit cuts the line without any job running; a
 * suspended line (an operator's decision) is left alone.
 */
export async function refreshLineStatuses(db: Db, timeZone: string, which: { customerId: number } | { lineId: number }) {
  const limit = cutLimitDay(isoDayInZone(new Date(), timeZone));
  const cutBill = sql`exists (select 1 from ${bills} where ${bills.lineId} = ${lines.id} and ${bills.status} = 'unpaid' and ${bills.dueAt} < ${limit})`;
  const wanted: SQL<string> = sql`case when ${cutBill} then 'cut' else 'active' end`;
  const scope = 'customerId' in which ? eq(lines.customerId, which.customerId) : eq(lines.id, which.lineId);
  await db
    .update(lines)
    .set({ status: wanted })
    .where(and(scope, inArray(lines.status, ['active', 'cut']), sql`${lines.status} <> ${wanted}`));
}

/**
 * The customer's lines as of now (for the line list and switcher, which every account screen
 * reads first): their status, and their recurring bags renewed, so balances already show it.
 */
export async function refreshCustomerLines(app: FastifyInstance, customerId: number) {
  await refreshLineStatuses(app.db, app.market.timeZone, { customerId });
  await renewDueBags(app, { customerId });
}
