import type { FastifyInstance } from 'fastify';
import { nextFulfilmentEvent, type OrderState } from '@andes/domain/order-state';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { LOGISTICS_SIGNATURE_HEADER } from '../../adapters/logistics/port.ts';
import { sandboxLogisticsSignature } from '../../adapters/logistics/sandbox.ts';
import { requireSecret } from '../../secrets.ts';
import { findOrderByNumber } from './order.repo.ts';
import { FULFILMENT_NOTIFY_PATH, FulfilmentErrorKeys, orderFacts } from './fulfilment.service.ts';
import { advanceBody } from '@andes/contract/inputs/sandbox';

/**
 * The warehouse's side (docs/sandbox.md): `POST /sandbox/logistics/advance {order}` performs the next
 * step of a handed-over order's fulfilment (prepare → ship or ready for pickup → collect the money of
 * an order paid on hand-over → deliver) and posts the system's signed notification to the shop,
 * exactly as the real system would.
 */
export async function sandboxLogisticsRoutes(app: FastifyInstance) {
  const notifyKey = requireSecret(app.config.secrets, 'LOGISTICS_NOTIFY_KEY');
  app.post('/sandbox/logistics/advance', { config: { csrf: false } }, async (req, reply) => {
    const { order: number } = parseInput(advanceBody, req.body);
    const order = await findOrderByNumber(app.db, number);
    if (!order?.fulfilmentReference) throw new AppError('pp.error.order.not.found', 404);
    const step = nextFulfilmentEvent(order.status as OrderState, orderFacts(order));
    if (!step) throw new AppError(FulfilmentErrorKeys.step, 409);
    const body = { reference: order.fulfilmentReference, orderNumber: number, step };
    const notified = await app.inject({
      method: 'POST',
      url: FULFILMENT_NOTIFY_PATH,
      headers: { 'content-type': 'application/json', [LOGISTICS_SIGNATURE_HEADER]: sandboxLogisticsSignature(notifyKey, body.reference, number, step) },
      payload: JSON.stringify(body),
    });
    return reply.status(notified.statusCode).type('application/json').send(notified.body);
  });
}
