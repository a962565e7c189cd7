import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { FULFILMENT_NOTIFY_PATH, handleFulfilmentNotification } from './fulfilment.service.ts';
import { LOGISTICS_SIGNATURE_HEADER } from '../../adapters/logistics/port.ts';

/** The logistics system's signed status notifications: a server-to-server call, so no page token. */
export async function fulfilmentRoutes(app: FastifyInstance) {
  app.post(FULFILMENT_NOTIFY_PATH, { config: { csrf: false } }, async (req) => {
    const signature = req.headers[LOGISTICS_SIGNATURE_HEADER];
    return ok(await handleFulfilmentNotification(app, req.log, typeof signature === 'string' ? signature : undefined, req.body));
  });
}
