import type { FastifyInstance } from 'fastify';
import { accountInputs } from '@andes/domain/account-inputs';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { requireCustomer } from '../../http/guards.ts';
import { buyBag, cancelRecurring, lineBags, offers } from './bags.service.ts';
import { ownLine } from './plan.routes.ts';

type P = { Params: { phoneNumber: string } };

export async function bagRoutes(app: FastifyInstance) {
  /** Bag offers by mode (immediate, recurring, traveller) and type; signed-in customers only. */
  app.get<{ Querystring: { mode?: string } }>('/restpp/asset/bags/offers', async (req) => {
    requireCustomer(req);
    const mode = ['immediate', 'recurring', 'traveller'].includes(req.query.mode ?? '') ? req.query.mode : undefined;
    return ok({ offers: await offers(app, mode) });
  });

  app.get<P>('/REST/asset/:phoneNumber/bag', async (req) => ok(await lineBags(app, ownLine(req))));

  /** Balance, points or bill: the purchase; card: where to send the browser (the gateway's page). */
  app.post<P>('/REST/asset/:phoneNumber/bag', async (req) => {
    const input = parseInput(accountInputs.bagPurchase, req.body);
    const result = await buyBag(app, ownLine(req), `c${requireCustomer(req)}`, input);
    if (result.card) return ok({ buyOrder: result.buyOrder, replayed: result.replayed }, { url: result.redirectUrl });
    const { card: _card, ...bought } = result;
    return ok(bought);
  });

  app.delete<{ Params: { phoneNumber: string; bagId: string } }>('/REST/asset/:phoneNumber/bag/:bagId', async (req) => {
    const bagId = Number(req.params.bagId);
    return ok(await cancelRecurring(app, ownLine(req), Number.isInteger(bagId) && bagId > 0 && bagId < 2 ** 31 ? bagId : 0));
  });
}
