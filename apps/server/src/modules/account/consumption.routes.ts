import type { FastifyInstance } from 'fastify';
import { accountInputs } from '@andes/domain/account-inputs';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { consumptionOf } from './consumption.service.ts';
import { ownLine } from './plan.routes.ts';

/** This cycle's usage against the plan (totals), and the daily detail of a day range with filters. */
export async function consumptionRoutes(app: FastifyInstance) {
  app.get<{ Params: { phoneNumber: string }; Querystring: Record<string, string> }>('/REST/asset/:phoneNumber/consumption', async (req) => {
    const filter = parseInput(accountInputs.consumptionFilter, Object.fromEntries(Object.entries(req.query).filter(([k, v]) => k !== 'f__key__' && v !== '')));
    return ok(await consumptionOf(app, ownLine(req), filter));
  });
}
