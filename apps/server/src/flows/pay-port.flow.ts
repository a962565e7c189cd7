import type { FastifyInstance } from 'fastify';
import { PortabilityErrorKeys, isPortabilityReady, portabilityOutcomePath, type PortabilityState } from '@andes/domain/portability';
import { AppError } from '../http/errors.ts';
import { linesOfOrder, openOrderOf, type CartRow } from '../modules/cart/index.ts';
import { currentRequest, portabilityLine } from '../modules/portability/index.ts';
import { pay, type PaymentChoice } from './pay-order.flow.ts';

/**
 * `/restpp/subscriber/portability/payment`: the payment of a portability order goes through the
 * checkout's own payment, once the registry accepted the port and the cart's open order carries the
 * line the number is ported into.
 */
export async function payPort(app: FastifyInstance, cart: CartRow | null, customerId: number | null, choice: PaymentChoice) {
  const { line } = await portabilityLine(app.db, cart);
  const request = await currentRequest(app.db, cart);
  if (!isPortabilityReady(request.state))
    throw new AppError(PortabilityErrorKeys.notReady, 409, { fields: { redirectRUL: portabilityOutcomePath(request.state as PortabilityState) } });
  const order = await openOrderOf(app, cart);
  const ordered = order ? await linesOfOrder(app.db, order.id) : [];
  if (!order || !ordered.some((l) => l.type === 'plan' && l.itemId === line.itemId)) {
    throw new AppError(PortabilityErrorKeys.noOrder, 409, { fields: { redirectRUL: '/personas/planesV2/carrito-comparV2' } });
  }
  const paid = await pay(app, cart, customerId, choice);
  return { ...paid, request };
}
