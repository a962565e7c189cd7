import type { FastifyInstance } from 'fastify';
import { captiveActivationParams, captiveActivateBody, captiveBagBody, captiveBagParams, captiveCardBagParams } from '@andes/contract/inputs/captive';
import { gatewayReturnQuery } from '@andes/contract/inputs/payments';
import { migrationInputs } from '@andes/domain/migration';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import {
  CAPTIVE_ACTIVATION_RETURN,
  CAPTIVE_ROAMING_RETURN,
  activatePending,
  activationOffer,
  captiveLineView,
  activationStatus,
  buyRoamingBag,
  finishActivation,
  finishRoamingCard,
  roamingBag,
  roamingCardBag,
  roamingOffers,
  startActivation,
} from '../../flows/captive.flow.ts';

/** The captive host's outcome pages of a roaming bag paid by card. */
export const CAPTIVE_ROAMING_PAGES = { done: '/roamingpostbolsas/confirmacion', error: '/roamingpostbolsas/error' } as const;

/** The captive host's outcome pages of a move to a plan. */
export const CAPTIVE_ACTIVATION_PAGES = { done: '/activacionpost/confirmacion', error: '/activacionpost/error' } as const;

/** The captive host's calls (decision 023); the host check (http/captive-host.ts) keeps them off the main site. */
export async function captiveRoutes(app: FastifyInstance) {
  app.get('/restpp/captive/roaming/offers', async (req) => ok(await roamingOffers(app, req)));

  /** Balance or bill: the bag bought; card: where to send the browser (the gateway's page). */
  app.post('/restpp/captive/roaming/bag', async (req) => {
    const bought = await buyRoamingBag(app, req, parseInput(captiveBagBody, req.body));
    if (bought.card) return ok({ buyOrder: bought.buyOrder, replayed: bought.replayed }, { url: bought.redirectUrl });
    const { card: _card, ...rest } = bought;
    return ok(rest);
  });

  /** The gateway sends the browser back here (GET, from outside): settled once, then to the outcome page. */
  app.get(CAPTIVE_ROAMING_RETURN, async (req, reply) => {
    const outcome = await finishRoamingCard(app, req, parseInput(gatewayReturnQuery, req.query));
    if (outcome.result === 'approved') {
      return reply.redirect(
        `${CAPTIVE_ROAMING_PAGES.done}?orden=${encodeURIComponent(outcome.buyOrder)}&oferta=${encodeURIComponent(outcome.offerId ?? '')}`,
        303,
      );
    }
    const reason = outcome.result === 'rejected' || outcome.result === 'aborted' ? 'pago' : 'compra';
    return reply.redirect(`${CAPTIVE_ROAMING_PAGES.error}?motivo=${reason}`, 303);
  });

  app.get('/restpp/captive/roaming/card/:buyOrder', async (req) => ok(await roamingCardBag(app, req, parseInput(captiveCardBagParams, req.params).buyOrder)));

  app.get('/restpp/captive/roaming/bag/:bagId', async (req) => ok(await roamingBag(app, req, parseInput(captiveBagParams, req.params).bagId)));

  app.get('/restpp/captive/line', async (req) => ok(await captiveLineView(app, req)));

  app.post('/restpp/captive/line/activate', async (req) => ok(await activatePending(app, req, parseInput(captiveActivateBody, req.body))));

  app.get('/restpp/captive/activation/plans', async (req) => ok(await activationOffer(app, req)));

  /** Answers where to send the browser: the gateway's hosted page. */
  app.post('/restpp/captive/activation', async (req) => {
    const started = await startActivation(app, req, parseInput(migrationInputs.start, req.body));
    return ok({ buyOrder: started.buyOrder, replayed: started.replayed }, { url: started.redirectUrl });
  });

  /** The gateway sends the browser back here (GET, from outside): idempotent, then to the outcome page. */
  app.get(CAPTIVE_ACTIVATION_RETURN, async (req, reply) => {
    const outcome = await finishActivation(app, req, parseInput(gatewayReturnQuery, req.query));
    if (outcome.result !== 'approved') return reply.redirect(`${CAPTIVE_ACTIVATION_PAGES.error}?motivo=pago`, 303);
    return reply.redirect(`${CAPTIVE_ACTIVATION_PAGES.done}?orden=${encodeURIComponent(outcome.buyOrder)}`, 303);
  });

  app.get('/restpp/captive/activation/:buyOrder', async (req) =>
    ok(await activationStatus(app, req, parseInput(captiveActivationParams, req.params).buyOrder)),
  );
}
