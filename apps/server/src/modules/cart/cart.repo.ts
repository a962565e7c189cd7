import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import { statement } from '@andes/db/statement';

const { carts, cartLines, skus, products, insurances, campaigns, plans, customers, blueOptions } = schema;

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;
export type PlanInfoRow = typeof plans.$inferSelect;

export async function findCartByToken(db: Db, token: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.token, token));
  return row;
}

// the statements of every cart call and order creation, built once (statement.ts)
const cartOfCustomer = statement('cart_of_customer', (db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.customerId, sql.placeholder('customerId'))),
);
const cartLocked = statement('cart_locked', (db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.id, sql.placeholder('id')))
    .for('update'),
);
const linesOfCart = statement('cart_lines_of', (db) =>
  db
    .select()
    .from(cartLines)
    .where(eq(cartLines.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartLines.id)),
);

export async function findCartByCustomer(db: Db, customerId: number): Promise<CartRow | undefined> {
  const [row] = await cartOfCustomer(db, { customerId });
  return row;
}

/** Locks the cart row for the rest of the transaction: changes to one cart are serialised. */
export async function lockCart(tx: Db, id: number): Promise<CartRow | undefined> {
  const [row] = await cartLocked(tx, { id });
  return row;
}

/** A new cart, or the one a concurrent request of the same customer created first. */
export async function insertCart(db: Db, token: string, customerId: number | null): Promise<CartRow> {
  const [row] = await db.insert(carts).values({ token, customerId }).onConflictDoNothing().returning();
  if (row) return row;
  const existing = customerId !== null ? await findCartByCustomer(db, customerId) : await findCartByToken(db, token);
  if (!existing) throw new Error('cart: insert conflict without a row');
  return existing;
}

export async function cartLinesOf(db: Db, cartId: number): Promise<CartLineRow[]> {
  return linesOfCart(db, { cartId });
}

export async function upsertLine(tx: Db, line: Omit<typeof cartLines.$inferInsert, 'id' | 'addedAt'>): Promise<void> {
  await tx
    .insert(cartLines)
    .values(line)
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.type, cartLines.itemId],
      // re-adding from a page (say under a campaign) shows today's price: that is what the customer saw
      set: {
        quantity: line.quantity,
        shownPrice: line.shownPrice,
        insurances: line.insurances,
        insuredPhoneNumber: line.insuredPhoneNumber,
        campaignId: line.campaignId,
        isPortability: line.isPortability,
        billingEmail: line.billingEmail,
        billingMsisdn: line.billingMsisdn,
        renewal: line.renewal,
        planPhoneNumber: line.planPhoneNumber,
        quotasValue: line.quotasValue ?? null,
      },
    });
}

/** The Blue installment options (SPEC §3 {product}BlueInfo) of the given phones, as the catalogue offers them. */
export async function blueOptionsOf(db: Db, productIds: string[]) {
  if (!productIds.length) return [];
  return db
    .select({
      productId: blueOptions.productId,
      planId: blueOptions.planId,
      quotasValue: blueOptions.quotasValue,
      initialQuota: blueOptions.initialQuota,
      quotas: blueOptions.quotas,
      equipmentValue: blueOptions.equipmentValue,
    })
    .from(blueOptions)
    .where(inArray(blueOptions.productId, [...new Set(productIds)]));
}

/** The insurances of one equipment line and the customer's line they cover. */
export async function setLineInsurances(tx: Db, cartId: number, itemId: string, insurances: string[], insuredPhoneNumber: string | null): Promise<void> {
  await tx
    .update(cartLines)
    .set({ insurances, insuredPhoneNumber })
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.type, 'equipment'), eq(cartLines.itemId, itemId)));
}

export async function setLineQuantity(tx: Db, cartId: number, itemId: string, quantity: number): Promise<void> {
  await tx
    .update(cartLines)
    .set({ quantity })
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, itemId)));
}

export async function deleteLine(tx: Db, cartId: number, itemId: string): Promise<number> {
  const rows = await tx
    .delete(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, itemId)))
    .returning({ id: cartLines.id });
  return rows.length;
}

/** The customer accepted today's prices (after the checkout re-check). */
export async function acceptShownPrices(tx: Db, cartId: number, prices: Map<string, number>): Promise<void> {
  for (const [itemId, price] of prices) {
    await tx
      .update(cartLines)
      .set({ shownPrice: price })
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, itemId)));
  }
}

/** Any change of the lines gets a new version, so the next order creation is a new order. */
export async function bumpCart(tx: Db, cartId: number, set: Partial<typeof carts.$inferInsert> = {}): Promise<void> {
  await tx
    .update(carts)
    .set({ ...set, version: sql`${carts.version} + 1`, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

export async function updateCart(tx: Db, cartId: number, set: Partial<typeof carts.$inferInsert>): Promise<void> {
  await tx
    .update(carts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

export async function deleteCart(tx: Db, cartId: number): Promise<void> {
  await tx.delete(carts).where(eq(carts.id, cartId));
}

export interface SkuInfo {
  skuId: string;
  productId: string;
  name: string;
  kind: string;
  color: string;
  /** A phone's storage ('128 GB'); null for what has none (accessories). */
  storage: string | null;
  images: string[];
  stock: number;
  listPrice: number;
  /** The renewal cash price (SPEC §3 priceContadoRN) and whether the phone is sold for renewal. */
  priceContadoRN: number;
  productRenewal: boolean;
  /** The installments its price block advertises (catalogue-product.ts installmentCount reads it). */
  installments: number;
  /** SPEC §3 pageType: `{product}-blue` for a phone sold on the Blue program. */
  pageType: string;
  brand: string;
  model: string;
}

/** The columns of a SkuInfo, read by the cart's lines and its suggestions alike. */
const skuInfoColumns = {
  skuId: skus.id,
  productId: skus.productId,
  name: products.displayName,
  kind: products.kind,
  color: skus.color,
  storage: skus.storage,
  images: skus.images,
  stock: skus.stock,
  listPrice: skus.listPrice,
  priceContadoRN: skus.priceContadoRN,
  productRenewal: products.renewal,
  installments: skus.installments,
  pageType: products.pageType,
  brand: products.brand,
  model: products.model,
};

// the skus of every cart view and order creation: the ids go as one array parameter, so one statement serves any cart
const skusById = statement('skus_by_id', (db) =>
  db
    .select(skuInfoColumns)
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(sql`${skus.id} = any(${sql.placeholder('ids')}::text[])`),
);

export async function skuInfo(db: Db, ids: string[]): Promise<Map<string, SkuInfo>> {
  if (!ids.length) return new Map();
  const rows = await skusById(db, { ids });
  return new Map(rows.map((r) => [r.skuId, r]));
}

// an order creation's lines with their products, read under the cart's lock in one statement
const linesWithSkus = statement('cart_lines_with_skus', (db) =>
  db
    .select({ line: cartLines, ...skuInfoColumns })
    .from(cartLines)
    .leftJoin(skus, and(eq(cartLines.type, 'equipment'), eq(skus.id, cartLines.itemId)))
    .leftJoin(products, eq(products.id, skus.productId))
    .where(eq(cartLines.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartLines.id)),
);

/** A cart's lines (as {@link cartLinesOf}) and the products of its equipment lines (as {@link skuInfo}), in one statement. */
export async function cartLinesAndSkus(db: Db, cartId: number): Promise<{ lines: CartLineRow[]; skus: Map<string, SkuInfo> }> {
  const rows = await linesWithSkus(db, { cartId });
  const skuMap = new Map<string, SkuInfo>();
  for (const { line: _line, ...sku } of rows) {
    // the left joins give nulls for a line that is no equipment, or whose sku or product is gone (skuInfo's inner join leaves those out)
    if (sku.skuId !== null && sku.kind !== null) skuMap.set(sku.skuId, sku as SkuInfo);
  }
  return { lines: rows.map((r) => r.line), skus: skuMap };
}

export async function planInfo(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, typeof plans.$inferSelect>();
  const rows = await db.select().from(plans).where(inArray(plans.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A signed-in buyer's document as stored (the per-document promotion quota counts by it). */
export async function customerDocument(db: Db, customerId: number): Promise<string | null> {
  const [row] = await db.select({ document: customers.document }).from(customers).where(eq(customers.id, customerId));
  return row?.document ?? null;
}

export async function insuranceInfo(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, typeof insurances.$inferSelect>();
  const rows = await db.select().from(insurances).where(inArray(insurances.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findCampaign(db: Db, id: string) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/** A few accessories in stock, for the cart's suggested products (first sku of each product). */
export async function suggestedAccessories(db: Db, limit: number): Promise<SkuInfo[]> {
  const rows = await db
    .selectDistinctOn([products.id], { ...skuInfoColumns, sortOrder: products.sortOrder })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(products.kind, 'accessory'), sql`${skus.stock} > 0`))
    .orderBy(asc(products.id), asc(skus.id));
  return rows
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .slice(0, limit)
    .map(({ sortOrder: _s, ...r }) => r);
}
