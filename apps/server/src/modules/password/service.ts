import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { normalizeRut } from '@andes/domain/rut';
import { AppError } from '../../http/errors.ts';
import { deleteCustomerSessions } from '../../http/session-repo.ts';
import { listCustomerLines } from '../assets/repo.ts';
import { checkSecret, customerThrottleKey } from '../auth/service.ts';
import { clearThrottle, findCustomerByDocument, findCustomerById, readThrottle, recordFailure, updateCustomerSecret } from '../auth/repo.ts';
import { findToken, insertToken, updateToken, type PasswordToken } from './repo.ts';

/** What a texted code is for: a secret (recovery, change, Peru's unique password) or the line ownership check. */
export type TokenPurpose = 'recovery' | 'change' | 'unique' | 'ownership';

const CODE_TTL_MS = 10 * 60_000;
const MAX_CODE_ATTEMPTS = 5;
/** Codes cost money and can harass a number: at most 3 per number every 15 minutes. */
const MAX_CODES = 3;
const CODES_WINDOW_MS = 15 * 60_000;

const codeHash = (tokenId: string, code: string) => createHash('sha256').update(`${tokenId}:${code}`).digest('hex');

const invalidToken = () =>
  new AppError(ErrorKeys.invalidToken, 400, { fieldErrors: { code: [ErrorKeys.invalidToken] } });

function sameHash(a: string, b: string) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function passwordService(app: FastifyInstance) {
  const { db, market } = app;

  async function sendCode(tokenId: string, phoneNumber: string, now: Date) {
    const key = `otp:${phoneNumber}`;
    const row = await readThrottle(db, key);
    if (row?.lockedUntil && row.lockedUntil > now) {
      const minutes = Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 60_000);
      throw new AppError(ErrorKeys.tooManyRequests, 429, { params: { minutes } });
    }
    await recordFailure(db, key, now, CODES_WINDOW_MS, MAX_CODES, CODES_WINDOW_MS);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await updateToken(db, tokenId, {
      codeHash: codeHash(tokenId, code),
      attempts: 0,
      verifiedAt: null,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    await app.adapters.sms.send(phoneNumber, app.t('password.sms', { code }));
  }

  async function liveToken(tokenId: string, purposes: TokenPurpose[], now: Date): Promise<PasswordToken> {
    const token = await findToken(db, tokenId);
    if (!token || token.usedAt || token.expiresAt <= now || !purposes.includes(token.purpose as TokenPurpose)) {
      throw invalidToken();
    }
    return token;
  }

  return {
    /** Checks the phone belongs to the document's holder, then texts a one-time code. */
    async requestCode(purpose: TokenPurpose, input: { document: string; phoneNumber: string }, signedInId: number | null) {
      const document = market.document.kind === 'rut' ? normalizeRut(input.document) : input.document;
      const customer = await findCustomerByDocument(db, document);
      const owns = customer && (await listCustomerLines(db, customer.id)).some((l) => l.phoneNumber === input.phoneNumber);
      if (!customer || !owns || (purpose === 'change' && customer.id !== signedInId)) {
        throw new AppError('pp.error.password.phone.mismatch', 400, {
          fieldErrors: { phoneNumber: ['pp.error.password.phone.mismatch'] },
        });
      }
      if (purpose === 'unique' && customer.secretCreated) throw new AppError('pp.error.password.exists', 409);
      return this.textCode(customer.id, purpose, input.phoneNumber);
    },

    /** Texts a one-time code for `purpose` to a line of the customer, under the per-number limit. */
    async textCode(customerId: number, purpose: TokenPurpose, phoneNumber: string) {
      const now = new Date();
      const tokenId = randomBytes(18).toString('base64url');
      await insertToken(db, { id: tokenId, customerId, purpose, phoneNumber, codeHash: '', expiresAt: now });
      await sendCode(tokenId, phoneNumber, now);
      return { tokenId, phoneLast: phoneNumber.slice(-3) };
    },

    /** Checks a code for `purpose` and spends it: it answers one question. */
    async spendCode(tokenId: string, code: string, purpose: TokenPurpose) {
      const token = await this.verifyCode(tokenId, code, [purpose]);
      await updateToken(db, tokenId, { usedAt: token.verifiedAt });
      return token;
    },

    async resendCode(tokenId: string) {
      const now = new Date();
      const token = await findToken(db, tokenId);
      if (!token || token.usedAt) throw invalidToken();
      await sendCode(token.id, token.phoneNumber, now);
      return { tokenId, phoneLast: token.phoneNumber.slice(-3) };
    },

    async verifyCode(tokenId: string, code: string, purposes: TokenPurpose[] = ['recovery', 'change', 'unique']) {
      const now = new Date();
      const token = await liveToken(tokenId, purposes, now);
      if (token.attempts >= MAX_CODE_ATTEMPTS) throw invalidToken();
      if (!sameHash(token.codeHash, codeHash(tokenId, code))) {
        await updateToken(db, tokenId, { attempts: token.attempts + 1 });
        throw invalidToken();
      }
      await updateToken(db, tokenId, { verifiedAt: now });
      return { ...token, verifiedAt: now };
    },

    /** Sets a new secret with a verified code; every open session of that customer ends. */
    async changeWithToken(tokenId: string, password: string, purposes: TokenPurpose[]) {
      const now = new Date();
      const token = await liveToken(tokenId, purposes, now);
      if (!token.verifiedAt) throw invalidToken();
      await setSecret(token.customerId, password);
      await updateToken(db, tokenId, { usedAt: now });
    },

    /**
     * A signed-in change checks the current secret under the sign-in limits (same account counter,
     * same lockout): a stolen session must not become a way to guess the PIN.
     */
    async changeSignedIn(customerId: number, input: { currentPassword: string; password: string; address: string }) {
      const customer = await findCustomerById(db, customerId);
      await checkSecret(
        db,
        { customer, accountKey: customerThrottleKey(customerId), password: input.currentPassword, address: input.address },
        (attemptsLeft) =>
          new AppError('pp.error.password.current', 400, {
            fieldErrors: { currentPassword: ['pp.error.password.current'] },
            fields: { attemptsLeft },
          }),
      );
      await setSecret(customerId, input.password);
    },
  };

  async function setSecret(customerId: number, password: string) {
    await updateCustomerSecret(db, customerId, await hash(password));
    await deleteCustomerSessions(db, customerId);
    await clearThrottle(db, customerThrottleKey(customerId));
  }
}
