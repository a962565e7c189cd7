import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  MIGRATION_MONTHS_PAID,
  isMigrationPlan,
  migrationBlocker,
  migrationCharge,
  migrationOutcome,
  type SettledMigrationState,
} from '@andes/domain/migration';
import { linePromotion } from '@andes/domain/plans';
import { termsForLine, type PromotionLineKind } from '@andes/domain/plan-promotion';

/** A prepaid line moved to a plan keeps its number and is no port-in: it gets the promotions for new plan lines. */
const MIGRATED_LINE: PromotionLineKind = 'newLine';
import { lineKindOf } from '@andes/domain/plans-sale';
import { formatMoney } from '@andes/domain/money';
import { ErrorKeys } from '@andes/domain/error-keys';
import { AppError, notFound } from '../../http/errors.ts';
import { firstRedirect } from '../../http/idempotency.ts';
import { attemptOfReturn, readGatewayReturn, type GatewayReturnQuery } from '../../adapters/payments/return.ts';
import { activationPlans, findPlan } from '../plans/plans.repo.ts';
import { planCard } from '../plans/plans.service.ts';
import { moveLineToPlan } from '../subscriber/index.ts';
import * as repo from './migration.repo.ts';
import type { MigrationRow } from './migration.repo.ts';
import type { PaymentOutcome } from '../../adapters/payments/port.ts';
import { COMMIT_GRACE_MS, RECONCILE_LEASE_MS, finishCommit } from '../../adapters/payments/recover.ts';

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
    plans: plans.map((p) => ({ ...planCard(p, null), charge: money(app, migrationCharge(termsForLine(p, MIGRATED_LINE))) })),
  };
}

/**
 * Starts a migration: one attempt per idempotency key (a double submit gets the same gateway
 * redirect), then the browser goes to the gateway's hosted page. Nothing on the line changes yet.
 * The gateway sends the browser back to `returnUrl` (the captive host has its own: decision 023).
 */
export async function startMigration(
  app: FastifyInstance,
  line: Line,
  sessionId: string,
  input: { planId: string; idempotencyKey: string },
  returnUrl = MIGRATION_RETURN_PATH,
) {
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
    amount: migrationCharge(termsForLine(plan, MIGRATED_LINE)),
    idempotencyKey: input.idempotencyKey,
  });
  const attempt = created ?? (await repo.findByKey(app.db, row.id, input.idempotencyKey));
  if (!attempt) throw new AppError('pp.error.generic', 500);
  if (!created) {
    if (attempt.planId !== plan.id) throw new AppError('migration.error.idempotency', 409);
    const first = await firstRedirect(() => repo.findByKey(app.db, row.id, input.idempotencyKey));
    // the first submit could not open the payment: its answer was the gateway's failure
    if (!first?.redirectUrl) throw new AppError(ErrorKeys.connectRealService, 502);
    if (first.state !== 'pending') throw new AppError('migration.error.idempotency', 409);
    return { buyOrder: first.buyOrder, redirectUrl: first.redirectUrl, replayed: true };
  }
  let tx;
  try {
    tx = await app.adapters.payments.create({ buyOrder: attempt.buyOrder, sessionId, amount: attempt.amount, returnUrl });
  } catch (error) {
    // never opened: the key may be used again, and its repeats stop waiting
    await repo.dropUnopened(app.db, attempt.id);
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  const redirectUrl = `${tx.url}?token_ws=${encodeURIComponent(tx.token)}`;
  await repo.setToken(app.db, attempt.id, tx.token, redirectUrl);
  return { buyOrder: attempt.buyOrder, redirectUrl, replayed: false };
}

type Settled = SettledMigrationState;
/** Who the browser returning from the gateway is: the signed-in customer, or the line the captive host's network names. */
export type ReturnOwner = { customerId: number | null } | { lineId: number | null };

export type MigrationFinish = { result: 'unknown' } | { result: Settled; buyOrder: string; phoneNumber: string };

/** What the return page shows: the outcome, or unknown while another return is still committing it. */
async function settledAnswer(app: FastifyInstance, attempt: MigrationRow): Promise<MigrationFinish> {
  if (attempt.state === 'pending' || attempt.state === 'committing') return { result: 'unknown' };
  return { result: attempt.state as Settled, buyOrder: attempt.buyOrder, phoneNumber: await phoneOf(app, attempt.lineId) };
}

/**
 * The gateway's return (paid, refused, cancelled or timed out): the attempt it names (a return naming
 * only the buy order counts for the line's own customer alone: attemptOfReturn) is marked committing,
 * committed at the gateway (safe to repeat; the gateway's answer decides, whatever the return says)
 * and settled ({@link applyCommit}). A replayed or late return finds the attempt settled and changes
 * nothing; a rejected card changes nothing at all.
 */
export async function finishMigration(app: FastifyInstance, query: GatewayReturnQuery, owner: ReturnOwner): Promise<MigrationFinish> {
  const attempt = await attemptOfReturn(
    readGatewayReturn(query),
    { byToken: (token) => repo.findByToken(app.db, token), byBuyOrder: (buyOrder) => repo.findByBuyOrder(app.db, buyOrder) },
    async (found) =>
      'lineId' in owner
        ? owner.lineId === found.lineId
        : owner.customerId !== null && (await repo.lineForMigration(app.db, found.lineId))?.customerId === owner.customerId,
  );
  if (!attempt?.token) return { result: 'unknown' };
  const token = attempt.token;
  // from here the gateway may take the money before the outcome is recorded: the mark lets the order sweep finish it
  await repo.markCommitting(app.db, attempt.id, new Date(Date.now() + COMMIT_GRACE_MS));
  let commit;
  try {
    commit = await app.adapters.payments.commit(token);
  } catch (error) {
    // the gateway refused the token (nothing charged); anything else leaves it to the order sweep
    if (!(error instanceof AppError)) throw error;
    await repo.releaseCommitting(app.db, attempt.id);
    return { result: 'unknown' };
  }
  return settledAnswer(app, await applyCommit(app, attempt, commit));
}

/**
 * Settles an attempt with its committed gateway outcome: for the first to settle an approved payment,
 * the line moves to its plan in the same transaction; an approval for a line another attempt already
 * moved is refunded ({@link refundMigration}). A later caller finds the attempt settled.
 */
async function applyCommit(app: FastifyInstance, attempt: MigrationRow, commit: PaymentOutcome): Promise<MigrationRow> {
  const outcome = migrationOutcome(commit, attempt);
  const plan = await findPlan(app.db, attempt.planId);
  let settledHere = false as boolean;
  const final = await app.db
    .transaction(async (tx) => {
      const moved =
        outcome === 'approved' &&
        !!plan &&
        (await moveLineToPlan(tx, attempt.lineId, {
          id: attempt.planId,
          kind: lineKindOf(plan.customerGroup),
          promotion: linePromotion(termsForLine(plan, MIGRATED_LINE), MIGRATION_MONTHS_PAID),
        }));
      const state = outcome === 'approved' && !moved ? 'refunded' : outcome;
      const settled = await repo.settle(tx, attempt.id, { state, authorizationCode: commit.authorizationCode, cardLast4: commit.cardLast4 });
      // another return settled it first: undo this one's line change by rolling back
      if (!settled) throw new AlreadySettled();
      settledHere = true;
      return settled;
    })
    .catch(async (error: unknown) => {
      if (error instanceof AlreadySettled) return (await repo.findByToken(app.db, attempt.token!)) ?? attempt;
      throw error;
    });
  // counted once it is recorded, by the return that settled it (a late one finds it settled)
  if (settledHere) app.metrics.payment(outcome, 'webPay');
  if (final.state === 'refunded' && !final.refundedAt) await refundMigration(app, final);
  return final;
}

/** Gives back a refunded attempt's payment and records when; one the gateway does not take now is left to the order sweep. */
async function refundMigration(app: FastifyInstance, attempt: MigrationRow): Promise<boolean> {
  try {
    await app.adapters.payments.refund(attempt.token!);
    await repo.markRefunded(app.db, attempt.id);
    app.metrics.payment('refunded', 'webPay');
    return true;
  } catch (error) {
    app.metrics.payment('refund_failed', 'webPay');
    app.log.error({ err: error, buyOrder: attempt.buyOrder }, 'migration refund failed; the order sweep retries');
    return false;
  }
}

/** Attempts finished per sweep, so one slow sweep never runs into the next. */
const MIGRATIONS_PER_SWEEP = 50;

/**
 * The order sweep's part for moves to a plan (registered in index.ts; docs/decisions/007): a commit
 * begun and never recorded is finished with the gateway's own record (or committed now, when the
 * commit never reached it) and settled once through {@link applyCommit}; a refund not given back yet is
 * tried again. Each is claimed first, so two processes sweeping at once finish it once. Answers how
 * many were settled.
 */
export async function reconcileMigrations(app: FastifyInstance, now = new Date()): Promise<number> {
  let settled = 0;
  for (const candidate of await repo.migrationsToReconcile(app.db, now, MIGRATIONS_PER_SWEEP)) {
    const attempt = await repo.claimMigration(app.db, candidate, now, new Date(now.getTime() + RECONCILE_LEASE_MS));
    if (!attempt?.token) continue;
    try {
      if (attempt.state === 'refunded') {
        if (await refundMigration(app, attempt)) settled += 1;
        continue;
      }
      const commit = await finishCommit(app.adapters.payments, attempt.token).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      // a token the gateway does not know was never charged
      const final = commit ? await applyCommit(app, attempt, commit) : await repo.settle(app.db, attempt.id, { state: 'rejected' });
      app.log.warn({ buyOrder: attempt.buyOrder, state: final?.state }, 'migration commit finished by the order sweep');
      settled += 1;
    } catch (error) {
      // the gateway or the database is still away: the claim lapses and a later sweep tries again
      app.log.error({ err: error, buyOrder: attempt.buyOrder }, 'migration reconciliation failed');
    }
  }
  return settled;
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
