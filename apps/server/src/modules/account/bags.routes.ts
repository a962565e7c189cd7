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

  app.get<P>('/REST/asset/:phoneNumber/bag', async (req) => ok({ bags: await lineBags(app, ownLine(req)) }));

  app.post<P>('/REST/asset/:phoneNumber/bag', async (req) => {
    const input = parseInput(accountInputs.bagPurchase, req.body);
    return ok(await buyBag(app, ownLine(req), input));
  });

  app.delete<{ Params: { phoneNumber: string; bagId: string } }>('/REST/asset/:phoneNumber/bag/:bagId', async (req) => {
    const bagId = Number(req.params.bagId);
    return ok(await cancelRecurring(app, ownLine(req), Number.isInteger(bagId) && bagId > 0 && bagId < 2 ** 31 ? bagId : 0));
  });
}
