import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import {
  OPEN_PORTABILITY_STATES,
  PORTABILITY_PAGES,
  PortabilityErrorKeys,
  SECURITY_CODE_LENGTH,
  SECURITY_CODE_MAX_ATTEMPTS,
  SECURITY_CODE_TTL_MS,
  isPortabilityReady,
  isPortabilityState,
  nextPortabilityState,
  portabilityStatesAllowing,
  type PortabilityEvent,
  type PortabilityModality,
  type PortabilityState,
} from '@andes/domain/portability';
import type { Db } from '@andes/db/client';
import { checkAttachment } from '@andes/domain/account-tickets';
import { AppError } from '../../http/errors.ts';
import type { RegistryAnswer } from '../../adapters/portability-registry/port.ts';
import { takeCodeSend } from '../../http/throttle.ts';
import type { CartRow } from '../cart/cart.repo.ts';
import { cartLinesOf } from '../cart/cart.repo.ts';
import { normalizeDocument } from '@andes/domain/customer-document';
import * as repo from './portability.repo.ts';
import type { PortabilityRow } from './portability.repo.ts';

const COMPANY_PATH = PORTABILITY_PAGES.company;

const codeHash = (id: number, code: string) => createHash('sha256').update(`port:${id}:${code}`).digest('hex');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const wrongCode = () => new AppError(PortabilityErrorKeys.code, 400, { fieldErrors: { code: [PortabilityErrorKeys.code] } });

/** Moves a request by an event of the transition table, from the state it was read in; null when it moved meanwhile. */
async function move(db: Db, row: PortabilityRow, event: PortabilityEvent, set: Parameters<typeof repo.moveRequest>[4] = {}): Promise<PortabilityRow | null> {
  const to = isPortabilityState(row.state) ? nextPortabilityState(row.state, event) : null;
  if (!to) return null;
  return repo.moveRequest(db, row.id, [row.state as PortabilityState], to, set);
}

/** The cart and its plan line that carries the number to port. */
export async function portabilityLine(db: Db, cart: CartRow | null) {
  const line = cart ? (await cartLinesOf(db, cart.id)).find((l) => l.type === 'plan' && l.isPortability) : undefined;
  if (!cart || !line) throw new AppError(PortabilityErrorKeys.noLine, 409, { fields: { redirectRUL: '/personas/catalogo/postpago' } });
  return { cart, line };
}

export async function currentRequest(db: Db, cart: CartRow | null): Promise<PortabilityRow> {
  const row = cart ? await repo.latestOfCart(db, cart.id) : undefined;
  if (!row) throw new AppError(PortabilityErrorKeys.noRequest, 404, { fields: { redirectRUL: COMPANY_PATH } });
  return row;
}

/**
 * Starts a request for the cart's portability line with the data to port; an earlier open request
 * of the same cart gives way (the customer corrected the number or the company).
 */
export async function startRequest(
  app: FastifyInstance,
  current: CartRow | null,
  input: { phoneNumber: string; document: string; company: string; modality?: string },
): Promise<PortabilityRow> {
  const { cart, line } = await portabilityLine(app.db, current);
  // a number that is already one of our lines has nothing to come from
  if (await repo.isOurLine(app.db, input.phoneNumber)) {
    throw new AppError(PortabilityErrorKeys.ownNumber, 409, { fieldErrors: { phoneNumber: [PortabilityErrorKeys.ownNumber] } });
  }
  return app.db.transaction(async (tx) => {
    for (const open of await repo.requestsOfCart(tx, cart.id, [...OPEN_PORTABILITY_STATES, 'accepted'])) await move(tx, open, 'cancel');
    const row = await repo.insertRequest(tx, {
      cartId: cart.id,
      itemId: line.itemId,
      phoneNumber: input.phoneNumber,
      document: normalizeDocument(app.market, input.document),
      company: input.company,
      modality: (input.modality as PortabilityModality | undefined) ?? null,
      state: 'draft',
    });
    const number = `PORT-${app.market.site.toUpperCase()}-${String(row.id).padStart(8, '0')}`;
    await repo.updateRequest(tx, row.id, { number });
    return { ...row, number };
  });
}

/** Texts a one-time code to the number being ported: its holder consents by typing it back. */
export async function sendCode(app: FastifyInstance, row: PortabilityRow, address: string): Promise<PortabilityRow> {
  if (!isPortabilityState(row.state) || !portabilityStatesAllowing('send_code').includes(row.state))
    throw new AppError(PortabilityErrorKeys.state, 409, { fields: { redirectRUL: COMPANY_PATH } });
  // a number at another company, texted for whoever fills the cart: unsolicited, under the day's cap per line
  await takeCodeSend(app.db, { purpose: 'port', phoneNumber: row.phoneNumber, address, dailyCap: app.config.smsDailyCapPerLine });
  const now = new Date();
  const code = String(randomInt(0, 10 ** SECURITY_CODE_LENGTH)).padStart(SECURITY_CODE_LENGTH, '0');
  const moved = await move(app.db, row, 'send_code', {
    codeHash: codeHash(row.id, code),
    codeAttempts: 0,
    codeExpiresAt: new Date(now.getTime() + SECURITY_CODE_TTL_MS),
  });
  if (!moved) throw new AppError(PortabilityErrorKeys.state, 409);
  await app.adapters.sms.send(row.phoneNumber, app.t('portability.sms', { code }));
  return moved;
}

/** Records the registry's answer on the request (accepted, rejected or still under review). */
async function applyAnswer(app: FastifyInstance, row: PortabilityRow, answer: RegistryAnswer): Promise<PortabilityRow> {
  const set = { registryRef: answer.reference };
  const moved =
    answer.status === 'accepted'
      ? await move(app.db, row, 'registry_accept', { ...set, scheduledFor: answer.scheduledFor })
      : answer.status === 'rejected'
        ? await move(app.db, row, 'registry_reject', { ...set, rejectReason: answer.reason })
        : await move(app.db, row, 'registry_pending', set);
  return moved ?? (await repo.findById(app.db, row.id)) ?? row;
}

/** Asks the registry about a verified request; an outage leaves it verified, to be asked again. */
async function askRegistry(app: FastifyInstance, row: PortabilityRow): Promise<PortabilityRow> {
  let answer: RegistryAnswer;
  try {
    answer =
      row.state === 'in_progress' && row.registryRef
        ? await app.adapters.portabilityRegistry.status(row.registryRef)
        : await app.adapters.portabilityRegistry.request({
            phoneNumber: row.phoneNumber,
            document: row.document,
            company: row.company,
            modality: (row.modality as PortabilityModality | null) ?? null,
          });
  } catch (error) {
    app.log.error({ err: error, request: row.number }, 'portability registry call failed');
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  return applyAnswer(app, row, answer);
}

/** Checks the code (expiry, tries: each counted before the code is compared), then hands the consented request to the registry. */
export async function verifyCode(app: FastifyInstance, row: PortabilityRow, code: string): Promise<PortabilityRow> {
  if (row.state !== 'code_sent') throw new AppError(PortabilityErrorKeys.state, 409, { fields: { redirectRUL: COMPANY_PATH } });
  const counted = await repo.takeCodeTry(app.db, row.id, SECURITY_CODE_MAX_ATTEMPTS, new Date());
  if (!counted?.codeHash || !sameHash(counted.codeHash, codeHash(row.id, code))) throw wrongCode();
  const verified = await move(app.db, counted, 'verify_code', { codeHash: null });
  if (!verified) throw new AppError(PortabilityErrorKeys.state, 409);
  return askRegistry(app, verified);
}

/** The request as it stands; one still waiting on the registry is asked again first. */
export async function refresh(app: FastifyInstance, row: PortabilityRow): Promise<PortabilityRow> {
  // a paid port whose window has passed is now an active line
  await app.linesAsOf({ duePorts: true });
  return row.state === 'in_progress' || row.state === 'code_verified' ? askRegistry(app, row) : row;
}

/**
 * Sets when an accepted port executes, once its order is paid: the window after the SIM can be in the
 * customer's hands (delivery-promise.ts), never before the registry's earliest window. Answers the date set.
 */
export async function schedulePort(db: Db, row: PortabilityRow, notBefore: Date): Promise<Date> {
  const at = row.scheduledFor && row.scheduledFor > notBefore ? row.scheduledFor : notBefore;
  await repo.updateRequest(db, row.id, { scheduledFor: at });
  return at;
}

/** The line a paid port opened (null before payment): `porting` until the port window, then `active`. */
export async function portedLineOf(app: FastifyInstance, row: PortabilityRow): Promise<{ status: string } | null> {
  if (row.state !== 'accepted') return null;
  return (await repo.lineOfNumber(app.db, row.phoneNumber)) ?? null;
}

/**
 * SPEC §4 "portability ready" for the cart: every portability line has a request the registry
 * accepted. The order creation refuses the cart otherwise.
 */
export async function cartPortabilityReady(db: Db, cartId: number, portabilityItemIds: string[]): Promise<boolean> {
  if (!portabilityItemIds.length) return true;
  const accepted = await repo.requestsOfCart(db, cartId, ['accepted']);
  return portabilityItemIds.every((id) => accepted.some((r) => r.itemId === id && isPortabilityReady(r.state)));
}

/** The holder's document photo for a request still being decided; checked by type, size and first bytes. */
export async function attachDocument(
  app: FastifyInstance,
  row: PortabilityRow,
  image: { type: string; data: string },
): Promise<{ type: string; bytes: number }> {
  if (!OPEN_PORTABILITY_STATES.includes(row.state as PortabilityState) && row.state !== 'in_progress') throw new AppError(PortabilityErrorKeys.state, 409);
  const bytes = Buffer.from(image.data, 'base64');
  const verdict = checkAttachment(image.type, bytes);
  if (verdict !== 'ok') throw new AppError(verdict, 400, { fieldErrors: { image: [verdict] } });
  await repo.saveDocument(app.db, row.id, image.type, bytes.toString('base64'));
  return { type: image.type, bytes: bytes.length };
}

/** A request found by its number and the ported phone (both, so numbers cannot be walked). */
export async function findRequest(app: FastifyInstance, number: string, phoneNumber: string): Promise<PortabilityRow> {
  const row = await repo.findByNumber(app.db, number);
  if (!row || row.phoneNumber !== phoneNumber) throw new AppError(PortabilityErrorKeys.notFound, 404);
  return row;
}

/** What the pages show of a request; the document and code never leave the server. */
export function requestView(row: PortabilityRow) {
  return {
    number: row.number,
    state: row.state,
    phoneNumber: row.phoneNumber,
    company: row.company,
    modality: row.modality,
    planId: row.itemId,
    rejectReason: row.rejectReason,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    codeExpiresAt: row.state === 'code_sent' ? (row.codeExpiresAt?.toISOString() ?? null) : null,
    phoneLast: row.phoneNumber.slice(-3),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ready: isPortabilityReady(row.state),
  };
}

/** The number a cart's plan line brings (its latest request not given up), or null before the data to port was entered. */
export async function portedNumberOf(db: Db, cartId: number, itemId: string): Promise<string | null> {
  const row = await repo.latestOfCart(db, cartId);
  return row && row.itemId === itemId ? row.phoneNumber : null;
}

/**
 * A port request outside a cart (a chip activation's, decision 025): `itemId` names what the number is
 * ported into. A number that is already one of our lines has nothing to come from; the request it
 * replaces (the customer corrected the number or the company) gives way.
 */
export async function startDetachedRequest(
  app: FastifyInstance,
  input: { itemId: string; phoneNumber: string; document: string; company: string; modality?: string },
  replaces: number | null,
): Promise<PortabilityRow> {
  if (await repo.isOurLine(app.db, input.phoneNumber)) {
    throw new AppError(PortabilityErrorKeys.ownNumber, 409, { fieldErrors: { phoneNumber: [PortabilityErrorKeys.ownNumber] } });
  }
  return app.db.transaction(async (tx) => {
    const old = replaces === null ? undefined : await repo.findById(tx, replaces);
    if (old && old.state !== 'cancelled') await move(tx, old, 'cancel');
    const row = await repo.insertRequest(tx, {
      cartId: null,
      itemId: input.itemId,
      phoneNumber: input.phoneNumber,
      document: normalizeDocument(app.market, input.document),
      company: input.company,
      modality: (input.modality as PortabilityModality | undefined) ?? null,
      state: 'draft',
    });
    const number = `PORT-${app.market.site.toUpperCase()}-${String(row.id).padStart(8, '0')}`;
    await repo.updateRequest(tx, row.id, { number });
    return { ...row, number };
  });
}

/** A request by its id (a chip activation's own), or undefined. */
export async function requestById(db: Db, id: number): Promise<PortabilityRow | undefined> {
  return repo.findById(db, id);
}
