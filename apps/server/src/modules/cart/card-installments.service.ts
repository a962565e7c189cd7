import type { FastifyInstance } from 'fastify';
import { installmentChoices, type InstallmentPlan } from '@andes/domain/card-installments';
import { installmentCount } from '@andes/domain/catalogue-product';
import { skuInfo } from './cart.repo.ts';

/**
 * The installment plans a card payment of `total` may choose for these lines (a cart's or an order's):
 * up to the most installments a phone or accessory among them advertises on its price block, so what
 * was advertised can be chosen; none for plans alone.
 */
export async function installmentOffer(
  app: FastifyInstance,
  lines: ReadonlyArray<{ type: string; itemId: string }>,
  total: number,
): Promise<InstallmentPlan[]> {
  const skus = await skuInfo(
    app.db,
    lines.filter((l) => l.type === 'equipment').map((l) => l.itemId),
  );
  const advertised = Math.max(0, ...[...skus.values()].map((s) => installmentCount(s, app.market)));
  return installmentChoices(total, advertised);
}
