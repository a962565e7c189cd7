import type { FastifyInstance } from 'fastify';
import { OPEN_ORDER_STATES } from '@andes/domain/order-state';
import { AppError } from '../../http/errors.ts';
import { RECONCILE_LEASE_MS, finishCommit } from '../../adapters/payments/recover.ts';
import { NOTHING_CHARGED, attemptOutcome, refundLateApproval, settleAttempt, type AttemptOutcome } from './order.service.ts';
import * as repo from './order.repo.ts';
import type { AttemptRow } from './order.repo.ts';

/** Attempts finished per sweep, so one slow sweep never runs into the next. */
const ATTEMPTS_PER_SWEEP = 50;

/** What the return records when the gateway does not know the token (expired, never paid): nothing was charged. */
const UNKNOWN_TO_GATEWAY: AttemptOutcome = { status: 'failed', ...NOTHING_CHARGED };

/**
 * The order sweep's part for payments the gateway may hold that the shop never recorded (docs/decisions/007):
 * a commit begun and not recorded (the process died, or lost its database, between the gateway's commit
 * and the order's update, a given-up attempt's included) is finished with the gateway's own record,
 * paying the order, or refunding an approval for an order no longer waiting or an attempt given up; an
 * approval owed back is refunded again; a cash code whose order ran out of
 * time is asked about before the order expires. Each attempt is claimed first (two processes sweeping
 * at once finish it once) and settled through {@link settleAttempt}, once. Answers how many were settled.
 */
export async function reconcilePayments(app: FastifyInstance, now = new Date()): Promise<number> {
  let settled = 0;
  for (const candidate of await repo.attemptsToReconcile(app.db, OPEN_ORDER_STATES, now, ATTEMPTS_PER_SWEEP)) {
    const attempt = await repo.claimAttempt(app.db, candidate, now, new Date(now.getTime() + RECONCILE_LEASE_MS));
    if (!attempt) continue;
    try {
      if (await reconcileAttempt(app, attempt)) settled += 1;
    } catch (error) {
      // the gateway or the database is still away: the claim lapses and a later sweep tries again
      app.log.error({ err: error, buyOrder: attempt.buyOrder }, 'payment reconciliation failed');
    }
  }
  return settled;
}

async function reconcileAttempt(app: FastifyInstance, attempt: AttemptRow): Promise<boolean> {
  const token = attempt.token!;
  if (attempt.status === 'refund_pending') return (await refundLateApproval(app, app.log, attempt)).status === 'refunded';
  if (attempt.status === 'committing' || repo.GIVEN_UP_ATTEMPT_STATES.includes(attempt.status)) {
    let outcome: AttemptOutcome;
    try {
      outcome = attemptOutcome(await finishCommit(app.adapters.payments, token), attempt);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome = UNKNOWN_TO_GATEWAY;
    }
    const settled = await settleAttempt(app, app.log, attempt, outcome);
    app.log.warn({ buyOrder: attempt.buyOrder, status: settled.status }, 'payment commit finished by the order sweep');
    return true;
  }
  // a cash code: the provider takes the money on its own; only a paid one is settled here
  const known = await app.adapters.payments.status(token);
  if (!known.committed) return false;
  const settled = await settleAttempt(app, app.log, attempt, attemptOutcome(known.outcome, attempt));
  app.log.warn({ buyOrder: attempt.buyOrder, status: settled.status }, 'paid cash code found by the order sweep');
  return true;
}
