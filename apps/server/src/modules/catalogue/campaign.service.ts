import type { FastifyInstance } from 'fastify';
import { formatMoney } from '@andes/domain/money';
import { productPath } from '@andes/domain/catalogue-product';
import { campaignRunning, discounted } from '@andes/domain/campaigns';
import { AppError } from '../../http/errors.ts';
import { campaignProducts, findCampaign, findPlanName } from './campaign.repo.ts';
import { leadSku } from './catalogue.service.ts';

/** Seeded phone specs carry the cameras and processor under these (Spanish) names. */
const SPEC_KEYS = { backCamera: 'cámara trasera', frontCamera: 'cámara frontal', cpu: 'procesador' } as const;

/**
 * SPEC §3 "Campaign item" list of a running campaign, for the "Equipo seleccionado" carousel and
 * Peru's equipment picker. Price is today's campaign price of the product's lead sku.
 */
export async function campaignDetails(app: FastifyInstance, campaignID: string, now = new Date()) {
  const campaign = await findCampaign(app.db, campaignID);
  if (!campaign || !campaignRunning(campaign, now)) throw new AppError('phonePlan.error.campaign', 404);
  const [planName, rows] = await Promise.all([
    campaign.planId ? findPlanName(app.db, campaign.planId) : undefined,
    campaignProducts(app.db, campaign.productIds),
  ]);
  const money = (amount: number) => ({ amount, formatted: formatMoney(amount, app.market.currency) });
  const items = rows.flatMap(({ product, skus }) => {
    const sku = leadSku(skus);
    if (!sku) return [];
    const specs = product.specs as Record<string, string>;
    return [
      {
        equipmentID: product.id,
        skuId: sku.id,
        campaignID: campaign.id,
        brand: product.brand,
        displayName: product.displayName,
        backCamera: specs[SPEC_KEYS.backCamera] ?? null,
        frontCamera: specs[SPEC_KEYS.frontCamera] ?? null,
        cpu: specs[SPEC_KEYS.cpu] ?? null,
        price: money(discounted(sku.listPrice, campaign.discountPercentage)),
        listPrice: money(sku.listPrice),
        image: sku.images[0] ?? '',
        inStock: skus.some((s) => s.stock > 0),
        url: productPath(product.kind, product.id),
      },
    ];
  });
  return {
    campaign: {
      campaignID: campaign.id,
      name: campaign.name,
      description: campaign.description,
      planID: campaign.planId,
      planName: planName ?? null,
      discountPercentage: campaign.discountPercentage,
      endsAt: campaign.endsAt.toISOString(),
    },
    items,
  };
}
