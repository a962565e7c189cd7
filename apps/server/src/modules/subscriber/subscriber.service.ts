import { randomBytes, randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Db } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import { normalizedDocument } from '@andes/domain/customer-document';
import { iccidOf } from '@andes/domain/iccid';
import { AppError } from '../../http/errors.ts';
import * as customers from './customers.repo.ts';
import * as repo from './lines.repo.ts';

/** The contact a buyer gave at the checkout, the profile's first data. */
export type BuyerContact = { name: string; document: string; email: string; phoneNumber: string } | null;

/**
 * "Create customer profile" (for additional lines and VEP, SPEC §7 named actions): the buyer's profile
 * keyed by the document, made once; a second call finds it.
 */
export async function createCustomerProfile(tx: Db, market: Market, contact: BuyerContact): Promise<{ id: number; created: boolean }> {
  const document = contact ? normalizedDocument(market, contact.document) : '';
  if (!contact || !document) throw new AppError('pp.error.checkout.identification', 409);
  const existing = await customers.findCustomerByDocument(tx, document);
  if (existing) return { id: existing.id, created: false };
  const [firstName, ...rest] = contact.name.trim().split(/\s+/);
  const id = await customers.insertCustomer(tx, {
    document,
    firstName,
    lastName: rest.join(' '),
    email: contact.email,
    contactPhone: contact.phoneNumber,
    gender: 'unknown',
    secretHash: await hash(randomBytes(32).toString('base64url')),
    secretCreated: false,
  });
  return { id, created: true };
}

const NUMBER_ATTEMPTS = 20;

/** A free 9-digit mobile number starting with 9 (DOMAIN.md "Phone numbers"). */
async function freeNumber(tx: Db): Promise<string> {
  for (let i = 0; i < NUMBER_ATTEMPTS; i++) {
    const candidate = `9${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    if (!(await repo.phoneNumberTaken(tx, candidate))) return candidate;
  }
  throw new AppError('plans.error.numbers', 503);
}

/** A new SIM's ICCID (packages/domain/src/iccid.ts) with a random serial. */
export function newSimCode(market: Market): string {
  return iccidOf(market, String(randomInt(0, 1_000_000_000)).padStart(9, '0') + String(randomInt(0, 10_000)).padStart(4, '0'));
}

/** Opens one line, drawing new numbers until a free one sticks (a concurrent order may take one first). */
export async function openNewNumber(
  tx: Db,
  market: Market,
  row: Omit<Parameters<typeof repo.insertLine>[1], 'phoneNumber' | 'simCode'>,
): Promise<{ lineId: number; phoneNumber: string }> {
  for (;;) {
    const phoneNumber = await freeNumber(tx);
    const lineId = await repo.insertLine(tx, { ...row, phoneNumber, simCode: newSimCode(market) });
    if (lineId !== null) return { lineId, phoneNumber };
  }
}

/** Opens a line for a number ported in, with a new SIM; null when the number is already a line. */
export async function openPortedLine(tx: Db, market: Market, row: Omit<Parameters<typeof repo.insertLine>[1], 'simCode'>): Promise<number | null> {
  return repo.insertLine(tx, { ...row, simCode: newSimCode(market) });
}

/**
 * Opens the line of an activated chip (docs/decisions/025): the number the customer chose on the SIM
 * they hold; null when the number is already a line (numbers are unique).
 */
export async function openChipLine(tx: Db, row: Parameters<typeof repo.insertLine>[1]): Promise<number | null> {
  return repo.insertLine(tx, row);
}

/** Whether a SIM is already some line's (a chip on a line is active, whatever the inventory says). */
export async function simInUse(db: Db, iccid: string): Promise<boolean> {
  return repo.simInUse(db, iccid);
}
