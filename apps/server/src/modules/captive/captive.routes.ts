import type { FastifyInstance } from 'fastify';
import { captiveBagBody, captiveBagParams } from '@andes/contract/inputs/captive';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { buyRoamingBag, roamingBag, roamingOffers } from '../../flows/captive.flow.ts';

/** The captive host's calls (decision 023); the host check (http/captive-host.ts) keeps them off the main site. */
export async function captiveRoutes(app: FastifyInstance) {
  app.get('/restpp/captive/roaming/offers', async (req) => ok(await roamingOffers(app, req)));

  app.post('/restpp/captive/roaming/bag', async (req) => ok(await buyRoamingBag(app, req, parseInput(captiveBagBody, req.body))));

  app.get('/restpp/captive/roaming/bag/:bagId', async (req) => ok(await roamingBag(app, req, parseInput(captiveBagParams, req.params).bagId)));
}
