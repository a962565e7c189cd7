import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { campaignDetails } from './campaign.service.ts';
import { campaignQuery } from '@andes/contract/inputs/catalogue';

/** SPEC §7 `GET /restpp/asset/campaign/product/details` with campaignID: the campaign's equipment. */
export async function campaignRoutes(app: FastifyInstance) {
  app.get('/restpp/asset/campaign/product/details', { config: { cacheSeconds: 5 } }, async (req) => {
    const { campaignID } = parseInput(campaignQuery, req.query);
    return ok(await campaignDetails(app, campaignID));
  });
}
