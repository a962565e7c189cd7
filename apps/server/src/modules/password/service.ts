import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { normalizeRut } from '@andes/domain/rut';
import { AppError, unauthorized } from '../../http/errors.ts';
import { deleteCustomerSessions } from '../../http/session-repo.ts';
import { listCustomerLines } from '../assets/repo.ts';
import { checkSecret, secretCounterKeys } from '../auth/service.ts';
import { findCustomerByDocument, findCustomerById, updateCustomerSecret } from '../auth/repo.ts';
import { clearThrottles } from '../auth/throttle-repo.ts';
import { checkPair, takeOrRefuse, type Counter } from '../auth/throttle.ts';
import { findToken, insertToken, spendToken, takeCodeTry, updateToken, type PasswordToken } from './repo.ts';

/** What a texted code is for: a secret (recovery, change, Peru's unique password) or the line ownership check. */
export type TokenPurpose = 'recovery' | 'change' | 'unique' | 'ownership';

const CODE_TTL_MS = 10 * 60_000;
const MAX_CODE_ATTEMPTS = 5;
/** Codes cost money and can harass a number: at most 3 per number every 15 minutes. */
const MAX_CODES = 3;
const CODES_WINDOW_MS = 15 * 60_000;

/** The codes texted to one number, whatever they are for and whoever asked. */
const codesTo = (phoneNumber: string): Counter => ({ key: `otp:${phoneNumber}`, limit: { windowMs: CODES_WINDOW_MS, lockAfter: MAX_CODES, lockMs: CODES_WINDOW_MS } });

const codeHash = (tokenId: string, code: string) => createHash('sha256').update(`${tokenId}:${code}`).digest('hex');

const invalidToken = () =>
  new AppError(ErrorKeys.invalidToken, 400, { fieldErrors: { code: [ErrorKeys.invalidToken] } });

function sameHash(a: string, b: string) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function passwordService(app: FastifyInstance) {
  const { db, market } = app;

  /** Counts the code on the number (and on `alsoCount`, all before anything is sent), then texts it. */
  async function sendCode(tokenId: string, phoneNumber: string, now: Date, alsoCount: Counter[] = []) {
    await takeOrRefuse(db, [...alsoCount, codesTo(phoneNumber)], now);
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
    /**
     * Checks the phone belongs to the document's holder, then texts a one-time code. The check is a
     * pair check like the line ownership check's, under the same counters (a wrong pair counts).
     */
    async requestCode(purpose: TokenPurpose, input: { document: string; phoneNumber: string }, signedInId: number | null, address: string) {
      const now = new Date();
      const document = market.document.kind === 'rut' ? normalizeRut(input.document) : input.document;
      const customer = await findCustomerByDocument(db, document);
      const holds = await checkPair(db, { document, phoneNumber: input.phoneNumber }, address, async () => Boolean(customer && (await listCustomerLines(db, customer.id)).some((l) => l.phoneNumber === input.phoneNumber)), now);
      if (!customer || !holds || (purpose === 'change' && customer.id !== signedInId)) {
        throw new AppError('pp.error.password.phone.mismatch', 400, {
          fieldErrors: { phoneNumber: ['pp.error.password.phone.mismatch'] },
        });
      }
      if (purpose === 'unique' && customer.secretCreated) throw new AppError('pp.error.password.exists', 409);
      return this.textCode(customer.id, purpose, input.phoneNumber);
    },

    /**
     * Texts a one-time code for `purpose` to a line of the customer, counted on the number (and on
     * `alsoCount`) first. A number nobody holds (`customerId` null) is counted alike and texted nothing:
     * the answer has the same shape, with a token no code opens, so it does not say whether we hold it.
     */
    async textCode(customerId: number | null, purpose: TokenPurpose, phoneNumber: string, alsoCount: Counter[] = []) {
      const now = new Date();
      const tokenId = randomBytes(18).toString('base64url');
      if (customerId === null) {
        await takeOrRefuse(db, [...alsoCount, codesTo(phoneNumber)], now);
      } else {
        await insertToken(db, { id: tokenId, customerId, purpose, phoneNumber, codeHash: '', expiresAt: now });
        await sendCode(tokenId, phoneNumber, now, alsoCount);
      }
      return { tokenId, phoneLast: phoneNumber.slice(-3) };
    },

    /** Checks a code for `purpose` (its try counted first) and spends it, once even for parallel calls: it answers one question. */
    async spendCode(tokenId: string, code: string, purpose: TokenPurpose) {
      const token = await this.verifyCode(tokenId, code, [purpose]);
      if (!(await spendToken(db, tokenId, token.verifiedAt))) throw invalidToken();
      return token;
    },

    async resendCode(tokenId: string) {
      const now = new Date();
      const token = await findToken(db, tokenId);
      if (!token || token.usedAt) throw invalidToken();
      await sendCode(token.id, token.phoneNumber, now);
      return { tokenId, phoneLast: token.phoneNumber.slice(-3) };
    },

    /** Checks a code, counting the try first: parallel guesses get no more than the token's tries. */
    async verifyCode(tokenId: string, code: string, purposes: TokenPurpose[] = ['recovery', 'change', 'unique']) {
      const now = new Date();
      const token = await takeCodeTry(db, tokenId, purposes, MAX_CODE_ATTEMPTS, now);
      if (!token || !sameHash(token.codeHash, codeHash(tokenId, code))) throw invalidToken();
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
      if (!customer) throw unauthorized(false);
      await checkSecret(
        db,
        { customer, identifier: customer.document, password: input.currentPassword, address: input.address },
        (attemptsLeft) =>
          new AppError('pp.error.password.current', 400, {
            fieldErrors: { currentPassword: ['pp.error.password.current'] },
            fields: { attemptsLeft },
          }),
      );
      await setSecret(customerId, input.password);
    },
  };

  /** A new secret ends every session and lifts every lock of the account (its document's, its phones', its own). */
  async function setSecret(customerId: number, password: string) {
    await updateCustomerSecret(db, customerId, await hash(password));
    await deleteCustomerSessions(db, customerId);
    const customer = await findCustomerById(db, customerId);
    const phones = (await listCustomerLines(db, customerId)).map((l) => l.phoneNumber);
    await clearThrottles(db, secretCounterKeys(customerId, [customer!.document, ...phones]));
  }
}
