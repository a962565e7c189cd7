import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkoutRuleSets } from '@andes/domain/checkout-validation';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { requireCurrentCart } from './cart.service.ts';
import { addDeliveryAddress, chooseShipping } from './shipping.service.ts';

const bodyOf = (body: unknown) => (body && typeof body === 'object' ? (body as Record<string, unknown>) : {});

/**
 * Peru's own delivery calls (SPEC §7), registered only where `market.peruOrderCalls` is set: thin
 * aliases of the generic delivery-data calls (docs/api.md), so the rules stay in one place.
 */
export async function peruDeliveryRoutes(app: FastifyInstance) {
  const customerOf = (req: FastifyRequest) => req.session?.customerId ?? null;

  app.post('/restpp/peru/order/delivery/address', async (req, reply) =>
    ok(await addDeliveryAddress(app, await requireCurrentCart(app, req, reply), customerOf(req), req.body)),
  );

  app.post('/restpp/order/v1/peru/shipping', async (req, reply) => {
    const { shoppingCart, order } = await chooseShipping(app, await requireCurrentCart(app, req, reply), customerOf(req), req.body);
    return ok({ ...shoppingCart, shoppingCart, order });
  });

  app.post('/restpp/order/v2/peru/storePickup', async (req, reply) => {
    const { shoppingCart, order } = await chooseShipping(app, await requireCurrentCart(app, req, reply), customerOf(req), {
      ...bodyOf(req.body),
      deliveryType: 'storePickup',
    });
    return ok({ ...shoppingCart, shoppingCart, order });
  });

  app.post('/restpp/order/v2/peru/edelivery', async (req, reply) => {
    const { shoppingCart, order } = await chooseShipping(app, await requireCurrentCart(app, req, reply), customerOf(req), {
      ...bodyOf(req.body),
      deliveryType: 'delivery',
    });
    return ok({ ...shoppingCart, shoppingCart, order });
  });

  /** A new address and home delivery to it in one call; the consignee is checked before anything is saved. */
  app.post('/restpp/order/v2/peru/delivery', async (req, reply) => {
    const body = bodyOf(req.body);
    parseInput(checkoutRuleSets.consignee(app.market), body.consignee ?? {});
    const cart = await requireCurrentCart(app, req, reply);
    const { address, addresses } = await addDeliveryAddress(app, cart, customerOf(req), body);
    const { shoppingCart, order } = await chooseShipping(app, cart, customerOf(req), {
      deliveryType: 'delivery',
      addressId: address.id,
      consignee: body.consignee,
    });
    return ok({ ...shoppingCart, shoppingCart, order, address, addresses });
  });
}
