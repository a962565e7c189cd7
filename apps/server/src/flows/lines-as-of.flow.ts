import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@andes/db/client';
import { issueDueBills, renewDueBags } from '../modules/account/index.ts';
import { activateDuePorts, refreshLineStatuses } from '../modules/subscriber/index.ts';
import { applySuspensions } from './suspension.flow.ts';
import { applyPlanChanges } from './plan-change.flow.ts';

/** Which lines a screen is about to show: a customer's, one line, or only the ported lines whose window passed. */
export type LinesScope = { customerId: number } | { lineId: number } | { duePorts: true };

declare module 'fastify' {
  interface FastifyInstance {
    /** The lines of `scope` brought up to `now` before they are read (docs/decisions/016). */
    linesAsOf(scope: LinesScope, now?: Date): Promise<void>;
    /**
     * Only the lines' status from their bills (cut past the limit day, back when paid), in the caller's
     * transaction: after a payment settles, inside the work that depends on it.
     */
    lineStatusFromBills(db: Db, scope: { customerId: number } | { lineId: number }, now?: Date): Promise<void>;
  }
}

/**
 * The lines as of `now`, the one read-time refresh (no job runs it; docs/decisions/016). A customer's
 * lines (the line list and switcher every account screen reads first): ported lines whose window
 * passed are active, the bills of ended periods issued, the status follows the bills and the customer's
 * suspensions, scheduled plan changes whose cycle day came are applied, then recurring bags renew (a line cut for debt renews nothing). One line, before a screen shows it or a purchase
 * charges it: its bills issued, then its status. The due ports alone for the pages that show a port.
 */
export async function linesAsOf(app: FastifyInstance, scope: LinesScope, now = new Date()): Promise<void> {
  if ('duePorts' in scope) return activateDuePorts(app.db, now);
  if ('customerId' in scope) await activateDuePorts(app.db, now, scope);
  await issueDueBills(app, scope, now);
  await refreshLineStatuses(app.db, app.market.timeZone, scope, now);
  await applySuspensions(app, scope, now);
  await applyPlanChanges(app, scope, now);
  if ('customerId' in scope) await renewDueBags(app, scope, now);
}

/** Gives every capability `app.linesAsOf` and `app.lineStatusFromBills` without importing the subscriber or account capabilities. */
export const linesAsOfWiring = fp(async (app: FastifyInstance) => {
  app.decorate('linesAsOf', (scope: LinesScope, now?: Date) => linesAsOf(app, scope, now));
  app.decorate('lineStatusFromBills', (db: Db, scope: { customerId: number } | { lineId: number }, now?: Date) =>
    refreshLineStatuses(db, app.market.timeZone, scope, now),
  );
});
