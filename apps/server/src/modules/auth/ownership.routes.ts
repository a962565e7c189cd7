import type { FastifyInstance } from 'fastify';
import { migrationInputs } from '@andes/domain/migration';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { requesterOf } from './password.service.ts';
import { checkOwnership, confirmOwnership } from './ownership.service.ts';

/** Line ownership check (`/personas/consulta-titularidad-linea`): a customer's own line at once, else a code texted to the line. */
export async function ownershipRoutes(app: FastifyInstance) {
  app.post('/restpp/subscriber/line/ownership', async (req) => {
    const input = parseInput(migrationInputs.ownership(app.market), req.body);
    return ok(await checkOwnership(app, input, requesterOf(req)));
  });

  /** The ownership check's answer for the code texted to the line. */
  app.post('/restpp/subscriber/line/ownership/code', async (req) => {
    const input = parseInput(migrationInputs.ownershipCode(app.market), req.body);
    return ok(await confirmOwnership(app, input, requesterOf(req)));
  });
}
