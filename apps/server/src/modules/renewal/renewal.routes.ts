import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { requireCustomer } from '../../http/guards.ts';
import { parseInput } from '../../http/parse.ts';
import { renewalLines, renewalProfile } from './renewal.service.ts';
import { renoProfileQuery } from '@andes/contract/inputs/renewal';

/** The renewal's line choice (the product page on a renewal visit). */
export async function renewalRoutes(app: FastifyInstance) {
  /** Our own: the signed-in customer's lines, which may renew their phone today and why not, and the default one. */
  app.get('/restpp/order/renewal/lines', async (req) => ok(await renewalLines(app, requireCustomer(req))));

  /** SPEC §7 "order/v1/reno/profile" (method not given; it reads, so GET): one line's renewal profile. */
  app.get('/restpp/order/v1/reno/profile', async (req) => {
    const customerId = requireCustomer(req);
    const { phoneNumber } = parseInput(renoProfileQuery, req.query);
    return ok(await renewalProfile(app, customerId, phoneNumber));
  });
}
