import type { FastifyInstance } from 'fastify';
import type { Db } from '@andes/db/client';
import { isoDayInZone, nextCycleDay, planPriceOn, previousCycleDay, splitPlanCharge } from '@andes/domain/account-bills';
import { lineRefusal } from '@andes/domain/device';
import { formatCalendarDay } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { formatMoney } from '@andes/domain/money';
import { MIGRATION_PATH, planChangeKind, planChangeTargets, type PlanChangeKind } from '@andes/domain/plan-change';
import { lineTerms, planPriceInMonth } from '@andes/domain/plans';
import { AppError } from '../../http/errors.ts';
import { wholeBillCount } from './billing.repo.ts';
import { addNotification } from './customer.repo.ts';
import * as repo from './plan-change.repo.ts';
import type { NamedPlanChange, PlanChange, PlanChangeLine } from './plan-change.repo.ts';

/** A plan the line may move to, as the plans capability lists it (its selector's card fields). */
export interface PlanOption {
  id: string;
  planName: string;
  commerceName: string;
  customerGroup: string;
  price: number;
  data: string | null;
  voice: string | null;
  sms: string | null;
  showInActivationFlow: boolean;
}

type Line = { id: number; phoneNumber: string; customerId: number };

export const today = (app: FastifyInstance, now = new Date()) => isoDayInZone(now, app.market.timeZone);
const money = (app: FastifyInstance, amount: number) => ({ amount, formatted: formatMoney(amount, app.market.currency) });

/** The bill day that ends the period running on `on`: the line's next bill day, or its next cycle day before it has one. */
function periodEnd(line: PlanChangeLine, on: string): string {
  return line.nextBillOn && line.nextBillOn > on ? line.nextBillOn : nextCycleDay(on, line.cycleDay);
}

/** What the line pays a month now: its plan in force today (its changes decide), the promotion it keeps. */
async function currentMonthly(db: Db, line: PlanChangeLine, on: string): Promise<number> {
  const kept = planPriceInMonth(lineTerms(line.price ?? 0, line), (await wholeBillCount(db, line.id)) + 1);
  return planPriceOn(await repo.lineChanges(db, line.id), on, kept);
}

/**
 * The next bill's plan charge were the line to move to a plan of `toPrice` today: each plan for its
 * days (the rule the bill applies, docs/decisions/027), so the page shows what the bill will charge.
 */
function upgradeEstimate(line: PlanChangeLine, fromPrice: number, toPrice: number, on: string, endsOn: string) {
  const firstFrom = line.proratedFrom && line.nextBillOn === endsOn ? line.proratedFrom : null;
  return splitPlanCharge(fromPrice, toPrice, firstFrom ?? previousCycleDay(endsOn), on, endsOn);
}

function changeView(app: FastifyInstance, c: NamedPlanChange) {
  return {
    id: c.id,
    kind: c.kind,
    state: c.state,
    fromPlan: { id: c.fromPlanId, name: c.fromPlanName },
    toPlan: { id: c.toPlanId, name: c.toPlanName },
    fromPrice: money(app, c.fromPrice),
    toPrice: money(app, c.toPrice),
    effectiveOn: c.effectiveOn,
    periodEndsOn: c.periodEndsOn,
    createdAt: c.createdAt.toISOString(),
    bill:
      c.billId !== null && c.fromAmount !== null && c.toAmount !== null
        ? { id: c.billId, fromAmount: money(app, c.fromAmount), toAmount: money(app, c.toAmount) }
        : null,
  };
}
export type PlanChangeView = ReturnType<typeof changeView>;

/** Why this line cannot change plan here now: a prepaid line (it moves to a plan elsewhere), or its status (blocked, suspended, cut). */
function refusalOf(line: PlanChangeLine): string | null {
  if (line.kind === 'prepaid' || !line.planId) return 'account.planChange.error.prepaid';
  return lineRefusal(line.status);
}

async function loadLine(db: Db, lineId: number): Promise<PlanChangeLine> {
  const line = await repo.lineForPlanChange(db, lineId);
  if (!line) throw new AppError('pp.error.not.found', 404);
  return line;
}

/**
 * The cambio-plan page: the line's plan and what it pays, the plans it may move to (each an upgrade
 * now, with the next bill's two parts, or a downgrade on the next cycle day), a scheduled change that
 * may still be cancelled, the change made this period (one per period), and the earlier changes.
 */
export async function planChangeOverview(app: FastifyInstance, lineRef: Line, options: PlanOption[]) {
  const line = await loadLine(app.db, lineRef.id);
  const on = today(app);
  const refusal = refusalOf(line);
  const history = (await repo.planChangeList(app.db, line.id)).map((c) => changeView(app, c));
  const endsOn = periodEnd(line, on);
  const base = {
    phoneNumber: line.phoneNumber,
    kind: line.kind,
    status: line.status,
    today: on,
    periodEndsOn: endsOn,
    refusal,
    migrationPath: line.kind === 'prepaid' ? MIGRATION_PATH : null,
    history,
    pending: history.find((c) => c.state === 'scheduled') ?? null,
    thisPeriod: history.find((c) => c.state !== 'cancelled' && c.periodEndsOn === endsOn) ?? null,
  };
  if (line.kind === 'prepaid' || !line.planId) return { ...base, current: null, plans: [] };
  const monthly = await currentMonthly(app.db, line, on);
  const targets = planChangeTargets({ kind: line.kind, planId: line.planId, planName: line.planName ?? '' }, options);
  return {
    ...base,
    current: { id: line.planId, name: line.commerceName ?? line.planId, price: money(app, line.price ?? 0), monthly: money(app, monthly) },
    plans: targets.map((p) => {
      const kind: PlanChangeKind = planChangeKind(line.price ?? 0, p.price);
      const estimate = kind === 'upgrade' ? upgradeEstimate(line, monthly, p.price, on, endsOn) : null;
      return {
        id: p.id,
        name: p.commerceName,
        customerGroup: p.customerGroup,
        data: p.data,
        voice: p.voice,
        sms: p.sms,
        price: money(app, p.price),
        kind,
        effectiveOn: kind === 'upgrade' ? on : endsOn,
        nextBill: estimate && {
          issuesOn: endsOn,
          from: { days: estimate.from.days, amount: money(app, estimate.from.amount) },
          to: { days: estimate.to.days, amount: money(app, estimate.to.amount) },
          periodDays: estimate.from.periodDays,
          amount: money(app, estimate.amount),
        },
      };
    }),
  };
}

export interface PlanChangeInput {
  planId: string;
  price: number;
  idempotencyKey: string;
}

const fieldError = (field: string, key: string, status: number) => new AppError(key, status, { fieldErrors: { [field]: [key] } });

/**
 * Records the line's move to `input.planId` in the caller's transaction, once per idempotency key and
 * once per billing period (the unique indexes: of parallel requests one inserts, a repeat of its key
 * gets it back, the others are refused). An upgrade is applied now by `moveLine` (the subscriber's
 * guarded update, in the same transaction); a downgrade is scheduled for the next cycle day.
 */
export async function recordPlanChange(
  app: FastifyInstance,
  tx: Db,
  lineRef: Line,
  options: PlanOption[],
  input: PlanChangeInput,
  moveLine: (tx: Db, change: PlanChange) => Promise<boolean>,
  now = new Date(),
): Promise<{ change: PlanChange; replayed: boolean }> {
  const line = await loadLine(tx, lineRef.id);
  const replay = (earlier: PlanChange) => {
    if (earlier.toPlanId !== input.planId) throw new AppError('account.error.idempotency', 409);
    return { change: earlier, replayed: true };
  };
  const earlier = await repo.planChangeByKey(tx, line.id, input.idempotencyKey);
  if (earlier) return replay(earlier);
  const refusal = refusalOf(line);
  if (refusal) throw new AppError(refusal, 409);
  const on = today(app, now);
  const endsOn = periodEnd(line, on);
  // one change per billing period (a scheduled one may be cancelled first); each statement reads what
  // is committed by then, so the period's change may be a double submit of this key committed meanwhile
  const inPeriod = (await repo.lineChanges(tx, line.id)).find((c) => c.periodEndsOn === endsOn);
  if (inPeriod) {
    if (inPeriod.idempotencyKey === input.idempotencyKey) return replay(inPeriod);
    throw new AppError('account.planChange.error.once', 409);
  }
  const target = planChangeTargets({ kind: line.kind, planId: line.planId!, planName: line.planName ?? '' }, options).find((p) => p.id === input.planId);
  if (!target) throw fieldError('planId', 'account.planChange.error.plan', 400);
  // the price the customer saw is the price the line will pay
  if (target.price !== input.price) throw fieldError('price', 'account.planChange.error.price', 409);
  const kind = planChangeKind(line.price ?? 0, target.price);
  const created = await repo.insertPlanChange(tx, {
    lineId: line.id,
    kind,
    fromPlanId: line.planId!,
    toPlanId: target.id,
    fromPrice: await currentMonthly(tx, line, on),
    toPrice: target.price,
    effectiveOn: kind === 'upgrade' ? on : endsOn,
    periodEndsOn: endsOn,
    state: kind === 'upgrade' ? 'applied' : 'scheduled',
    idempotencyKey: input.idempotencyKey,
    createdAt: now,
    appliedAt: kind === 'upgrade' ? now : null,
  });
  if (!created) {
    const same = await repo.planChangeByKey(tx, line.id, input.idempotencyKey);
    if (same) return same.toPlanId === input.planId ? { change: same, replayed: true } : Promise.reject(new AppError('account.error.idempotency', 409));
    throw new AppError('account.planChange.error.once', 409);
  }
  if (kind === 'upgrade' && !(await moveLine(tx, created))) throw new AppError('account.planChange.error.once', 409);
  return { change: created, replayed: false };
}

/** Calls off the line's scheduled change (only before its day). */
export async function cancelPlanChange(app: FastifyInstance, lineRef: Line, now = new Date()): Promise<PlanChange> {
  const cancelled = await repo.cancelScheduled(app.db, lineRef.id, today(app, now), now);
  if (!cancelled) throw new AppError('account.planChange.error.none', 409);
  return cancelled;
}

/** The customer's notice of a change made, scheduled or cancelled. */
export async function notifyPlanChange(app: FastifyInstance, line: Line, kind: 'changed' | 'scheduled' | 'cancelled', change: PlanChange) {
  const named = (await repo.planChangeList(app.db, line.id)).find((c) => c.id === change.id);
  const params = {
    phone: formatPhone(line.phoneNumber, app.market.site),
    from: named?.fromPlanName ?? change.fromPlanId,
    to: named?.toPlanName ?? change.toPlanId,
    date: formatCalendarDay(change.effectiveOn, 'long'),
  };
  await addNotification(
    app.db,
    line.customerId,
    app.t(`account.planChange.notice.${kind}.subject`, params),
    app.t(`account.planChange.notice.${kind}.body`, params),
  );
}

export { dueScheduled as dueScheduledPlanChanges, markApplied as markPlanChangeApplied } from './plan-change.repo.ts';
