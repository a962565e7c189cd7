import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { campaigns, plans, products, skus } = schema;

export type CampaignRow = typeof campaigns.$inferSelect;

export async function findCampaign(db: Db, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export async function findPlanName(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: plans.commerceName }).from(plans).where(eq(plans.id, id));
  return row?.name;
}

/** The campaign's products (catalogue order) with their skus. */
export async function campaignProducts(db: Db, productIds: string[]) {
  if (!productIds.length) return [];
  const [rows, skuRows] = await Promise.all([
    db.select().from(products).where(inArray(products.id, productIds)).orderBy(asc(products.sortOrder)),
    db.select().from(skus).where(inArray(skus.productId, productIds)),
  ]);
  return rows.map((product) => ({ product, skus: skuRows.filter((s) => s.productId === product.id) }));
}
