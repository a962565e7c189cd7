import { verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { constants, type Market } from '@andes/domain/market';
import { normalizeRut } from '@andes/domain/rut';
import { validateDni, validatePhone } from '@andes/domain/documents';
import { ErrorKeys } from '@andes/domain/error-keys';
import type { Db } from '@andes/db/client';
import { AppError } from '../../http/errors.ts';
import { runPeriodically } from '../../periodic.ts';
import { findCustomerByDocument, findCustomerByPhone, type CustomerRow } from './auth.repo.ts';
import { clearThrottles, purgeForgottenThrottles, type Admitted, type Limit, type ThrottleRow } from '../../http/throttle-repo.ts';
import { MINUTE, giveBackAll, minutesLeft, perAddress, takeEach, tooManyTries, type Counter } from '../../http/throttle.ts';

const DAY = 24 * 60 * MINUTE;
const YEAR = 365 * DAY;
const LOCK_MS = constants.loginLockMinutes * MINUTE;

/**
 * A secret checked at sign-in or for a signed-in change: 5 wrong tries in 15 minutes lock for 15
 * minutes, each further lock within a day doubles the wait (30, 60), and the fourth lasts until the
 * customer recovers the secret by SMS: 20 guesses in a row at most, 0.2% of the 10,000 Chilean PINs.
 */
export const SECRET_SHORT: Limit = {
  windowMs: LOCK_MS,
  lockAfter: constants.loginMaxFailures,
  lockMs: LOCK_MS,
  escalation: { maxLocks: 4, finalLockMs: YEAR, memoryMs: DAY },
};

/**
 * The long memory, for slow guessing that keeps under the 15-minute count: 20 wrong tries within 30
 * days lock until a recovery by SMS, whatever right sign-ins came between (they give back only their
 * own try). At most 19 guesses a month, 231 a year: walking 10,000 PINs takes over 40 years.
 */
export const SECRET_LONG: Limit = { windowMs: 30 * DAY, lockAfter: 20, lockMs: YEAR, escalation: { maxLocks: 1, finalLockMs: YEAR, memoryMs: 0 } };

/** One address may try many accounts (a shop's Wi-Fi), but not enough to sweep 4-digit PINs. */
const ADDRESS: Limit = { windowMs: LOCK_MS, lockAfter: 30, lockMs: LOCK_MS };

/** How close to a lock a wrong answer tells the tries left; earlier the number would only help someone count. */
const TELL_ATTEMPTS_LEFT = 2;

/** Every first wrong try (sign-in, SMS code, ownership check) writes a counter: hourly, the dead ones go. */
const THROTTLE_PURGE_EVERY_SECONDS = 3600;

export function startThrottlePurge(app: FastifyInstance): void {
  runPeriodically(app, 'throttle purge', THROTTLE_PURGE_EVERY_SECONDS, async () => {
    const purged = await purgeForgottenThrottles(app.db, new Date());
    if (purged) app.log.info({ purged }, 'throttle purge');
  });
}

/** Verified against when the account does not exist, so timing does not reveal who is a customer. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$ahuCDH7AV+i82C0x6C4UNQ$4BwZgeZAm/wzZ5M1xNmEfXEQk8RqK0yMaoOaNAdeCHQ';

/** A login identifier as the counters know it: a RUT normalised, a DNI or phone as typed. */
export function loginIdentifier(market: Market, username: string): string {
  return market.document.kind === 'rut' ? normalizeRut(username) : username.trim();
}

export async function findCustomerByLogin(db: Db, market: Market, username: string): Promise<CustomerRow | undefined> {
  const value = loginIdentifier(market, username);
  if (!value) return undefined;
  if (market.document.kind === 'rut' || validateDni(value)) return findCustomerByDocument(db, value);
  if (validatePhone(value)) return findCustomerByPhone(db, value);
  return undefined;
}

/**
 * The counters a stranger can see (address and identifier as typed, whether or not it is anyone's),
 * and those of the account behind the identifier, which are never told (see {@link checkSecret}).
 */
const addressCounter = (address: string): Counter => ({ key: perAddress('addr', address), limit: ADDRESS });
const identifierCounters = (identifier: string): Counter[] => [
  { key: `login:${identifier}`, limit: SECRET_SHORT },
  { key: `login-long:${identifier}`, limit: SECRET_LONG },
];
const accountCounters = (account: string): Counter[] => [
  { key: `cust:${account}`, limit: SECRET_SHORT },
  { key: `cust-long:${account}`, limit: SECRET_LONG },
];

/** Every counter of a customer's secret (its document's, each of its phones', the account's): a recovery or a new secret clears them. */
export function secretCounterKeys(customerId: number, identifiers: string[]): string[] {
  return [...identifiers.flatMap(identifierCounters), ...accountCounters(String(customerId))].map((c) => c.key);
}

/** A locked sign-in's way out: recovering the secret by SMS unlocks at once. */
const RECOVER_BUTTON = { label: 'pp.error.login.recover', url: '/personas/recuperar-clave' };

/** A visible counter's refusal as the customer reads it: the time to wait, or recovery by SMS after the last lock. */
function lockError(limit: Limit, row: ThrottleRow | undefined, now: Date): AppError {
  if (!limit.escalation || !row?.lockedUntil) return tooManyTries(row, now);
  if (row.locks >= limit.escalation.maxLocks) {
    return new AppError(ErrorKeys.accountRecoveryOnly, 429, { detail: 'pp.error.login.recovery.only.detail', otherButton: RECOVER_BUTTON });
  }
  return new AppError(ErrorKeys.accountLocked, 429, {
    params: { minutes: minutesLeft(row.lockedUntil, now) },
    detail: 'pp.error.login.locked.detail',
    extend: 'pp.error.login.locked.extend',
    otherButton: RECOVER_BUTTON,
  });
}

/** The tries left before the nearest lock, told only at the last ones. */
function attemptsLeft(counted: Admitted[]): number | undefined {
  const left = Math.min(...counted.map((t) => t.limit.lockAfter - t.row.failures));
  return left <= TELL_ATTEMPTS_LEFT ? left : undefined;
}

/**
 * Checks a secret under the address, identifier and account limits, counting the try first (a
 * burst gets five checks, not one per request); the counters are database rows, so a restart does
 * not reset them. A wrong secret throws what `wrong` builds from the tries left (told only at the
 * last two).
 *
 * The identifier's counters are the ones a stranger sees: their locks and tries left. The account's
 * (Peru: its DNI and every phone together) refuse without saying so: the try is checked against
 * nothing, takes as long as a check, and is answered and counted as a wrong secret, so a lock earned
 * through the DNI never shows on the phone and no one learns that the two belong together.
 */
export async function checkSecret(
  db: Db,
  input: { customer: CustomerRow | undefined; identifier: string; password: string; address: string },
  wrong: (attemptsLeft: number | undefined) => AppError,
  now = new Date(),
): Promise<void> {
  const seen = await takeEach(db, [addressCounter(input.address), ...identifierCounters(input.identifier)], now);
  if (seen.refused) {
    await giveBackAll(db, seen.taken, now);
    throw lockError(seen.refused.limit, seen.refused.row, now);
  }
  // nobody's identifier takes the same steps against counters of its own, so timing tells nothing either
  const account = await takeEach(db, accountCounters(input.customer ? String(input.customer.id) : `?${input.identifier}`), now);
  // a customer without a secret yet (Peru's unique password not created) cannot sign in with any
  const checkable = !account.refused && input.customer?.secretCreated === true;
  const valid = (await verify(checkable ? input.customer!.secretHash : DUMMY_HASH, input.password)) && checkable;
  const [address, short, long] = seen.taken;
  if (valid) {
    const [accountShort, accountLong] = account.taken;
    await clearThrottles(db, [short.key, accountShort.key]);
    await giveBackAll(db, [address, long, accountLong], now);
    return;
  }
  const locking = [long, short].find((t) => t.locking);
  if (locking) throw lockError(locking.limit, locking.row, now);
  throw wrong(attemptsLeft([short, long]));
}

/** Sign-in by document or phone and secret, under the limits of `checkSecret`. */
export async function signIn(db: Db, market: Market, input: { username: string; password: string; address: string }, now = new Date()): Promise<CustomerRow> {
  const customer = await findCustomerByLogin(db, market, input.username);
  await checkSecret(
    db,
    { customer, identifier: loginIdentifier(market, input.username), password: input.password, address: input.address },
    (attemptsLeft) =>
      new AppError(ErrorKeys.invalidCredentials, 401, {
        fieldErrors: { password: [ErrorKeys.invalidCredentials] },
        fields: { attemptsLeft },
      }),
    now,
  );
  return customer!;
}
