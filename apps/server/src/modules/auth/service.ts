import { verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { constants, type Market } from '@andes/domain/market';
import { normalizeRut } from '@andes/domain/rut';
import { validateDni, validatePhone } from '@andes/domain/documents';
import { ErrorKeys } from '@andes/domain/error-keys';
import type { Db } from '@andes/db/client';
import { AppError } from '../../http/errors.ts';
import { runPeriodically } from '../../periodic.ts';
import {
  clearThrottle,
  findCustomerByDocument,
  findCustomerByPhone,
  purgeForgottenThrottles,
  readThrottle,
  recordFailure,
  type CustomerRow,
  type LockEscalation,
} from './repo.ts';

const MINUTE = 60_000;

const WINDOW_MS = constants.loginLockMinutes * MINUTE;
const LOCK_MS = constants.loginLockMinutes * MINUTE;

/**
 * A secret checked at sign-in or for a signed-in change: 5 wrong tries lock the account for 15
 * minutes, each further lock doubles the wait (30, 60), and the fourth lasts until the customer
 * recovers the secret by SMS: 20 guesses at most, 0.2% of the 10,000 Chilean PINs.
 */
export const ACCOUNT_ESCALATION: LockEscalation = { maxLocks: 4, finalLockMs: 365 * 24 * 60 * MINUTE, memoryMs: 24 * 60 * MINUTE };

/** One address may try many accounts (a shop's Wi-Fi), but not enough to sweep 4-digit PINs. */
const ADDRESS_MAX_FAILURES = 30;

/** Every first wrong try (sign-in, SMS code, ownership check) writes a counter: hourly, the dead ones go. */
const THROTTLE_PURGE_EVERY_SECONDS = 3600;

export function startThrottlePurge(app: FastifyInstance): void {
  runPeriodically(app, 'throttle purge', THROTTLE_PURGE_EVERY_SECONDS, async () => {
    const purged = await purgeForgottenThrottles(app.db, new Date());
    if (purged) app.log.info({ purged }, 'throttle purge');
  });
}

/** Verified against when the account does not exist, so timing does not reveal who is a customer. */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$ahuCDH7AV+i82C0x6C4UNQ$4BwZgeZAm/wzZ5M1xNmEfXEQk8RqK0yMaoOaNAdeCHQ';

export async function findCustomerByLogin(db: Db, market: Market, username: string): Promise<CustomerRow | undefined> {
  if (market.document.kind === 'rut') {
    const rut = normalizeRut(username);
    return rut ? findCustomerByDocument(db, rut) : undefined;
  }
  const value = username.trim();
  if (validateDni(value)) return findCustomerByDocument(db, value);
  if (validatePhone(value)) return findCustomerByPhone(db, value);
  return undefined;
}

function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
}

/** The account's lock as the customer reads it: the time to wait, or recovery by SMS after the last lock. */
function accountLocked(row: { lockedUntil: Date | null; locks: number }, now: Date): AppError {
  if (row.locks >= ACCOUNT_ESCALATION.maxLocks) {
    return new AppError(ErrorKeys.accountRecoveryOnly, 429, { detail: 'pp.error.login.recovery.only.detail' });
  }
  return new AppError(ErrorKeys.accountLocked, 429, {
    params: { minutes: minutesLeft(row.lockedUntil!, now) },
    detail: 'pp.error.login.locked.detail',
  });
}

async function assertNotLocked(db: Db, key: string, now: Date): Promise<void> {
  const row = await readThrottle(db, key);
  if (!(row?.lockedUntil && row.lockedUntil > now)) return;
  if (key.startsWith('addr:')) {
    throw new AppError(ErrorKeys.tooManyRequests, 429, { params: { minutes: minutesLeft(row.lockedUntil, now) } });
  }
  throw accountLocked(row, now);
}

/** The account key of a customer, shared by sign-in and the signed-in change so both count toward one lock. */
export const customerThrottleKey = (customerId: number) => `cust:${customerId}`;

const accountKeyOf = (customer: CustomerRow | undefined, username: string) =>
  customer ? customerThrottleKey(customer.id) : `login:${username.replace(/\W/g, '').toUpperCase()}`;

/**
 * Checks a secret under the account and address limits; the counters are database rows, so a
 * restart does not reset them. A wrong secret throws what `wrong` builds from the tries left.
 */
export async function checkSecret(
  db: Db,
  input: { customer: CustomerRow | undefined; accountKey: string; password: string; address: string },
  wrong: (attemptsLeft: number) => AppError,
  now = new Date(),
): Promise<void> {
  const addressKey = `addr:${input.address}`;
  await assertNotLocked(db, addressKey, now);
  await assertNotLocked(db, input.accountKey, now);
  // a customer without a secret yet (Peru's unique password not created) cannot sign in with any
  const secretHash = input.customer?.secretCreated ? input.customer.secretHash : DUMMY_HASH;
  const valid = (await verify(secretHash, input.password)) && input.customer?.secretCreated === true;
  if (valid) {
    await clearThrottle(db, input.accountKey);
    return;
  }
  const account = await recordFailure(db, input.accountKey, now, WINDOW_MS, constants.loginMaxFailures, LOCK_MS, ACCOUNT_ESCALATION);
  await recordFailure(db, addressKey, now, WINDOW_MS, ADDRESS_MAX_FAILURES, LOCK_MS);
  if (account?.lockedUntil && account.lockedUntil > now) throw accountLocked(account, now);
  throw wrong(constants.loginMaxFailures - (account?.failures ?? 0));
}

/** Sign-in by document or phone and secret, under the limits of `checkSecret`. */
export async function signIn(
  db: Db,
  market: Market,
  input: { username: string; password: string; address: string },
  now = new Date(),
): Promise<CustomerRow> {
  const customer = await findCustomerByLogin(db, market, input.username);
  await checkSecret(
    db,
    { customer, accountKey: accountKeyOf(customer, input.username), password: input.password, address: input.address },
    (attemptsLeft) =>
      new AppError(ErrorKeys.invalidCredentials, 401, {
        fieldErrors: { password: [ErrorKeys.invalidCredentials] },
        fields: { attemptsLeft },
      }),
    now,
  );
  return customer!;
}
