import type { FastifyInstance } from 'fastify';
import { accountInputs } from '@andes/domain/account-inputs';
import { isoDayInZone } from '@andes/domain/account-bills';
import { cycleStart, filterUsage, parseAllowance, totalsByKind } from '@andes/domain/account-consumption';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { lineWithPlan } from './lines.repo.ts';
import { usageSince } from './consumption.repo.ts';
import { ownLine } from './plan.routes.ts';

/** This cycle's usage against the plan (totals), and the daily detail with filters. */
export async function consumptionRoutes(app: FastifyInstance) {
  app.get<{ Params: { phoneNumber: string }; Querystring: Record<string, string> }>('/REST/asset/:phoneNumber/consumption', async (req) => {
    const filter = parseInput(accountInputs.consumptionFilter, Object.fromEntries(Object.entries(req.query).filter(([k, v]) => k !== 'f__key__' && v !== '')));
    const line = await lineWithPlan(app.db, ownLine(req).id);
    if (!line) throw notFound();
    const today = isoDayInZone(new Date(), app.market.timeZone);
    const from = cycleStart(today, line.cycleDay);
    const rows = await usageSince(app.db, line.id, from);
    const totals = totalsByKind(rows, {
      data: parseAllowance(line.planData, 'data'),
      voice: parseAllowance(line.planVoice, 'voice'),
      sms: parseAllowance(line.planSms, 'sms'),
    });
    const dataByDay = filterUsage(rows, { kind: 'data' }).reverse();
    return ok({
      phoneNumber: line.phoneNumber,
      cycleStart: from,
      today,
      totals: totals.map((t) => ({ ...t, allowance: t.allowance === undefined ? 'notIncluded' : t.allowance })),
      dataByDay,
      detail: filterUsage(rows, filter),
      filter,
    });
  });
}
