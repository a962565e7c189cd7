import type { FastifyInstance } from 'fastify';
import { CartErrorKeys } from '@andes/domain/cart-rules';
import { AppError } from '../../http/errors.ts';
import * as repo from './cart.repo.ts';
import type { CartRow } from './cart.repo.ts';
import { assertInsurances } from './cart.service.ts';

/**
 * `POST /restpp/order/insurances`: the signed-in customer's insurance choice for a phone already in the
 * cart, covering one of their own lines (`atg_phoneNumber`, checked by the caller). Replaces the line's
 * insurances (an empty list removes them) under the same rules as the add: only phones, equipment-only
 * only where the market offers it, no excluded pair. The cart gets a new version, so an open order is
 * made again with the new monthly price.
 */
export async function attachInsurances(app: FastifyInstance, cart: CartRow, skuId: string, ids: string[], insuredPhoneNumber: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    await repo.lockCart(tx, cart.id);
    const lines = await repo.cartLinesOf(tx, cart.id);
    const line = lines.find((l) => l.type === 'equipment' && l.itemId === skuId);
    if (!line)
      throw new AppError(CartErrorKeys.unknownItem, 404, { fields: { productOfferingID: skuId }, fieldErrors: { skuId: [CartErrorKeys.unknownItem] } });
    const [skus, catalogue] = await Promise.all([repo.skuInfo(tx, [skuId]), repo.insuranceInfo(tx, ids)]);
    const withPlan = line.campaignId !== null || lines.some((l) => l.type === 'plan');
    assertInsurances(app, ids, [...catalogue.values()], { productKind: skus.get(skuId)?.kind ?? 'unknown', withPlan, signedIn: true });
    await repo.setLineInsurances(tx, cart.id, skuId, ids, ids.length ? insuredPhoneNumber : null);
    await repo.bumpCart(tx, cart.id);
  });
}
