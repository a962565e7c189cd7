import type { FastifyInstance } from 'fastify';
import { mobileInputs } from '@andes/domain/migration-mobile';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { confirmRequest, currentDraft, requestView, saveDelivery } from './mobile.service.ts';

/** The mobile request flow (`/personas/movil`): delivery data, confirmation, the request itself. */
export async function mobileRoutes(app: FastifyInstance) {
  app.post('/restpp/mobile/delivery', async (req, reply) => {
    const input = parseInput(mobileInputs.delivery(app.market), req.body);
    return ok({ request: await saveDelivery(app, req, reply, input) });
  });

  app.get('/restpp/mobile/request', async (req) => ok({ request: await currentDraft(app, req) }));

  app.post('/restpp/mobile/request', async (req) => {
    const { idempotencyKey } = parseInput(mobileInputs.confirm, req.body);
    return ok(await confirmRequest(app, req, idempotencyKey));
  });

  app.get<{ Params: { number: string } }>('/restpp/mobile/request/:number', async (req) => ok({ request: await requestView(app, req, req.params.number) }));
}
