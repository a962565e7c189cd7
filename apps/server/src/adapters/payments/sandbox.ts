import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import { AppError } from '../../http/errors.ts';
import type { PaymentGatewayPort, PaymentOutcome } from './port.ts';
import { sameSignature, signFields } from '../signature.ts';
import { SANDBOX_TOKEN_TTL_MS, commitAnswerLost } from './sandbox-cards.ts';
import { cashCodeNotification } from '@andes/contract/inputs/notifications';
import { installmentPlan } from '@andes/domain/card-installments';

const { gatewayTransactions } = schema;
type Row = typeof gatewayTransactions.$inferSelect;

export const SANDBOX_PAY_PATH = '/sandbox/webpay/pay';
export const SANDBOX_CASH_PATH = '/sandbox/pagoefectivo/pay';

/** The signature the cash-code provider puts on its notification (the sandbox agent's page signs with it too). */
export function sandboxNotifySignature(key: string, code: string, status: string, amount: number): string {
  return signFields(key, code, status, amount);
}

const invalidToken = () => new AppError('pp.error.payment.token', 400);

function outcome(row: Row, alreadyCommitted: boolean): PaymentOutcome {
  return {
    status: row.status === 'AUTHORIZED' ? 'AUTHORIZED' : row.status === 'ABORTED' ? 'ABORTED' : 'FAILED',
    responseCode: row.responseCode ?? -1,
    buyOrder: row.buyOrder,
    amount: row.amount,
    authorizationCode: row.authorizationCode,
    cardLast4: row.cardLast4,
    paymentType: row.paymentType,
    installmentsNumber: row.installmentsNumber,
    installmentsAmount: row.installmentsAmount,
    alreadyCommitted,
  };
}

/**
 * The sandbox gateway: its ledger is the gateway_transactions table; the hosted page is in modules/sandbox,
 * and charges a credit card in the installments the shop asked for (a debit card in one payment).
 * `notifyKey` is the cash-code provider's signing key (PAYMENT_NOTIFY_KEY).
 */
export function sandboxPayments(db: Db, market: Market, notifyKey: string): PaymentGatewayPort {
  return {
    async create(input) {
      if (!input.buyOrder || input.buyOrder.length > 26) throw new AppError('pp.error.payment.create', 400);
      if (!Number.isInteger(input.amount) || input.amount <= 0) throw new AppError('pp.error.payment.create', 400);
      const installments = input.installments ?? 0;
      if (installments > 1 && !installmentPlan(input.amount, installments)) throw new AppError('pp.error.payment.create', 400);
      const token = randomBytes(24).toString('hex');
      await db.insert(gatewayTransactions).values({
        token,
        buyOrder: input.buyOrder,
        sessionId: input.sessionId,
        amount: input.amount,
        currency: market.currency,
        returnUrl: input.returnUrl,
        status: 'INITIALIZED',
        installmentsNumber: installments > 1 ? installments : 0,
        expiresAt: new Date(Date.now() + SANDBOX_TOKEN_TTL_MS),
      });
      return { token, url: SANDBOX_PAY_PATH };
    },

    async commit(token) {
      const [row] = await db.select().from(gatewayTransactions).where(eq(gatewayTransactions.token, token));
      if (!row) throw invalidToken();
      if (row.committedAt) return outcome(row, true);
      // not paid in time: the provider answers a timeout, which is a failure
      const status = row.status === 'INITIALIZED' ? 'FAILED' : row.status;
      const [committed] = await db
        .update(gatewayTransactions)
        .set({ committedAt: new Date(), status, responseCode: row.responseCode ?? -1 })
        .where(and(eq(gatewayTransactions.token, token), isNull(gatewayTransactions.committedAt)))
        .returning();
      if (!committed) {
        const [again] = await db.select().from(gatewayTransactions).where(eq(gatewayTransactions.token, token));
        return outcome(again!, true);
      }
      if (commitAnswerLost(committed.cardLast4)) throw new Error('sandbox: the answer to this commit was lost on its way');
      return outcome(committed, false);
    },

    async status(token) {
      const [row] = await db.select().from(gatewayTransactions).where(eq(gatewayTransactions.token, token));
      if (!row) throw invalidToken();
      return row.committedAt ? { committed: true, outcome: outcome(row, true) } : { committed: false };
    },

    async refund(token) {
      const [row] = await db.select().from(gatewayTransactions).where(eq(gatewayTransactions.token, token));
      if (!row) throw invalidToken();
      if (row.status === 'NULLIFIED') return { status: 'NULLIFIED', amount: row.amount, alreadyRefunded: true };
      if (row.status !== 'AUTHORIZED' || !row.committedAt) throw new AppError('pp.error.payment.refund', 409);
      const [nullified] = await db
        .update(gatewayTransactions)
        .set({ status: 'NULLIFIED' })
        .where(and(eq(gatewayTransactions.token, token), eq(gatewayTransactions.status, 'AUTHORIZED')))
        .returning();
      return { status: 'NULLIFIED', amount: row.amount, alreadyRefunded: !nullified };
    },

    async createCashCode(input) {
      if (!input.buyOrder || input.buyOrder.length > 26 || !Number.isInteger(input.amount) || input.amount <= 0)
        throw new AppError('pp.error.payment.create', 400);
      // the ledger keys codes like tokens: 12 digits, as a customer types them at an agent
      const code = String(randomInt(10 ** 11, 10 ** 12));
      await db.insert(gatewayTransactions).values({
        token: code,
        buyOrder: input.buyOrder,
        sessionId: 'cip',
        amount: input.amount,
        currency: market.currency,
        returnUrl: input.notifyUrl,
        status: 'PENDING',
        expiresAt: input.expiresAt,
      });
      return { code };
    },

    readPaidNotification(signature, body) {
      const parsed = cashCodeNotification.safeParse(body);
      if (!parsed.success || !signature) return null;
      const { cip, status, amount } = parsed.data;
      return sameSignature(signature, sandboxNotifySignature(notifyKey, cip, status, amount)) ? { code: cip, amount } : null;
    },
  };
}
