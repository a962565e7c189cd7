import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { requireCustomer } from '../../http/guards.ts';
import { parseInput } from '../../http/parse.ts';
import { signedInBuyerListing } from '../../flows/buyer-screening.flow.ts';
import { listingView } from './screening.service.ts';
import { blackListQuery } from '@andes/contract/inputs/screening';

export async function screeningRoutes(app: FastifyInstance) {
  /**
   * SPEC §7: whether the signed-in buyer is on the operator's fraud or debt list, before the checkout
   * offers financing or new lines. Only one's own document: the list is nobody else's business (decision 022).
   */
  app.get('/restpp/order/v2/black/list/validate', async (req) => {
    const customerId = requireCustomer(req);
    parseInput(blackListQuery, req.query);
    return ok(listingView(app, await signedInBuyerListing(app, customerId)));
  });
}
