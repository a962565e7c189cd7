import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import type { CreditOutcome, CreditPurpose } from '@andes/domain/credit';
import { IDENTITY_CHALLENGE_TTL_MS, IDENTITY_MAX_FAILURES, allAnswersRight, identityOutcome, type IdentityOutcome } from '@andes/domain/identity';
import { AppError } from '../../http/errors.ts';
import { normalizeDocument } from '@andes/domain/customer-document';
import { MINUTE, perAddress, takeOrRefuse, type Counter } from '../../http/throttle.ts';
import { giveBack, readThrottle, takeAttempt, type Limit } from '../../http/throttle-repo.ts';
import * as repo from './identity.repo.ts';

export const IdentityErrorKeys = {
  noRecord: 'pp.error.identity.no.record',
  locked: 'pp.error.identity.locked',
  challenge: 'pp.error.identity.challenge',
} as const;

const HOUR_MS = 60 * MINUTE;
const DAY_MS = 24 * HOUR_MS;
/** Failed rounds count against a document for a day; the one that makes three locks it for a day. */
const ROUNDS: Limit = { windowMs: DAY_MS, lockAfter: IDENTITY_MAX_FAILURES, lockMs: DAY_MS };
const roundsKey = (document: string) => `identity:${document}`;

const lockedError = () => new AppError(IdentityErrorKeys.locked, 423, { fields: { outcome: 'locked' } });

/**
 * Every call that says something about a person is counted first, per client address and per
 * document, before the bureau is asked (docs/decisions/014-what-strangers-learn.md): a set of
 * questions shows which answers a person's record holds, so a stranger must not farm sets for one
 * document nor sweep documents from one address. A refused call gives back the tries it took.
 */
const perHour = (max: number): Limit => ({ windowMs: HOUR_MS, lockAfter: max, lockMs: HOUR_MS });
const perDay = (max: number): Limit => ({ windowMs: DAY_MS, lockAfter: max, lockMs: DAY_MS });
/** Rounds opened: a customer needs one or two (the third failed round locks the document anyway). */
const openCounters = (address: string, document: string): Counter[] => [
  { key: perAddress('identity-open', address), limit: perHour(10) },
  { key: `identity-open-doc:${document}`, limit: perDay(5) },
];
/** Answers sent from one address, whatever the round (each round also counts on its document). */
const answerCounter = (address: string): Counter => ({ key: perAddress('identity-answer', address), limit: perHour(20) });
/** Credit answers: one address asks for a few people, one document is asked about a few times. */
const creditCounters = (address: string, document: string): Counter[] => [
  { key: perAddress('credit', address), limit: perHour(10) },
  { key: `credit-doc:${document}`, limit: perHour(5) },
];

/** Opens a round of questions for the document (counted first), unless it is locked by failed rounds. */
export async function openChallenge(app: FastifyInstance, address: string, rawDocument: string) {
  const document = normalizeDocument(app.market, rawDocument);
  const now = new Date();
  await takeOrRefuse(app.db, openCounters(address, document), now);
  // a read, not a count: the rounds are counted atomically when answered, where the lock is decided
  const rounds = await readThrottle(app.db, roundsKey(document));
  if (rounds?.lockedUntil && rounds.lockedUntil > now) throw lockedError();
  let quiz;
  try {
    quiz = await app.adapters.identity.questions(document);
  } catch (error) {
    app.log.error({ err: error }, 'identity bureau call failed');
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  if (!quiz) throw new AppError(IdentityErrorKeys.noRecord, 404, { fieldErrors: { document: [IdentityErrorKeys.noRecord] } });
  const id = randomBytes(18).toString('base64url');
  await repo.insertChallenge(app.db, {
    id,
    document,
    questions: quiz.questions,
    expected: quiz.expected,
    expiresAt: new Date(now.getTime() + IDENTITY_CHALLENGE_TTL_MS),
  });
  return { challengeId: id, questions: quiz.questions };
}

/**
 * Checks one round's answers once. The round counts against the document before its answers are
 * judged (rounds answered in parallel get no more judgements than rounds in a row); a passed round
 * gives its count back, and the third failed round in a day locks the document.
 */
export async function answerChallenge(
  app: FastifyInstance,
  address: string,
  challengeId: string,
  answers: Record<string, string>,
): Promise<{ outcome: IdentityOutcome; document: string }> {
  const now = new Date();
  await takeOrRefuse(app.db, [answerCounter(address)], now);
  const challenge = await repo.findChallenge(app.db, challengeId);
  if (!challenge || challenge.outcome || challenge.expiresAt <= now) throw new AppError(IdentityErrorKeys.challenge, 409);
  const taken = await takeAttempt(app.db, roundsKey(challenge.document), ROUNDS, now);
  if (!taken.admitted) throw lockedError();
  const right = allAnswersRight(challenge.expected, answers);
  const outcome = identityOutcome(right, taken.locking ? IDENTITY_MAX_FAILURES - 1 : taken.row.failures - 1);
  const settled = await repo.settleChallenge(app.db, challengeId, outcome === 'passed' ? 'passed' : 'failed');
  // a round already answered (a second answer to it in parallel) judged nothing: its count goes back
  if (right || !settled) await giveBack(app.db, taken, now);
  if (!settled) throw new AppError(IdentityErrorKeys.challenge, 409);
  return { outcome, document: challenge.document };
}

/** Asks the credit bureau; an outage is the `error` outcome (the generic-error page), never a 500. */
export async function checkCredit(
  app: FastifyInstance,
  address: string,
  rawDocument: string,
  purpose: CreditPurpose,
): Promise<{ outcome: CreditOutcome; document: string }> {
  const document = normalizeDocument(app.market, rawDocument);
  await takeOrRefuse(app.db, creditCounters(address, document), new Date());
  let outcome: CreditOutcome;
  try {
    outcome = await app.adapters.credit.check({ document, purpose });
  } catch (error) {
    app.log.error({ err: error }, 'credit bureau call failed');
    outcome = 'error';
  }
  return { outcome, document };
}
