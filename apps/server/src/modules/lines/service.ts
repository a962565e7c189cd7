import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { constants } from '@andes/domain/market';
import { ErrorKeys } from '@andes/domain/error-keys';
import { profiledPlans } from '@andes/domain/migration';
import { AppError } from '../../http/errors.ts';
import { findCustomerByPhone, readThrottle, recordFailure } from '../auth/repo.ts';
import { passwordService } from '../password/service.ts';
import { activationPlans } from '../plans/repo.ts';
import { normalizedDocument, planCard } from '../plans/service.ts';
import { isLineHolder, linesWithPlanPrice } from './repo.ts';

const WINDOW_MS = constants.loginLockMinutes * 60_000;
/** Numbers one address may ask about in a window (a shop's Wi-Fi asks for several customers). */
const ADDRESS_MAX_FAILURES = 20;
/** Codes the check texts one number, ours or not, like the password codes: 3 every 15 minutes. */
const MAX_CODES = 3;
const CODES_WINDOW_MS = 15 * 60_000;

async function assertOpen(app: FastifyInstance, key: string, now: Date) {
  const row = await readThrottle(app.db, key);
  if (row?.lockedUntil && row.lockedUntil > now) {
    const minutes = Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 60_000));
    throw new AppError(ErrorKeys.tooManyRequests, 429, { params: { minutes } });
  }
}

/**
 * Line ownership check (`/personas/consulta-titularidad-linea`): whether a number is held by a document.
 * A RUT or a DNI is no secret, so the answer goes only to whoever has the line: a signed-in customer
 * asking about one of their own lines gets it at once; anyone else gets a one-time code texted to the
 * line (the password codes' mechanism) and the answer for that code ({@link confirmOwnership}). Until
 * then every answer looks the same, for a customer's line and a number nobody holds (which is texted
 * nothing). Each number is texted at most 3 codes every 15 minutes, and one address asks about at most
 * 20 numbers in a window.
 */
export async function checkOwnership(app: FastifyInstance, input: { document: string; phoneNumber: string }, who: { customerId: number | null; address: string }, now = new Date()) {
  const addressKey = `own-addr:${who.address}`;
  await assertOpen(app, addressKey, now);
  const holder = await findCustomerByPhone(app.db, input.phoneNumber);
  if (who.customerId !== null && holder?.id === who.customerId) return { holder: await isLineHolder(app.db, normalizedDocument(app.market, input.document), input.phoneNumber) };
  const codeKey = `own-code:${input.phoneNumber}`;
  await assertOpen(app, codeKey, now);
  await recordFailure(app.db, codeKey, now, CODES_WINDOW_MS, MAX_CODES, CODES_WINDOW_MS);
  await recordFailure(app.db, addressKey, now, WINDOW_MS, ADDRESS_MAX_FAILURES, WINDOW_MS);
  const sent = holder ? await passwordService(app).textCode(holder.id, 'ownership', input.phoneNumber) : { tokenId: randomBytes(18).toString('base64url'), phoneLast: input.phoneNumber.slice(-3) };
  return { codeRequired: true, ...sent };
}

/** The answer of the ownership check for the code texted to the line: the code is spent on this one document. */
export async function confirmOwnership(app: FastifyInstance, input: { tokenId: string; code: string; document: string }, address: string, now = new Date()) {
  await assertOpen(app, `own-addr:${address}`, now);
  const token = await passwordService(app).spendCode(input.tokenId, input.code, 'ownership');
  return { holder: await isLineHolder(app.db, normalizedDocument(app.market, input.document), token.phoneNumber) };
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
