import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { AppError, unauthorized } from '../../http/errors.ts';
import { assertNotHeld } from '../../http/line-holds.ts';
import { deleteCustomerSessions } from '../../http/session-repo.ts';
import { listCustomerLines } from '../profile/assets.repo.ts';
import { checkSecret, secretCounterKeys } from './auth.service.ts';
import { findCustomerByDocument, findCustomerById, updateCustomerSecret } from './auth.repo.ts';
import { clearThrottles } from '../../http/throttle-repo.ts';
import { takeCodeSend, type Counter } from '../../http/throttle.ts';
import { isLineHolder } from './ownership.repo.ts';
import { normalizedDocument } from '@andes/domain/customer-document';
import { findOwnToken, insertToken, spendToken, takeCodeTry, updateToken, type PasswordToken } from './password.repo.ts';

/** What a texted code is for: a secret (recovery, change, Peru's unique password) or the line ownership check. */
export type TokenPurpose = 'recovery' | 'change' | 'unique' | 'ownership';

/** Who asks: the session the token is bound to, the signed-in customer (if any) and the client address. */
export interface Requester {
  sessionHash: string;
  customerId: number | null;
  address: string;
}

/** The requester of a state change: the CSRF check already made sure there is a session. */
export function requesterOf(req: FastifyRequest): Requester {
  if (!req.session) throw new AppError(ErrorKeys.csrf, 403);
  return { sessionHash: req.session.idHash, customerId: req.session.customerId, address: req.ip };
}

const CODE_TTL_MS = 10 * 60_000;
const MAX_CODE_ATTEMPTS = 5;

const codeHash = (tokenId: string, code: string) => createHash('sha256').update(`${tokenId}:${code}`).digest('hex');

const invalidToken = () => new AppError(ErrorKeys.invalidToken, 400, { fieldErrors: { code: [ErrorKeys.invalidToken] } });

function sameHash(a: string, b: string) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function passwordService(app: FastifyInstance) {
  const { db, market } = app;

  /** Counts a code to the line (before anything is sent); a signed-in holder's own change is not capped by the day's count. */
  const countSend = (purpose: TokenPurpose, phoneNumber: string, who: Requester, alsoCount: Counter[] = []) =>
    takeCodeSend(db, { purpose, phoneNumber, address: who.address, dailyCap: purpose === 'change' ? null : app.config.smsDailyCapPerLine }, alsoCount);

  /**
   * Gives the token a fresh code and texts it to the line, or, for a stand-in (no customer: nobody
   * holds the number, or the document does not hold it), makes the same writes and texts nothing.
   */
  async function issueCode(token: { id: string; customerId: number | null; phoneNumber: string }, now: Date) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await updateToken(db, token.id, {
      codeHash: token.customerId === null ? '' : codeHash(token.id, code),
      attempts: 0,
      verifiedAt: null,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    if (token.customerId !== null) await app.adapters.sms.send(token.phoneNumber, app.t('password.sms', { code }));
  }

  /**
   * A code texted to prove the line (recovery, Peru's unique password) is refused while a hold is on
   * it: right after a SIM change the SIM may be a fraudster's (the cool-down, flows/device.flow.ts).
   * Counted first like any send, so the refusal cannot be probed for free.
   */
  async function refuseHeldLine(purpose: TokenPurpose, phoneNumber: string, now: Date) {
    if (purpose === 'recovery' || purpose === 'unique') await assertNotHeld(app, phoneNumber, 'smsRecovery', now);
  }

  async function ownToken(tokenId: string, purposes: TokenPurpose[], who: Requester): Promise<PasswordToken> {
    const token = await findOwnToken(db, tokenId, purposes, who.sessionHash);
    if (!token) throw invalidToken();
    return token;
  }

  return {
    /**
     * Texts a one-time code to the phone when it is a line of the document's holder (and, for a
     * change, of the signed-in customer). The answer is the same either way, a token bound to this
     * session and flow, so it tells nothing a stranger did not know: a pair that does not match gets
     * a stand-in token that no code opens, counted on the same limits (decision 014). Peru's unique
     * password asked for an account that has one already texts the holder a code all the same: the
     * code proves the line as a recovery code does.
     */
    async requestCode(purpose: TokenPurpose, input: { document: string; phoneNumber: string }, who: Requester) {
      const document = normalizedDocument(market, input.document);
      const [customer, holds] = await Promise.all([findCustomerByDocument(db, document), isLineHolder(db, document, input.phoneNumber)]);
      const matches = holds && customer !== undefined && (purpose !== 'change' || customer.id === who.customerId);
      return this.textCode(matches ? customer.id : null, purpose, input.phoneNumber, who);
    },

    /**
     * Texts a one-time code for `purpose` to a line of the customer, counted first (and on
     * `alsoCount`). A stand-in (`customerId` null) is counted and stored alike and texted nothing: the
     * answer has the same shape, with a token no code opens.
     */
    async textCode(customerId: number | null, purpose: TokenPurpose, phoneNumber: string, who: Requester, alsoCount: Counter[] = []) {
      const now = new Date();
      await countSend(purpose, phoneNumber, who, alsoCount);
      await refuseHeldLine(purpose, phoneNumber, now);
      const token = { id: randomBytes(18).toString('base64url'), customerId, phoneNumber };
      await insertToken(db, { ...token, purpose, sessionHash: who.sessionHash, codeHash: '', expiresAt: now });
      await issueCode(token, now);
      return { tokenId: token.id, phoneLast: phoneNumber.slice(-3) };
    },

    /** Checks a code for `purpose` (its try counted first) and spends it, once even for parallel calls: it answers one question. */
    async spendCode(tokenId: string, code: string, purpose: TokenPurpose, who: Requester) {
      const token = await this.verifyCode(tokenId, code, [purpose], who);
      if (!(await spendToken(db, tokenId, token.verifiedAt))) throw invalidToken();
      return token;
    },

    /** A new code for a token of this flow and session, counted like the first; a stand-in's answer is the same. */
    async resendCode(tokenId: string, purpose: TokenPurpose, who: Requester) {
      const token = await ownToken(tokenId, [purpose], who);
      await countSend(purpose, token.phoneNumber, who);
      await refuseHeldLine(purpose, token.phoneNumber, new Date());
      await issueCode(token, new Date());
      return { tokenId, phoneLast: token.phoneNumber.slice(-3) };
    },

    /** Checks a code, counting the try first: parallel guesses get no more than the token's tries. */
    async verifyCode(tokenId: string, code: string, purposes: TokenPurpose[], who: Requester) {
      const now = new Date();
      const token = await takeCodeTry(db, tokenId, purposes, who.sessionHash, MAX_CODE_ATTEMPTS, now);
      if (!token || !sameHash(token.codeHash, codeHash(tokenId, code))) throw invalidToken();
      await updateToken(db, tokenId, { verifiedAt: now });
      return { ...token, verifiedAt: now };
    },

    /** Sets a new secret with a verified code; every open session of that customer ends. */
    async changeWithToken(tokenId: string, password: string, purposes: TokenPurpose[], who: Requester) {
      const now = new Date();
      const token = await ownToken(tokenId, purposes, who);
      if (token.expiresAt <= now || !token.verifiedAt || token.customerId === null) throw invalidToken();
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
