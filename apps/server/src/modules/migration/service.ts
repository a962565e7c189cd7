import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MIGRATION_MONTHS_PAID, isMigrationPlan, migrationBlocker, migrationCharge, migrationOutcome, type MigrationState } from '@andes/domain/migration';
import { linePromotion } from '@andes/domain/plans';
import { lineKindOf } from '@andes/domain/plans-sale';
import { formatMoney } from '@andes/domain/money';
import { AppError, notFound } from '../../http/errors.ts';
import { activationPlans, findPlan } from '../plans/repo.ts';
import { planCard } from '../plans/service.ts';
import * as repo from './repo.ts';

type Line = { id: number; phoneNumber: string };

export const MIGRATION_RETURN_PATH = '/restpp/migration/return';

function money(app: FastifyInstance, amount: number) {
  return { amount, formatted: formatMoney(amount, app.market.currency) };
}

async function migratableLine(app: FastifyInstance, line: Line) {
  const row = await repo.lineForMigration(app.db, line.id);
  if (!row) throw notFound();
  return row;
}

/** The plans this line can migrate to, each with what the customer pays now; why not, when it cannot. */
export async function migrationOffer(app: FastifyInstance, line: Line) {
  const row = await migratableLine(app, line);
  const plans = (await activationPlans(app.db)).filter(isMigrationPlan);
  return {
    line: { phoneNumber: row.phoneNumber, kind: row.kind, status: row.status },
    blocker: migrationBlocker(row),
    plans: plans.map((p) => ({ ...planCard(p, null), charge: money(app, migrationCharge(p)) })),
  };
}

/**
 * Starts a migration: one attempt per idempotency key (a double submit gets the same gateway
 * redirect), then the browser goes to the gateway's hosted page. Nothing on the line changes yet.
 */
export async function startMigration(app: FastifyInstance, line: Line, sessionId: string, input: { planId: string; idempotencyKey: string }) {
  const plan = await findPlan(app.db, input.planId);
  if (!plan || !isMigrationPlan(plan)) throw new AppError('migration.error.plan', 400, { fieldErrors: { planId: ['migration.error.plan'] } });
  const row = await migratableLine(app, line);
  const blocker = migrationBlocker(row);
  if (blocker) throw new AppError(blocker, 409);
  const buyOrder = `MG${Date.now().toString(36)}${randomBytes(4).toString('hex')}`.slice(0, 26);
  const created = await repo.insertMigration(app.db, {
    lineId: row.id,
    planId: plan.id,
    fromKind: row.kind,
    fromPlanId: row.planId,
    buyOrder,
    amount: migrationCharge(plan),
    idempotencyKey: input.idempotencyKey,
  });
  const attempt = created ?? (await repo.findByKey(app.db, row.id, input.idempotencyKey));
  if (!attempt) throw new AppError('pp.error.generic', 500);
  if (!created) {
    if (attempt.state !== 'pending' || !attempt.redirectUrl || attempt.planId !== plan.id) throw new AppError('migration.error.idempotency', 409);
    return { buyOrder: attempt.buyOrder, redirectUrl: attempt.redirectUrl, replayed: true };
  }
  const tx = await app.adapters.payments.create({ buyOrder: attempt.buyOrder, sessionId, amount: attempt.amount, returnUrl: MIGRATION_RETURN_PATH });
  const redirectUrl = `${tx.url}?token_ws=${encodeURIComponent(tx.token)}`;
  await repo.setToken(app.db, attempt.id, tx.token, redirectUrl);
  return { buyOrder: attempt.buyOrder, redirectUrl, replayed: false };
}

type Settled = Exclude<MigrationState, 'pending'>;
export type MigrationFinish = { result: 'unknown' } | { result: Settled; buyOrder: string; phoneNumber: string };

type ReturnQuery = { token_ws?: string; TBK_TOKEN?: string; TBK_ORDEN_COMPRA?: string };

async function abortAttempt(app: FastifyInstance, query: ReturnQuery): Promise<MigrationFinish> {
  const attempt = query.TBK_TOKEN ? await repo.findByToken(app.db, query.TBK_TOKEN) : await repo.findByBuyOrder(app.db, query.TBK_ORDEN_COMPRA ?? '');
  if (!attempt) return { result: 'unknown' };
  const settled = (await repo.settle(app.db, attempt.id, { state: 'aborted' })) ?? attempt;
  return { result: settled.state as Settled, buyOrder: settled.buyOrder, phoneNumber: await phoneOf(app, attempt.lineId) };
}

/**
 * The gateway's return: commit (safe to repeat) and, for the first return of an approved payment
 * only, put the line on its plan in the transaction that settles the attempt. A replayed or late
 * return finds the attempt settled and changes nothing; a rejected card changes nothing at all.
 */
export async function finishMigration(app: FastifyInstance, query: ReturnQuery): Promise<MigrationFinish> {
  if (query.TBK_TOKEN || (!query.token_ws && query.TBK_ORDEN_COMPRA)) return abortAttempt(app, query);
  const token = query.token_ws ?? '';
  const attempt = token ? await repo.findByToken(app.db, token) : undefined;
  if (!attempt) return { result: 'unknown' };
  let commit;
  try {
    commit = await app.adapters.payments.commit(token);
  } catch (error) {
    if (error instanceof AppError) return { result: 'unknown' };
    throw error;
  }
  const outcome = migrationOutcome(commit, attempt);
  const plan = await findPlan(app.db, attempt.planId);
  const final = await app.db.transaction(async (tx) => {
    const moved =
      outcome === 'approved' &&
      !!plan &&
      (await repo.moveLineToPlan(tx, attempt.lineId, { id: attempt.planId, kind: lineKindOf(plan.customerGroup), promotion: linePromotion(plan, MIGRATION_MONTHS_PAID) }));
    const state = outcome === 'approved' && !moved ? 'refunded' : outcome;
    const settled = await repo.settle(tx, attempt.id, { state, authorizationCode: commit.authorizationCode, cardLast4: commit.cardLast4 });
    // another return settled it first: undo this one's line change by rolling back
    if (!settled) throw new AlreadySettled();
    return settled;
  }).catch(async (error: unknown) => {
    if (error instanceof AlreadySettled) return (await repo.findByToken(app.db, token)) ?? attempt;
    throw error;
  });
  if (final.state === 'refunded' && !commit.alreadyCommitted) await app.adapters.payments.refund(token);
  return { result: final.state as Settled, buyOrder: final.buyOrder, phoneNumber: await phoneOf(app, attempt.lineId) };
}

async function phoneOf(app: FastifyInstance, lineId: number) {
  return (await repo.lineForMigration(app.db, lineId))?.phoneNumber ?? '';
}

class AlreadySettled extends Error {}

/** One of this line's attempts, for the page the customer returns to; another line's answers 403. */
export async function migrationStatus(app: FastifyInstance, line: Line, buyOrder: string) {
  const attempt = await repo.findByBuyOrder(app.db, buyOrder);
  if (!attempt || attempt.lineId !== line.id) throw new AppError('pp.error.asset.forbidden', 403);
  const plan = await findPlan(app.db, attempt.planId);
  const from = attempt.fromPlanId ? await findPlan(app.db, attempt.fromPlanId) : undefined;
  return {
    buyOrder: attempt.buyOrder,
    state: attempt.state,
    amount: money(app, attempt.amount),
    plan: plan ? planCard(plan, plan.id) : null,
    fromKind: attempt.fromKind,
    fromPlanName: from?.commerceName ?? null,
  };
}
