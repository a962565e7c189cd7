import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { forbiddenLine } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { cancelPlanChange, changePlan, planChangePage, type PlanChangeRequester } from '../../flows/plan-change.flow.ts';
import { planChangeBody } from '@andes/contract/inputs/plan-change';

type P = { Params: { phoneNumber: string } };

/** The line the guard checked (http/guards.ts). */
function requester(req: FastifyRequest): PlanChangeRequester {
  if (!req.line) throw forbiddenLine();
  return { line: req.line };
}

/** SPEC §2 `mi-plan/cambio-plan`: a postpaid or Controlado line moves to another plan (docs/decisions/027). */
export async function planChangeRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/plan-change', async (req) => ok(await planChangePage(app, requester(req))));

  app.post<P>('/restpp/asset/:phoneNumber/plan-change', async (req) => ok(await changePlan(app, requester(req), parseInput(planChangeBody, req.body))));

  app.post<P>('/restpp/asset/:phoneNumber/plan-change/cancel', async (req) => ok(await cancelPlanChange(app, requester(req))));
}
