import type { Db } from '@andes/db/client';
import { ErrorKeys } from '@andes/domain/error-keys';
import { AppError } from './errors.ts';
import { addressKey } from './rate-limit.ts';
import { giveBack, takeAttempt, type Admitted, type Limit, type Taken, type ThrottleRow } from './throttle-repo.ts';

/**
 * The counting rule (docs/decisions/005-counting-rule.md): every limited action takes its try from
 * each of its counters first, in one statement per counter, and checks the secret, code or answer
 * only when every counter admitted it. A try that turns out right is given back or cleared after.
 */

export const MINUTE = 60_000;

export function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
}

/** The refusal of a plain limit: 429 with the minutes to wait. */
export function tooManyTries(row: ThrottleRow | undefined, now: Date): AppError {
  return new AppError(ErrorKeys.tooManyRequests, 429, { params: { minutes: row?.lockedUntil ? minutesLeft(row.lockedUntil, now) : 1 } });
}

export interface Counter {
  key: string;
  limit: Limit;
  /** What a refusal of this counter answers; a plain 429 with the minutes to wait when absent. */
  refusal?: (row: ThrottleRow | undefined, now: Date) => AppError;
}

/**
 * The key of a counter per client address: every limit keys the client the same way as the general
 * rate limit ({@link addressKey}: an IPv6 address by its /64), so rotating inside one's own /64 gets
 * no fresh counters.
 */
export const perAddress = (prefix: string, ip: string): string => `${prefix}:${addressKey(ip)}`;

/** One try against each counter in order, stopping at the first that refuses; the tries taken before it stay counted. */
export async function takeEach(db: Db, counters: Counter[], now: Date): Promise<{ taken: Admitted[]; refused?: Extract<Taken, { admitted: false }> }> {
  const taken: Admitted[] = [];
  for (const { key, limit } of counters) {
    const result = await takeAttempt(db, key, limit, now);
    if (!result.admitted) return { taken, refused: result };
    taken.push(result);
  }
  return { taken };
}

export async function giveBackAll(db: Db, taken: Admitted[], now: Date): Promise<void> {
  for (const t of taken) await giveBack(db, t, now);
}

/** One try against each counter; a refusal gives back the tries taken before it (nothing was checked) and answers 429. */
export async function takeOrRefuse(db: Db, counters: Counter[], now: Date): Promise<Admitted[]> {
  const { taken, refused } = await takeEach(db, counters, now);
  if (!refused) return taken;
  await giveBackAll(db, taken, now);
  const refusal = counters.find((c) => c.key === refused.key)?.refusal ?? tooManyTries;
  throw refusal(refused.row, now);
}

const DAY = 24 * 60 * MINUTE;
const CODES_WINDOW_MS = 15 * MINUTE;
/** Codes one requester may have texted to one number for one purpose: a stranger's asks never use up the owner's. */
const CODES_PER_REQUESTER: Limit = { windowMs: CODES_WINDOW_MS, lockAfter: 3, lockMs: CODES_WINDOW_MS };
/** Codes one address may have texted, to any numbers, for any purpose (a shop's Wi-Fi helps several customers). */
const CODES_PER_ADDRESS: Limit = { windowMs: CODES_WINDOW_MS, lockAfter: 20, lockMs: CODES_WINDOW_MS };

/** A code texted to a line: what for (a token's purpose, `port` for a portability consent) and who asked. */
export interface CodeSend {
  purpose: string;
  phoneNumber: string;
  address: string;
  /** Codes a day for this purpose to this line from everyone together; null for a code its signed-in holder asked for. */
  dailyCap: number | null;
}

const dailyCapReached = (row: ThrottleRow | undefined, now: Date) =>
  new AppError(ErrorKeys.smsDailyCap, 429, {
    params: { hours: row?.lockedUntil ? Math.max(1, Math.round((row.lockedUntil.getTime() - now.getTime()) / (60 * MINUTE))) : 24 },
  });

/**
 * Counts one code to a line before anything is sent, counted alike whether or not anything will be
 * texted (a number nobody holds, a pair that does not match): per address, per requester and purpose
 * (so a stranger's asks never use up the owner's allowance, nor one purpose another's), and the day's
 * cap per purpose and line across every requester, whose refusal says to try later
 * (docs/decisions/014-what-strangers-learn.md).
 */
export async function takeCodeSend(db: Db, send: CodeSend, alsoCount: Counter[] = [], now = new Date()): Promise<void> {
  const counters: Counter[] = [
    ...alsoCount,
    { key: perAddress('otp-addr', send.address), limit: CODES_PER_ADDRESS },
    { key: perAddress(`otp:${send.purpose}:${send.phoneNumber}`, send.address), limit: CODES_PER_REQUESTER },
  ];
  if (send.dailyCap !== null)
    counters.push({
      key: `otp-day:${send.purpose}:${send.phoneNumber}`,
      limit: { windowMs: DAY, lockAfter: send.dailyCap, lockMs: DAY },
      refusal: dailyCapReached,
    });
  await takeOrRefuse(db, counters, now);
}

const PAIR_WINDOW_MS = 15 * MINUTE;
/** Wrong pairs one number, or one document, may take before its checks lock: a Peruvian DNI is 8 guessable digits. */
const PAIR_PER_KEY: Limit = { windowMs: PAIR_WINDOW_MS, lockAfter: 5, lockMs: PAIR_WINDOW_MS };
/** Wrong pairs one address may send across numbers and documents (a shop's Wi-Fi asks for several customers). */
const PAIR_PER_ADDRESS: Limit = { windowMs: PAIR_WINDOW_MS, lockAfter: 20, lockMs: PAIR_WINDOW_MS };

/** What one address asks about people: wrong pairs, and the numbers it has texted a code to answer for them (the line ownership check). */
export const pairAddress = (address: string): Counter => ({ key: perAddress('own-addr', address), limit: PAIR_PER_ADDRESS });
const pairDocument = (document: string): Counter => ({ key: `own-doc:${document}`, limit: PAIR_PER_KEY });

/**
 * Whether a (normalised) document and a phone number belong together, asked by the line ownership
 * check, password recovery and Peru's unique password alike: one set of counters per address, per
 * number and per document, so no page is a way around another's limit. A wrong pair stays counted.
 */
export async function checkPair(
  db: Db,
  pair: { document: string; phoneNumber: string },
  address: string,
  belongs: () => Promise<boolean>,
  now = new Date(),
): Promise<boolean> {
  const taken = await takeOrRefuse(db, [pairAddress(address), { key: `own-line:${pair.phoneNumber}`, limit: PAIR_PER_KEY }, pairDocument(pair.document)], now);
  const holds = await belongs();
  if (holds) await giveBackAll(db, taken, now);
  return holds;
}

/** Whether a (normalised) document is a customer's: either answer tells something, so every lookup counts like a wrong pair. */
export async function lookUpDocument<T>(db: Db, document: string, address: string, lookUp: () => Promise<T>, now = new Date()): Promise<T> {
  await takeOrRefuse(db, [pairAddress(address), pairDocument(document)], now);
  return lookUp();
}
