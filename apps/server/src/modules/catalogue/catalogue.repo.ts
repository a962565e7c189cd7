import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { CatalogueKind } from '@andes/domain/catalogue-query';

const { products, skus, blueOptions, insurances, plans } = schema;

export type ProductRow = typeof products.$inferSelect;
export type SkuRow = typeof skus.$inferSelect;

/** Which products a list holds (SPEC §2 lists; unlocked and renewal are phones flagged for them). */
function kindFilter(kind: CatalogueKind): SQL | undefined {
  switch (kind) {
    case 'phones':
      return eq(products.kind, 'phone');
    case 'accessories':
      return eq(products.kind, 'accessory');
    case 'refurbished':
      return eq(products.kind, 'refurbished');
    case 'unlocked':
      return and(eq(products.kind, 'phone'), eq(products.unlocked, true));
    case 'renewal':
      return and(eq(products.kind, 'phone'), eq(products.renewal, true));
  }
}

/** What a catalogue card needs of a product and of a sku (no descriptions, specs or image lists). */
const listProductColumns = {
  id: products.id,
  kind: products.kind,
  brand: products.brand,
  displayName: products.displayName,
  category: products.category,
  sortOrder: products.sortOrder,
};
const listSkuColumns = {
  id: skus.id,
  productId: skus.productId,
  stock: skus.stock,
  listPrice: skus.listPrice,
  referencePrice: skus.referencePrice,
  priceContadoRN: skus.priceContadoRN,
  priceContadoLN: skus.priceContadoLN,
  priceLN: skus.priceLN,
  priceContadoMG: skus.priceContadoMG,
  referencePriceContadoRN: skus.referencePriceContadoRN,
  installments: skus.installments,
  hasRnVep: skus.hasRnVep,
  /** Only the first image: the card shows one. */
  image: sql<string | null>`${skus.images}->>0`,
};

export type ListProduct = { [K in keyof typeof listProductColumns]: ProductRow[K] };
export type ListSku = { [K in Exclude<keyof typeof listSkuColumns, 'image'>]: SkuRow[K] } & { image: string | null };

const skuOrder = (id: string) => Number(id.slice(id.lastIndexOf('_') + 1));

/**
 * Products of a list with their skus, in one query of only the columns a card shows (sku order: as
 * seeded). Every uncached list answer runs it, so it stays lean.
 */
export async function listProductsWithSkus(db: Db, kind: CatalogueKind): Promise<Array<{ product: ListProduct; skus: ListSku[] }>> {
  const rows = await db
    .select({ product: listProductColumns, sku: listSkuColumns })
    .from(products)
    .innerJoin(skus, eq(skus.productId, products.id))
    .where(kindFilter(kind))
    .orderBy(asc(products.sortOrder), asc(products.id));
  const out: Array<{ product: ListProduct; skus: ListSku[] }> = [];
  for (const { product, sku } of rows) {
    const last = out[out.length - 1];
    if (last?.product.id === product.id) last.skus.push(sku);
    else out.push({ product, skus: [sku] });
  }
  for (const entry of out) entry.skus.sort((a, b) => skuOrder(a.id) - skuOrder(b.id));
  return out;
}

/** The card columns of the skus of some products (a search's hits), in seeded order per product. */
export async function listSkusOf(db: Db, productIds: string[]): Promise<Map<string, ListSku[]>> {
  const byProduct = new Map<string, ListSku[]>();
  if (!productIds.length) return byProduct;
  const rows = await db.select(listSkuColumns).from(skus).where(inArray(skus.productId, productIds));
  for (const sku of rows) (byProduct.get(sku.productId) ?? byProduct.set(sku.productId, []).get(sku.productId)!).push(sku);
  for (const list of byProduct.values()) list.sort((a, b) => skuOrder(a.id) - skuOrder(b.id));
  return byProduct;
}

async function attachSkus(db: Db, rows: ProductRow[]) {
  if (!rows.length) return [];
  const skuRows = await db
    .select()
    .from(skus)
    .where(
      inArray(
        skus.productId,
        rows.map((r) => r.id),
      ),
    );
  const byProduct = new Map<string, SkuRow[]>();
  for (const s of skuRows) (byProduct.get(s.productId) ?? byProduct.set(s.productId, []).get(s.productId)!).push(s);
  return rows.map((product) => ({ product, skus: (byProduct.get(product.id) ?? []).sort((a, b) => skuOrder(a.id) - skuOrder(b.id)) }));
}

/** Phones (new or refurbished) by id, with their skus; ids that are not a phone are left out. */
export async function findPhones(db: Db, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), inArray(products.kind, ['phone', 'refurbished'])));
  return attachSkus(db, rows);
}

export async function findProduct(db: Db, id: string) {
  const rows = await db.select().from(products).where(eq(products.id, id));
  const [found] = await attachSkus(db, rows);
  return found;
}

/** Products of the same kind sharing the brand or category, for the related-products carousel. */
export async function listSiblings(db: Db, product: ProductRow) {
  const rows = await db.select().from(products).where(eq(products.kind, product.kind)).orderBy(asc(products.sortOrder));
  return attachSkus(
    db,
    rows.filter((r) => r.id !== product.id && (r.brand === product.brand || r.category === product.category)),
  );
}

export async function listBlueOptions(db: Db, productId: string) {
  return db
    .select({
      planId: blueOptions.planId,
      planName: plans.commerceName,
      quotasValue: blueOptions.quotasValue,
      initialQuota: blueOptions.initialQuota,
      quotas: blueOptions.quotas,
      equipmentValue: blueOptions.equipmentValue,
    })
    .from(blueOptions)
    .innerJoin(plans, eq(plans.id, blueOptions.planId))
    .where(eq(blueOptions.productId, productId))
    .orderBy(asc(plans.sortOrder), asc(blueOptions.planId), asc(blueOptions.quotasValue));
}

export async function findSku(db: Db, id: string) {
  const [row] = await db.select().from(skus).where(eq(skus.id, id));
  return row;
}

export async function listInsurances(db: Db) {
  return db.select().from(insurances).orderBy(asc(insurances.id));
}
