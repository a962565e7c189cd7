import type { FastifyInstance } from 'fastify';
import { topupAmounts } from '@andes/domain/account-balance';
import { billPaymentInput, topupInput } from '@andes/domain/account-inputs';
import { formatMoney } from '@andes/domain/money';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { gatewayReturnQuery } from '@andes/contract/inputs/payments';
import { requireCustomer } from '../../http/guards.ts';
import { finishTopup, startBillPayment, startTopup, TOPUP_RETURN_PATH } from './topups.service.ts';
import { findByBuyOrder } from './topups.repo.ts';
import { ownLine } from './plan.routes.ts';

type P = { Params: { phoneNumber: string } };

export async function topupRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/topups', async (req) => {
    ownLine(req);
    return ok({ amounts: topupAmounts[app.market.currency].map((a) => ({ amount: a, formatted: formatMoney(a, app.market.currency) })) });
  });

  /** Starts a card top-up and answers where to send the browser (the gateway's hosted page). */
  app.post<P>('/restpp/asset/:phoneNumber/topups', async (req) => {
    const input = parseInput(topupInput, req.body);
    const sessionId = req.session?.customerId != null ? `c${req.session.customerId}` : '';
    if (!sessionId) throw new AppError('required_login', 401);
    const started = await startTopup(app, ownLine(req), sessionId, input);
    return ok({ buyOrder: started.buyOrder, replayed: started.replayed }, { url: started.redirectUrl });
  });

  /** Pays a bill by card: answers where to send the browser (the gateway's hosted page). */
  app.post<{ Params: { phoneNumber: string; billId: string } }>('/restpp/asset/:phoneNumber/bills/:billId/pay', async (req) => {
    const { idempotencyKey } = parseInput(billPaymentInput, req.body);
    const started = await startBillPayment(app, ownLine(req), `c${requireCustomer(req)}`, Number(req.params.billId), idempotencyKey);
    return ok({ buyOrder: started.buyOrder, replayed: started.replayed }, { url: started.redirectUrl });
  });

  /** The gateway sends the browser back here (GET, from outside): idempotent, then to the top-up page. */
  app.get(TOPUP_RETURN_PATH, async (req, reply) => {
    const outcome = await finishTopup(app, parseInput(gatewayReturnQuery, req.query), req.session?.customerId ?? null);
    const params = new URLSearchParams({ resultado: outcome.result });
    if (outcome.result !== 'unknown') params.set('orden', outcome.topup.buyOrder);
    const purpose = outcome.result === 'unknown' ? 'topup' : outcome.topup.purpose;
    const page =
      app.cardPurposes.get(purpose)?.page ??
      (purpose === 'bill'
        ? '/personas/mientel/boleta'
        : purpose === 'bag'
          ? '/personas/mientel/bolsas'
          : purpose === 'installments'
            ? '/personas/mientel/equipo/quotas-pagar'
            : '/personas/mientel/recargas');
    return reply.redirect(`${page}?${params}`, 303);
  });

  /** The outcome of one of this line's top-ups, for the page the customer returns to. */
  app.get<{ Params: { phoneNumber: string; buyOrder: string } }>('/restpp/asset/:phoneNumber/topups/:buyOrder', async (req) => {
    const line = ownLine(req);
    const topup = await findByBuyOrder(app.db, req.params.buyOrder);
    if (!topup || topup.lineId !== line.id) throw new AppError('pp.error.asset.forbidden', 403);
    return ok({
      buyOrder: topup.buyOrder,
      purpose: topup.purpose,
      billId: topup.billId,
      offerId: topup.offerId,
      status: topup.status,
      amount: { amount: topup.amount, formatted: formatMoney(topup.amount, app.market.currency) },
    });
  });
}
