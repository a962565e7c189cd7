import type { FastifyInstance } from 'fastify';
import { constants } from '@andes/domain/market';
import { ErrorKeys } from '@andes/domain/error-keys';
import { profiledPlans } from '@andes/domain/migration';
import { AppError } from '../../http/errors.ts';
import { readThrottle, recordFailure } from '../auth/repo.ts';
import { activationPlans } from '../plans/repo.ts';
import { normalizedDocument, planCard } from '../plans/service.ts';
import { isLineHolder, linesWithPlanPrice } from './repo.ts';

const WINDOW_MS = constants.loginLockMinutes * 60_000;
/** Wrong pairs one number may take before its check locks: a Peruvian DNI is 8 guessable digits. */
const LINE_MAX_FAILURES = constants.loginMaxFailures;
/** Wrong pairs one address may send across numbers (a shop's Wi-Fi asks for several customers). */
const ADDRESS_MAX_FAILURES = 20;

async function assertOpen(app: FastifyInstance, key: string, now: Date) {
  const row = await readThrottle(app.db, key);
  if (row?.lockedUntil && row.lockedUntil > now) {
    const minutes = Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 60_000));
    throw new AppError(ErrorKeys.tooManyRequests, 429, { params: { minutes } });
  }
}

/**
 * Line ownership check: answers only whether the number is held by the document, the same way for
 * an unknown number and for someone else's line, so it reveals nothing more. Wrong pairs count like
 * failed sign-ins, per number and per address, and lock further checks for a while.
 */
export async function checkOwnership(app: FastifyInstance, input: { document: string; phoneNumber: string }, address: string, now = new Date()) {
  const lineKey = `own-line:${input.phoneNumber}`;
  const addressKey = `own-addr:${address}`;
  await assertOpen(app, addressKey, now);
  await assertOpen(app, lineKey, now);
  const holder = await isLineHolder(app.db, normalizedDocument(app.market, input.document), input.phoneNumber);
  if (!holder) {
    await recordFailure(app.db, lineKey, now, WINDOW_MS, LINE_MAX_FAILURES, WINDOW_MS);
    await recordFailure(app.db, addressKey, now, WINDOW_MS, ADDRESS_MAX_FAILURES, WINDOW_MS);
  }
  return { holder };
}

/** Per line of the customer: its plan and the plans profiled for it (better than the current one). */
export async function profiledOffer(app: FastifyInstance, customerId: number) {
  const [lines, plans] = await Promise.all([linesWithPlanPrice(app.db, customerId), activationPlans(app.db)]);
  return lines.map((l) => {
    const current = l.planId && l.planPrice !== null ? { id: l.planId, price: l.planPrice } : null;
    return {
      phoneNumber: l.phoneNumber,
      kind: l.kind,
      status: l.status,
      planName: l.planName,
      offers: profiledPlans(current, plans).map((p) => planCard(p, null)),
    };
  });
}
