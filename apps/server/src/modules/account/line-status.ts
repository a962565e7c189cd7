import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import { cutLimitDay, isoDayInZone } from '@andes/domain/account-bills';
import { renewDueBags } from './bag-renewals.ts';
import { issueDueBills } from './billing-cycle.ts';
import { activateDuePorts } from '../plans/service.ts';

const { bills, lines } = schema;

/**
 * SPEC §9: a bill unpaid 5 days after its due date cuts the line, and paying it restores the line.
 * The stored status is brought up to date from the bills and today's date (market zone) whenever a
 * line is read, so a bill that crosses the limit cuts the line without any job running; a
 * suspended line (an operator's decision) is left alone.
 */
export async function refreshLineStatuses(db: Db, timeZone: string, which: { customerId: number } | { lineId: number }, now = new Date()) {
  const limit = cutLimitDay(isoDayInZone(now, timeZone));
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
 * reads first): a ported line whose port window has passed is active, the bills of ended billing
 * periods are issued, the status follows the bills, and the recurring bags are renewed, so balances
 * already show it.
 */
export async function refreshCustomerLines(app: FastifyInstance, customerId: number) {
  await activateDuePorts(app.db, new Date(), { customerId });
  await issueDueBills(app, { customerId });
  // the status before the renewals: a line cut for debt renews nothing
  await refreshLineStatuses(app.db, app.market.timeZone, { customerId });
  await renewDueBags(app, { customerId });
}

/**
 * One line as of now, before a screen shows it or a purchase charges it: the bills of its ended
 * billing periods issued, then its status brought up to date from its bills.
 */
export async function refreshLine(app: FastifyInstance, lineId: number) {
  await issueDueBills(app, { lineId });
  await refreshLineStatuses(app.db, app.market.timeZone, { lineId });
}
