import type { FastifyInstance } from 'fastify';
import { activateDuePorts, refreshLineStatuses } from '../subscriber/index.ts';
import { renewDueBags } from './bag-renewals.ts';
import { issueDueBills } from './billing-cycle.ts';

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
