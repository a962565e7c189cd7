import type { FastifyInstance } from 'fastify';
import { isoDayInZone } from '@andes/domain/account-bills';
import * as account from '../modules/account/index.ts';
import { plansRepo } from '../modules/plans/index.ts';
import { changeLinePlan } from '../modules/subscriber/index.ts';

type Scope = { customerId: number } | { lineId: number };

/** The line the guard checked (http/guards.ts). */
export interface PlanChangeRequester {
  line: { id: number; phoneNumber: string; customerId: number };
}

/** The plans of the plan selector (the plans capability), as the plan change reads them. */
async function planOptions(app: FastifyInstance): Promise<account.PlanOption[]> {
  return plansRepo.activationPlans(app.db);
}

/** The cambio-plan page for the line, as of now. */
export async function planChangePage(app: FastifyInstance, who: PlanChangeRequester) {
  await app.linesAsOf({ lineId: who.line.id });
  return account.planChangeOverview(app, who.line, await planOptions(app));
}

/**
 * Moves the line to another plan (docs/decisions/027): the account records the change once per key
 * and per period; an upgrade moves the line now (the subscriber's guarded update) in the same
 * transaction, a downgrade waits for its cycle day ({@link applyPlanChanges}).
 */
export async function changePlan(app: FastifyInstance, who: PlanChangeRequester, input: account.PlanChangeInput) {
  await app.linesAsOf({ lineId: who.line.id });
  const options = await planOptions(app);
  const { change, replayed } = await app.db.transaction((tx) =>
    account.recordPlanChange(app, tx, who.line, options, input, (t, c) => changeLinePlan(t, c.lineId, c.fromPlanId, c.toPlanId)),
  );
  if (!replayed) await account.notifyPlanChange(app, who.line, change.state === 'applied' ? 'changed' : 'scheduled', change);
  const overview = await account.planChangeOverview(app, who.line, options);
  return { ...overview, change: { id: change.id, kind: change.kind, state: change.state, effectiveOn: change.effectiveOn }, replayed };
}

/** Calls off the line's scheduled change before its day. */
export async function cancelPlanChange(app: FastifyInstance, who: PlanChangeRequester) {
  const change = await account.cancelPlanChange(app, who.line);
  await account.notifyPlanChange(app, who.line, 'cancelled', change);
  return account.planChangeOverview(app, who.line, await planOptions(app));
}

/**
 * Brings the scope's scheduled plan changes up to `now` (called by `app.linesAsOf`): a downgrade whose
 * cycle day came moves the line, once (the change's guarded update and the line's, one transaction).
 * The bills read the change history, so applying it later than its day changes no bill.
 */
export async function applyPlanChanges(app: FastifyInstance, scope: Scope, now = new Date()): Promise<void> {
  const on = isoDayInZone(now, app.market.timeZone);
  for (const c of await account.dueScheduledPlanChanges(app.db, scope, on)) {
    await app.db.transaction(async (tx) => {
      if (await account.markPlanChangeApplied(tx, c.id, now)) await changeLinePlan(tx, c.lineId, c.fromPlanId, c.toPlanId);
    });
  }
}
