import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import type { CreditOutcome, CreditPurpose } from '@andes/domain/credit';
import { IDENTITY_CHALLENGE_TTL_MS, IDENTITY_MAX_FAILURES, allAnswersRight, identityOutcome, type IdentityOutcome } from '@andes/domain/identity';
import { AppError } from '../../http/errors.ts';
import { normalizeDocument } from '../portability/service.ts';
import { takeAllowance } from '../portability/throttle.ts';
import * as repo from './repo.ts';

export const IdentityErrorKeys = {
  noRecord: 'pp.error.identity.no.record',
  locked: 'pp.error.identity.locked',
  challenge: 'pp.error.identity.challenge',
} as const;

/** Failed rounds count against a document for a day. */
const LOCK_WINDOW_MS = 24 * 60 * 60_000;

const lockedError = () => new AppError(IdentityErrorKeys.locked, 423, { fields: { outcome: 'locked' } });

/** Opens a round of questions for the document, unless it is locked by failed rounds. */
export async function openChallenge(app: FastifyInstance, rawDocument: string) {
  const document = normalizeDocument(app.market, rawDocument);
  const now = new Date();
  if ((await repo.failuresSince(app.db, document, new Date(now.getTime() - LOCK_WINDOW_MS))) >= IDENTITY_MAX_FAILURES) throw lockedError();
  let quiz;
  try {
    quiz = await app.adapters.identity.questions(document);
  } catch (error) {
    app.log.error({ err: error }, 'identity bureau call failed');
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  if (!quiz) throw new AppError(IdentityErrorKeys.noRecord, 404, { fieldErrors: { document: [IdentityErrorKeys.noRecord] } });
  const id = randomBytes(18).toString('base64url');
  await repo.insertChallenge(app.db, { id, document, questions: quiz.questions, expected: quiz.expected, expiresAt: new Date(now.getTime() + IDENTITY_CHALLENGE_TTL_MS) });
  return { challengeId: id, questions: quiz.questions };
}

/** Checks one round's answers once; the third failed round in a day locks the document. */
export async function answerChallenge(app: FastifyInstance, challengeId: string, answers: Record<string, string>): Promise<{ outcome: IdentityOutcome; document: string }> {
  const challenge = await repo.findChallenge(app.db, challengeId);
  if (!challenge || challenge.outcome || challenge.expiresAt <= new Date()) throw new AppError(IdentityErrorKeys.challenge, 409);
  const failuresBefore = await repo.failuresSince(app.db, challenge.document, new Date(Date.now() - LOCK_WINDOW_MS));
  if (failuresBefore >= IDENTITY_MAX_FAILURES) throw lockedError();
  const outcome = identityOutcome(allAnswersRight(challenge.expected, answers), failuresBefore);
  if (!(await repo.settleChallenge(app.db, challengeId, outcome === 'passed' ? 'passed' : 'failed'))) throw new AppError(IdentityErrorKeys.challenge, 409);
  return { outcome, document: challenge.document };
}

/** A credit answer says something about a person: one address may ask only a few an hour. */
const CREDIT_CHECKS_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

/** Asks the credit bureau; an outage is the `error` outcome (the generic-error page), never a 500. */
export async function checkCredit(app: FastifyInstance, address: string, rawDocument: string, purpose: CreditPurpose): Promise<{ outcome: CreditOutcome; document: string }> {
  await takeAllowance(app, `credit:${address}`, CREDIT_CHECKS_PER_HOUR, HOUR_MS);
  const document = normalizeDocument(app.market, rawDocument);
  let outcome: CreditOutcome;
  try {
    outcome = await app.adapters.credit.check({ document, purpose });
  } catch (error) {
    app.log.error({ err: error }, 'credit bureau call failed');
    outcome = 'error';
  }
  return { outcome, document };
}
