import type { Db } from '@andes/db/client';
import { priceBlock, productPath, type PriceBlock } from '@andes/domain/catalogue-product';
import { COMPARE_SPECS, compareIds, type CompareSpec } from '@andes/domain/compare';
import type { Market } from '@andes/domain/market';
import { spanishCollator } from '@andes/domain/spanish-order';
import { findPhones, listProductsWithSkus } from './catalogue.repo.ts';
import { leadSku } from './catalogue.service.ts';

export type ComparedPhone = {
  productId: string;
  displayName: string;
  brand: string;
  url: string;
  image: string | null;
  inStock: boolean;
  prices: PriceBlock;
  /** Each compared spec as the catalogue states it; null when the product does not say. */
  specs: Record<CompareSpec, string | null>;
  /** The storage of each variant sold ("128 GB"). */
  storages: string[];
};

export type Comparison = {
  phones: ComparedPhone[];
  missing: string[];
  extra: number;
  /** Every other phone on sale, by name, for the page's "add a phone" picker. */
  choices: Array<{ productId: string; displayName: string }>;
};

/**
 * Phones side by side (`GET /restpp/catalogue/compare?ids=`): up to COMPARE_MAX, in the order asked,
 * each with its lead sku's price block (cash and installments) and the compared specs. An id that is
 * no longer sold, or is not a phone, is named in `missing` so a shared link still opens.
 */
export async function comparePhones(deps: { db: Db; market: Market }, idsParam: string): Promise<Comparison> {
  const { ids, extra } = compareIds([idsParam]);
  const found = new Map((await findPhones(deps.db, ids)).map((p) => [p.product.id, p]));
  const phones: ComparedPhone[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const entry = found.get(id);
    const lead = entry && leadSku(entry.skus);
    if (!entry || !lead) {
      missing.push(id);
      continue;
    }
    const { product, skus } = entry;
    phones.push({
      productId: product.id,
      displayName: product.displayName,
      brand: product.brand,
      url: productPath(product.kind, product.id),
      image: lead.images[0] ?? null,
      inStock: skus.some((s) => s.stock > 0),
      prices: priceBlock(lead, deps.market),
      specs: Object.fromEntries(COMPARE_SPECS.map((k) => [k, product.specs[k] ?? null])) as Record<CompareSpec, string | null>,
      storages: [...new Set(skus.map((s) => s.storage).filter((s): s is string => !!s))],
    });
  }
  const compared = new Set(phones.map((p) => p.productId));
  const forSale = (await Promise.all([listProductsWithSkus(deps.db, 'phones'), listProductsWithSkus(deps.db, 'refurbished')])).flat();
  const choices = forSale
    .filter((p) => !compared.has(p.product.id))
    .map((p) => ({ productId: p.product.id, displayName: p.product.displayName }))
    .sort((a, b) => spanishCollator.compare(a.displayName, b.displayName));
  return { phones, missing, extra, choices };
}
