import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { requireCustomer } from '../../http/guards.ts';
import { parseInput } from '../../http/parse.ts';
import { installmentPaymentBody } from '@andes/contract/inputs/plan-change';
import { installmentsView, startInstallmentPayment } from './installments.service.ts';
import { ownLine } from './plan.routes.ts';

type P = { Params: { phoneNumber: string } };

/** SPEC §2 `equipo/quotas-pagar`: the installments left of the line's financed phone, paid ahead by card (docs/decisions/027). */
export async function installmentRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/installments', async (req) => ok(await installmentsView(app, ownLine(req))));

  /** Answers where to send the browser (the gateway's hosted page); its return settles the payment like a bill's. */
  app.post<P>('/restpp/asset/:phoneNumber/installments/pay', async (req) => {
    const input = parseInput(installmentPaymentBody, req.body);
    const started = await startInstallmentPayment(app, ownLine(req), `c${requireCustomer(req)}`, input);
    return ok({ buyOrder: started.buyOrder, replayed: started.replayed }, { url: started.redirectUrl });
  });
}
