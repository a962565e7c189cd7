import type { Market } from '@andes/domain/market';
import { installmentAmount } from '@andes/domain/card-installments';
import type * as schema from '../../schema.ts';
import { hashSeed, mulberry32 } from '../prng.ts';
import { BLUE_PLAN_IDS } from '../plans.ts';
import { marketPrice, slugId } from '../util.ts';
import { accessories } from './accessories.ts';
import { phonesA } from './phones-a.ts';
import { phonesB } from './phones-b.ts';
import { refurbished } from './refurbished.ts';
import type { ProductDef } from './types.ts';

type ProductRow = typeof schema.products.$inferInsert;
type SkuRow = typeof schema.skus.$inferInsert;
type BlueOptionRow = typeof schema.blueOptions.$inferInsert;

/** Product whose first sku has exactly 5 units, for stock concurrency tests. */
export const FIVE_UNITS_PRODUCT_ID = 'PO_EQ_SAMSUNG_GALAXY_A55_5G';
export const FIVE_UNITS_SKU_ID = `sku_${FIVE_UNITS_PRODUCT_ID}_1`;

export const allProductDefs: ProductDef[] = [...phonesA, ...phonesB, ...refurbished, ...accessories];

export function productId(def: ProductDef): string {
  return `${def.kind === 'accessory' ? 'PO_AC' : 'PO_EQ'}_${slugId(def.brand)}_${slugId(def.model)}`;
}

/** A retail price point: CLP $1.079.990, PEN S/ 4,679.00 (in céntimos). */
function retail(market: Market, amount: number): number {
  return market.currency === 'CLP' ? Math.max(990, Math.round(amount / 1000) * 1000 - 10) : Math.max(900, Math.round(amount / 1000) * 1000 - 100);
}

function ceil10(amount: number): number {
  return Math.ceil(amount / 10) * 10;
}

export interface Catalogue {
  products: ProductRow[];
  skus: SkuRow[];
  blueOptions: BlueOptionRow[];
}

/** Products, skus and blue installment options of a market; deterministic (PRNG seeded by site). */
export function buildCatalogue(market: Market): Catalogue {
  const rng = mulberry32(hashSeed('catalogue', market.site));
  const products: ProductRow[] = [];
  const skus: SkuRow[] = [];
  const blueOptions: BlueOptionRow[] = [];
  const ids = new Set<string>();

  allProductDefs.forEach((def, index) => {
    const id = productId(def);
    if (ids.has(id)) throw new Error(`catalogue: duplicate product id ${id}`);
    ids.add(id);
    const pageType = def.kind === 'accessory' ? 'accesories' : def.blue ? `${market.brand}-blue` : 'other';
    products.push({
      id,
      kind: def.kind,
      brand: def.brand,
      model: def.model,
      displayName: def.displayName ?? `${def.brand} ${def.model}`,
      category: def.category,
      parentCategory: def.kind === 'accessory' ? 'Accesorios' : 'Equipos',
      pageType,
      description: def.description,
      specs: def.specs,
      unlocked: def.unlocked ?? false,
      renewal: def.renewal ?? false,
      sortOrder: (index + 1) * 10,
    });

    let n = 0;
    for (const variant of def.variants) {
      const p = marketPrice(market, variant.clp);
      const isAccessory = def.kind === 'accessory';
      const reference = Math.max(p, def.markup ? retail(market, (p * (100 + def.markup)) / 100) : p);
      const discounted = (factor: number) => (isAccessory ? p : Math.min(p, retail(market, p * factor)));
      const contadoRN = def.renewal ? discounted(0.88) : p;
      const installments = market.currency === 'PEN' ? 18 : variant.clp >= 300_000 ? 24 : 12;
      for (const colour of def.colours) {
        n += 1;
        const skuId = `sku_${id}_${n}`;
        let stock = def.soldOut ? 0 : rng.chance(0.07) ? 0 : rng.int(3, 60);
        if (skuId === FIVE_UNITS_SKU_ID) stock = 5;
        skus.push({
          id: skuId,
          productId: id,
          color: colour.name,
          colorHex: colour.hex,
          storage: variant.storage,
          images: [`/img/producto/${skuId}/1.svg`, `/img/producto/${skuId}/2.svg`],
          stock,
          listPrice: p,
          referencePrice: reference,
          priceContadoRN: contadoRN,
          priceContadoLN: discounted(0.9),
          priceLN: discounted(0.93),
          priceContadoMG: discounted(0.92),
          referencePriceContadoRN: Math.max(contadoRN, retail(market, reference * 0.95)),
          installmentPriceRN: installmentAmount(contadoRN, installments),
          installments,
          hasRnVep: (def.renewal ?? false) && variant.clp >= 400_000,
        });
      }
    }

    if (def.blue) {
      const first = skus.find((s) => s.productId === id)!;
      BLUE_PLAN_IDS.forEach((planId, tier) => {
        const equipmentValue = retail(market, first.priceLN * (1 - [0, 0.05, 0.1][tier]));
        const initialQuota = ceil10(equipmentValue * [0.2, 0.1, 0][tier]);
        for (const quotasValue of [12, 18, 24]) {
          blueOptions.push({
            productId: id,
            planId,
            quotasValue,
            initialQuota,
            quotas: ceil10((equipmentValue - initialQuota) / quotasValue),
            equipmentValue,
          });
        }
      });
    }
  });
  return { products, skus, blueOptions };
}
