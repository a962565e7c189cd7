import type { FastifyInstance } from 'fastify';
import { migrationInputs } from '@andes/domain/migration';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { requireCustomer } from '../../http/guards.ts';
import { checkOwnership, profiledOffer } from './service.ts';

export async function linesRoutes(app: FastifyInstance) {
  /** Line ownership check (`/personas/consulta-titularidad-linea`): open to visitors, rate-limited. */
  app.post('/restpp/subscriber/line/ownership', async (req) => {
    const input = parseInput(migrationInputs.ownership(app.market), req.body);
    return ok(await checkOwnership(app, input, req.ip));
  });

  /** Offers profiled for the signed-in customer, per line (`/personas/oferta-perfilada`). */
  app.get('/restpp/offers/profiled', async (req) => ok({ lines: await profiledOffer(app, requireCustomer(req)) }));
}
