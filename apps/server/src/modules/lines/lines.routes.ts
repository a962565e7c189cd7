import type { FastifyInstance } from 'fastify';
import { migrationInputs } from '@andes/domain/migration';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { requireCustomer } from '../../http/guards.ts';
import { requesterOf } from '../auth/password.service.ts';
import { checkOwnership, confirmOwnership, profiledOffer } from './lines.service.ts';

export async function linesRoutes(app: FastifyInstance) {
  /** Line ownership check (`/personas/consulta-titularidad-linea`): a customer's own line at once, else a code texted to the line. */
  app.post('/restpp/subscriber/line/ownership', async (req) => {
    const input = parseInput(migrationInputs.ownership(app.market), req.body);
    return ok(await checkOwnership(app, input, requesterOf(req)));
  });

  /** The ownership check's answer for the code texted to the line. */
  app.post('/restpp/subscriber/line/ownership/code', async (req) => {
    const input = parseInput(migrationInputs.ownershipCode(app.market), req.body);
    return ok(await confirmOwnership(app, input, requesterOf(req)));
  });

  /** Offers profiled for the signed-in customer, per line (`/personas/oferta-perfilada`). */
  app.get('/restpp/offers/profiled', async (req) => ok({ lines: await profiledOffer(app, requireCustomer(req)) }));
}
