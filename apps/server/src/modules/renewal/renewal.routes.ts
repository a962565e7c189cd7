import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { requireCustomer } from '../../http/guards.ts';
import { renewalLines } from './renewal.service.ts';

/** The renewal's line choice (the product page on a renewal visit). */
export async function renewalRoutes(app: FastifyInstance) {
  /** Our own: the signed-in customer's lines, which may renew their phone today and why not, and the default one. */
  app.get('/restpp/order/renewal/lines', async (req) => ok(await renewalLines(app, requireCustomer(req))));
}
