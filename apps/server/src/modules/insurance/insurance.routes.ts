import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { forbiddenLine } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import {
  checkInsuranceClaim,
  fileInsuranceClaim,
  insuranceView,
  payDeductible,
  startDeductibleCardPayment,
  type InsuranceRequester,
} from '../../flows/insurance.flow.ts';
import { requireCustomer } from '../../http/guards.ts';
import { claimBody, deductibleBody, deductibleCardBody } from '@andes/contract/inputs/insurance';

type P = { Params: { phoneNumber: string } };
type C = { Params: { phoneNumber: string; claimNumber: string } };

/** The line the guard checked (http/guards.ts). */
function requester(req: FastifyRequest): InsuranceRequester {
  if (!req.line) throw forbiddenLine();
  return { line: req.line };
}

/** SPEC §2 `equipo/insurance`: the line's device insurance, and a claim after a theft or damage. */
export async function insuranceRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/insurance', async (req) => ok(await insuranceView(app, requester(req))));

  app.post<P>('/restpp/asset/:phoneNumber/insurance/claims', async (req) => ok(await fileInsuranceClaim(app, requester(req), parseInput(claimBody, req.body))));

  app.post<C>('/restpp/asset/:phoneNumber/insurance/claims/:claimNumber/status', async (req) =>
    ok(await checkInsuranceClaim(app, requester(req), req.params.claimNumber)),
  );

  app.post<C>('/restpp/asset/:phoneNumber/insurance/claims/:claimNumber/deductible', async (req) =>
    ok(await payDeductible(app, requester(req), req.params.claimNumber, parseInput(deductibleBody, req.body).idempotencyKey)),
  );

  /** Pays the deductible by card: answers where to send the browser (the gateway); its return marks the claim paid once. */
  app.post<C>('/restpp/asset/:phoneNumber/insurance/claims/:claimNumber/deductible/card', async (req) => {
    const input = parseInput(deductibleCardBody, req.body);
    const started = await startDeductibleCardPayment(app, requester(req), req.params.claimNumber, input, `c${requireCustomer(req)}`);
    return ok({ buyOrder: started.buyOrder, replayed: started.replayed }, { url: started.redirectUrl });
  });
}
