import { verify } from '@node-rs/argon2';
import { constants, type Market } from '@andes/domain/market';
import { normalizeRut } from '@andes/domain/rut';
import { validateDni, validatePhone } from '@andes/domain/documents';
import { ErrorKeys } from '@andes/domain/error-keys';
import type { Db } from '@andes/db/client';
import { AppError } from '../../http/errors.ts';
import {
  clearThrottle,
  findCustomerByDocument,
  findCustomerByPhone,
  readThrottle,
  recordFailure,
  type CustomerRow,
} from './repo.ts';

const WINDOW_MS = constants.loginLockMinutes * 60_000;
const LOCK_MS = constants.loginLockMinutes * 60_000;
/** One address may try many accounts (a shop's Wi-Fi), but not enough to sweep 4-digit PINs. */
const ADDRESS_MAX_FAILURES = 30;

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
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

async function assertNotLocked(db: Db, key: string, now: Date, errorKey: string): Promise<void> {
  const row = await readThrottle(db, key);
  if (row?.lockedUntil && row.lockedUntil > now) {
    throw new AppError(errorKey, 429, { params: { minutes: minutesLeft(row.lockedUntil, now) } });
  }
}

/**
 * Checks a PIN or password with per-account lockout (5 wrong tries lock the account for 15 minutes)
 * and a per-address limit; both counters are rows in the database, so a restart does not reset them.
 */
export async function signIn(
  db: Db,
  market: Market,
  input: { username: string; password: string; address: string },
  now = new Date(),
): Promise<CustomerRow> {
  const addressKey = `addr:${input.address}`;
  await assertNotLocked(db, addressKey, now, ErrorKeys.tooManyRequests);
  const customer = await findCustomerByLogin(db, market, input.username);
  const accountKey = customer ? `cust:${customer.id}` : `login:${input.username.replace(/\W/g, '').toUpperCase()}`;
  await assertNotLocked(db, accountKey, now, ErrorKeys.accountLocked);

  const valid = await verify(customer?.secretHash ?? DUMMY_HASH, input.password);
  if (customer && valid) {
    await clearThrottle(db, accountKey);
    return customer;
  }
  const account = await recordFailure(db, accountKey, now, WINDOW_MS, constants.loginMaxFailures, LOCK_MS);
  await recordFailure(db, addressKey, now, WINDOW_MS, ADDRESS_MAX_FAILURES, LOCK_MS);
  if (account?.lockedUntil && account.lockedUntil > now) {
    throw new AppError(ErrorKeys.accountLocked, 429, { params: { minutes: minutesLeft(account.lockedUntil, now) } });
  }
  const remaining = constants.loginMaxFailures - (account?.failures ?? 0);
  throw new AppError(ErrorKeys.invalidCredentials, 401, {
    fieldErrors: { password: [ErrorKeys.invalidCredentials] },
    fields: { attemptsLeft: remaining },
  });
}
