import type { FastifyInstance } from 'fastify';
import { accountInputs, lukasRates } from '@andes/domain/account-inputs';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { limitsOf, moneyOf, redeemLukas, transferBalance } from './balance.service.ts';
import { ownLine } from './plan.routes.ts';

type P = { Params: { phoneNumber: string } };

export async function balanceRoutes(app: FastifyInstance) {
  /** Transfer limits and the lukas rate, for the forms. */
  app.get<P>('/REST/asset/:phoneNumber/balance/transfer', async (req) => {
    const line = ownLine(req);
    const rate = lukasRates[app.market.currency];
    return ok({ phoneNumber: line.phoneNumber, limits: limitsOf(app), lukas: { points: rate.points, amount: moneyOf(app, rate.amount) } });
  });

  app.post<P>('/REST/asset/:phoneNumber/balance/transfer', async (req) => {
    const input = parseInput(accountInputs.transfer, req.body);
    return ok(await transferBalance(app, ownLine(req), input));
  });

  app.post<P>('/REST/asset/:phoneNumber/balance/lukas', async (req) => {
    const input = parseInput(accountInputs.lukas, req.body);
    return ok(await redeemLukas(app, ownLine(req), input));
  });
}
