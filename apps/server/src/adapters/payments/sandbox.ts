import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import { AppError } from '../../http/errors.ts';
import type { PaymentGatewayPort, PaymentOutcome } from './port.ts';
import { SANDBOX_TOKEN_TTL_MS } from './sandbox-cards.ts';

const { gatewayTransactions } = schema;
type Row = typeof gatewayTransactions.$inferSelect;

export const SANDBOX_PAY_PATH = '/sandbox/webpay/pay';

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
    alreadyCommitted,
  };
}

/** The sandbox gateway: its ledger is the gateway_transactions table; the hosted page is in modules/sandbox. */
export function sandboxPayments(db: Db, market: Market): PaymentGatewayPort {
  return {
    async create(input) {
      if (!input.buyOrder || input.buyOrder.length > 26) throw new AppError('pp.error.payment.create', 400);
      if (!Number.isInteger(input.amount) || input.amount <= 0) throw new AppError('pp.error.payment.create', 400);
      const token = randomBytes(24).toString('hex');
      await db.insert(gatewayTransactions).values({
        token,
        buyOrder: input.buyOrder,
        sessionId: input.sessionId,
        amount: input.amount,
        currency: market.currency,
        returnUrl: input.returnUrl,
        status: 'INITIALIZED',
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
      return outcome(committed, false);
    },
  };
}
