import type { FastifyInstance } from 'fastify';
import { checkoutRuleSets } from '@andes/domain/checkout-validation';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import * as cartRepo from './cart.repo.ts';
import type { CartRow } from './cart.repo.ts';
import { cartView } from './cart.service.ts';
import * as checkout from './checkout.service.ts';
import { applyDeliveryToOrder, orderView } from './order.service.ts';
import { shippingBody } from '@andes/contract/inputs/cart';

/**
 * The delivery-data calls (SPEC §7), shared by the generic routes and Peru's own ones, so each rule
 * lives once: raw bodies in, validated here, answers out.
 */

/** Saves a delivery address of the cart's buyer after checking the geography really nests. */
export async function addDeliveryAddress(app: FastifyInstance, cart: CartRow, customerId: number | null, body: unknown) {
  const input = parseInput(checkoutRuleSets.address(app.market), body);
  const chain = await checkout.geoChain(app.db, app.market, input);
  if (!chain) throw new AppError('pp.error.checkout.geo', 400, { fieldErrors: { commune: ['pp.error.checkout.geo'] } });
  const address = await checkout.saveAddress(app.db, cart, customerId, chain, input);
  return { address, addresses: await checkout.addressesOf(app.db, cart, customerId) };
}

/** Chooses home delivery to a saved address or pickup at a store, with the consignee; reprices the open order. */
export async function chooseShipping(app: FastifyInstance, cart: CartRow, customerId: number | null, body: unknown) {
  const raw = (body ?? {}) as Record<string, unknown>;
  const method = parseInput(shippingBody, raw);
  const consignee = parseInput(checkoutRuleSets.consignee(app.market), raw.consignee ?? {});
  if (method.deliveryType === 'delivery') {
    if (!(await checkout.findAddress(app.db, cart, customerId, method.addressId))) {
      throw new AppError('pp.error.checkout.address', 404, { fieldErrors: { addressId: ['pp.error.checkout.address'] } });
    }
    await cartRepo.updateCart(app.db, cart.id, { deliveryType: 'delivery', addressId: method.addressId, storeId: null, consignee });
  } else {
    checkout.assertStore(await checkout.findStore(app.db, method.storeId));
    await cartRepo.updateCart(app.db, cart.id, { deliveryType: 'storePickup', storeId: method.storeId, addressId: null, consignee });
  }
  const updated = (await cartRepo.findCartByToken(app.db, cart.token))!;
  const order = await applyDeliveryToOrder(app, updated, customerId);
  return { shoppingCart: await cartView(app, updated, customerId !== null), order: order ? await orderView(app, order) : null };
}
