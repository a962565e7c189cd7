import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { formatDateInZone } from '@andes/domain/dates';
import { formatMoney } from '@andes/domain/money';
import { AppError } from '../../http/errors.ts';
import { SANDBOX_CASH_PATH, sandboxNotifySignature } from '../../adapters/payments/sandbox.ts';
import { requireSecret } from '../../secrets.ts';
import { cipQuery } from '@andes/contract/inputs/sandbox';

const { gatewayTransactions } = schema;

/**
 * The cash-code provider's side (Peru's CIP): a page where the "agent" takes the money, and the
 * signed notification the provider then posts to the shop (sent again for a code already paid, as
 * real providers repeat callbacks).
 */
export async function sandboxCashRoutes(app: FastifyInstance) {
  const t = app.t;
  const notifyKey = requireSecret(app.config.secrets, 'PAYMENT_NOTIFY_KEY');

  async function load(query: unknown) {
    const parsed = cipQuery.safeParse(query);
    if (!parsed.success) throw new AppError('pp.error.payment.token', 400);
    const [row] = await app.db.select().from(gatewayTransactions).where(eq(gatewayTransactions.token, parsed.data.cip));
    if (!row || row.sessionId !== 'cip') throw new AppError('pp.error.payment.token', 400);
    return row;
  }

  const page = (body: string) =>
    `<!doctype html><html lang="${app.market.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${t('sandbox.cash.title')}</title></head><body style="font-family:system-ui,sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem;color:#1b2430"><main><h1>${t('sandbox.cash.title')}</h1>${body}</main></body></html>`;

  app.get(SANDBOX_CASH_PATH, async (req, reply) => {
    const row = await load(req.query);
    const facts = `<p>${t('sandbox.cash.code', { code: row.token })}</p><p><strong>${t('sandbox.pay.amount', { amount: formatMoney(row.amount, app.market.currency) })}</strong></p><p>${t('sandbox.cash.until', { date: formatDateInZone(row.expiresAt, app.market.timeZone, 'long') })}</p>`;
    const form =
      row.status === 'PENDING'
        ? `<form method="post" action="${SANDBOX_CASH_PATH}?cip=${row.token}"><button type="submit" style="padding:.6rem 1.2rem">${t('sandbox.cash.pay')}</button></form>`
        : `<p role="status">${t(`sandbox.cash.status.${row.status}`)}</p>`;
    return reply.type('text/html; charset=utf-8').send(page(facts + form));
  });

  app.post(SANDBOX_CASH_PATH, { config: { csrf: false } }, async (req, reply) => {
    const row = await load(req.query);
    if (row.status === 'PENDING' && row.expiresAt <= new Date()) {
      await app.db.update(gatewayTransactions).set({ status: 'FAILED', responseCode: -1 }).where(eq(gatewayTransactions.token, row.token));
      return reply
        .status(422)
        .type('text/html; charset=utf-8')
        .send(page(`<p role="alert">${t('sandbox.cash.status.FAILED')}</p>`));
    }
    if (row.status === 'PENDING') {
      await app.db
        .update(gatewayTransactions)
        .set({ status: 'AUTHORIZED', responseCode: 0, paymentType: 'CIP', committedAt: new Date() })
        .where(and(eq(gatewayTransactions.token, row.token), eq(gatewayTransactions.status, 'PENDING')));
    } else if (row.status !== 'AUTHORIZED') {
      return reply
        .status(409)
        .type('text/html; charset=utf-8')
        .send(page(`<p role="alert">${t(`sandbox.cash.status.${row.status}`)}</p>`));
    }
    const body = { cip: row.token, status: 'PAID', amount: row.amount };
    const notified = await app.inject({
      method: 'POST',
      url: row.returnUrl,
      headers: { 'content-type': 'application/json', 'x-pagoefectivo-signature': sandboxNotifySignature(notifyKey, body.cip, body.status, body.amount) },
      payload: JSON.stringify(body),
    });
    req.log.info({ cip: row.token, status: notified.statusCode }, 'sandbox cash code notified');
    return reply.type('text/html; charset=utf-8').send(page(`<p role="status">${t('sandbox.cash.status.AUTHORIZED')}</p>`));
  });
}
