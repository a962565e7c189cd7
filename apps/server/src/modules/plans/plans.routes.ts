import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activationQuery, customerActiveBody, selectPlanBody } from '@andes/domain/plans-sale';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { requireCustomer } from '../../http/guards.ts';
import { customerProfileFor } from '../../flows/customer-profile.flow.ts';
import { planActivation } from '../../flows/plan-activation.flow.ts';
import { sessionCart } from '../../flows/session-cart.flow.ts';
import { customerActive, planSalesTerms, plansListAnswer, profiledOffer, selectPlanFor, selectedPlan, selectionOf } from './plans.service.ts';

const customerOf = (req: FastifyRequest) => req.session?.customerId ?? null;
const cartTokenOf = (req: FastifyRequest) => (typeof req.session?.data.cartToken === 'string' ? req.session.data.cartToken : null);

/** Plan sale routes: the plan list, the journey's plan choice, customer check and the opened lines. */
export async function plansRoutes(app: FastifyInstance) {
  app.get('/restpp/subscriber/plans', async (req) => plansListAnswer(app, req.query, selectionOf(req)?.id ?? null));

  /** The terms text where plans are sold (SPEC §9): the checkout's plan summary shows it too. */
  app.get('/restpp/subscriber/plans/terms', async () => ok({ terms: await planSalesTerms(app) }));

  app.post('/restpp/order/select/plan', async (req, reply) => {
    const selection = parseInput(selectPlanBody, req.body);
    const plan = await selectPlanFor(app, req, reply, selection);
    return ok({ selectedPlan: plan, isPortability: selection.isPortability });
  });

  app.get('/restpp/order/select/plan', async (req) => {
    const current = await selectedPlan(app, req);
    return ok({ selectedPlan: current?.plan ?? null, isPortability: current?.isPortability ?? false, activeSimType: current?.activeSimType ?? null });
  });

  /** "Check customer active v3" (SPEC §7 named action). */
  app.post('/restpp/order/v3/customer/active', async (req) => {
    const { document } = parseInput(customerActiveBody(app.market), req.body);
    return ok({ customerActive: await customerActive(app, document, req.ip) });
  });

  /**
   * "Create customer profile for LLAA and VEP" (SPEC §7 named action): the identified buyer of a cart
   * with a plan line or a financed phone gets a profile once the identity questions were passed.
   */
  app.post('/restpp/order/v2/new/customer/profile', async (req, reply) => {
    const profile = await customerProfileFor(app, await sessionCart(app, req, reply), customerOf(req));
    return ok({ profile });
  });

  /** The lines a paid plan order opened (only its owner may read them). */
  app.get('/restpp/order/plan/activation', async (req) => {
    const { order: number } = parseInput(activationQuery, req.query);
    return ok(await planActivation(app, number, customerOf(req), cartTokenOf(req)));
  });

  /** Offers profiled for the signed-in customer, per line (`/personas/oferta-perfilada`). */
  app.get('/restpp/offers/profiled', async (req) => ok({ lines: await profiledOffer(app, requireCustomer(req)) }));
}
