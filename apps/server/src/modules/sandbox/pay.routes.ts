import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { formatMoney } from '@andes/domain/money';
import { INSTALLMENTS_PAYMENT_TYPE, installmentPlan } from '@andes/domain/card-installments';
import { AppError } from '../../http/errors.ts';
import { SANDBOX_PAY_PATH } from '../../adapters/payments/sandbox.ts';
import { SANDBOX_CARDS } from '../../adapters/payments/sandbox-cards.ts';
import { payBody, tokenQuery } from '@andes/contract/inputs/sandbox';

const { gatewayTransactions } = schema;
type Row = typeof gatewayTransactions.$inferSelect;

const escape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The gateway's hosted page and its form post. It is another system's page: the post carries no
 * shop token, and the browser goes back to the shop's return URL exactly as the provider would send it.
 */
export async function sandboxPayRoutes(app: FastifyInstance) {
  const t = app.t;

  async function load(query: unknown): Promise<Row> {
    const parsed = tokenQuery.safeParse(query);
    if (!parsed.success) throw new AppError('pp.error.payment.token', 400);
    const [row] = await app.db.select().from(gatewayTransactions).where(eq(gatewayTransactions.token, parsed.data.token_ws));
    if (!row) throw new AppError('pp.error.payment.token', 400);
    return row;
  }

  function backToShop(reply: FastifyReply, row: Row) {
    const sep = row.returnUrl.includes('?') ? '&' : '?';
    const params =
      row.status === 'ABORTED'
        ? new URLSearchParams({ TBK_TOKEN: row.token, TBK_ORDEN_COMPRA: row.buyOrder, TBK_ID_SESION: row.sessionId })
        : new URLSearchParams({ token_ws: row.token });
    return reply.redirect(`${row.returnUrl}${sep}${params}`, 303);
  }

  function page(row: Row, error?: string) {
    const amount = formatMoney(row.amount, app.market.currency);
    const plan = installmentPlan(row.amount, row.installmentsNumber);
    const installments = plan
      ? `<p>${escape(t('sandbox.pay.installments', { count: plan.count, amount: formatMoney(plan.amount, app.market.currency) }))}</p>`
      : '';
    return `<!doctype html><html lang="${app.market.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${t('sandbox.pay.title')}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem;color:#1b2430">
<main><h1>${t('sandbox.pay.title')}</h1><p>${escape(t('sandbox.pay.order', { order: row.buyOrder }))}</p><p><strong>${escape(t('sandbox.pay.amount', { amount }))}</strong></p>${installments}
${error ? `<p role="alert" style="color:#b00020">${escape(error)}</p>` : ''}
<form method="post" action="${SANDBOX_PAY_PATH}?token_ws=${row.token}">
<p><label for="card">${t('sandbox.pay.card')}</label><br><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required style="width:100%;box-sizing:border-box;padding:.5rem"></p>
<p><label for="expiry">${t('sandbox.pay.expiry')}</label><br><input id="expiry" name="expiry" autocomplete="cc-exp" style="width:100%;box-sizing:border-box;padding:.5rem"></p>
<p><label for="cvv">${t('sandbox.pay.cvv')}</label><br><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" style="width:100%;box-sizing:border-box;padding:.5rem"></p>
<p><button type="submit" name="action" value="pay" style="padding:.6rem 1.2rem">${t('sandbox.pay.submit')}</button>
<button type="submit" name="action" value="abort" formnovalidate style="padding:.6rem 1.2rem">${t('sandbox.pay.abort')}</button></p>
</form><p><small>${t('sandbox.pay.hint')}</small></p></main></body></html>`;
  }

  app.get(SANDBOX_PAY_PATH, async (req, reply) => {
    const row = await load(req.query);
    if (row.status !== 'INITIALIZED') return backToShop(reply, row);
    return reply.type('text/html; charset=utf-8').send(page(row));
  });

  app.post(SANDBOX_PAY_PATH, { config: { csrf: false } }, async (req, reply) => {
    const row = await load(req.query);
    if (row.status !== 'INITIALIZED') return backToShop(reply, row);
    const body = payBody.safeParse(req.body ?? {});
    if (!body.success) throw new AppError('pp.error.validation', 400);
    if (row.expiresAt <= new Date()) {
      const [failed] = await app.db
        .update(gatewayTransactions)
        .set({ status: 'FAILED', responseCode: -1 })
        .where(eq(gatewayTransactions.token, row.token))
        .returning();
      return backToShop(reply, failed!);
    }
    if (body.data.action === 'abort') {
      const [aborted] = await app.db
        .update(gatewayTransactions)
        .set({ status: 'ABORTED', responseCode: -1 })
        .where(eq(gatewayTransactions.token, row.token))
        .returning();
      return backToShop(reply, aborted!);
    }
    const card = (body.data.card ?? '').replace(/\D/g, '');
    const known = SANDBOX_CARDS[card];
    if (!known)
      return reply
        .status(422)
        .type('text/html; charset=utf-8')
        .send(page(row, t('sandbox.pay.unknownCard')));
    // a credit card is charged in the installments asked for; a debit card always in one payment
    const plan = known.paymentType === 'VD' ? null : installmentPlan(row.amount, row.installmentsNumber);
    const [paid] = await app.db
      .update(gatewayTransactions)
      .set({
        status: known.approve ? 'AUTHORIZED' : 'FAILED',
        responseCode: known.approve ? 0 : -1,
        cardLast4: card.slice(-4),
        paymentType: plan ? INSTALLMENTS_PAYMENT_TYPE : known.paymentType,
        installmentsNumber: plan?.count ?? 0,
        installmentsAmount: plan?.amount ?? null,
        authorizationCode: known.approve ? String(100000 + (parseInt(row.token.slice(0, 8), 16) % 900000)) : null,
      })
      .where(eq(gatewayTransactions.token, row.token))
      .returning();
    return backToShop(reply, paid!);
  });
}
