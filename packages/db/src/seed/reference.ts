import type { Market } from '@andes/domain/market';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as schema from '../schema.ts';
import { bagOfferRows } from './bags.ts';
import { campaignRows } from './campaigns.ts';
import { buildCatalogue } from './catalogue/build.ts';
import { loadGeography } from './geo.ts';
import type { BagOfferInfo } from './history.ts';
import { insuranceRows } from './insurances.ts';
import { planRows } from './plans.ts';
import { storeRows } from './stores.ts';
import { insertBatched } from './util.ts';

/** Plan facts the account generators need: price and monthly data in MB (null: unlimited). */
export interface PlanInfo {
  price: number;
  dataMb: number | null;
}

export function planInfo(market: Market): Map<string, PlanInfo> {
  return new Map(
    planRows(market).map((p) => {
      const gb = /^(\d+)\s*GB$/i.exec(p.data);
      return [p.id, { price: p.price, dataMb: gb ? Number(gb[1]) * 1024 : null }];
    }),
  );
}

export function bagOffers(market: Market): Map<string, BagOfferInfo> {
  return new Map(
    bagOfferRows(market).map((b) => [
      b.id,
      { id: b.id, name: b.name, price: b.price, dataMb: b.dataMb ?? null, validityDays: b.validityDays, pointsPrice: b.pointsPrice ?? null },
    ]),
  );
}

/**
 * Brings an already seeded database's place names up to the reference files (a name corrected
 * there, such as Peru's accents, reaches databases seeded before); codes never change.
 */
export async function refreshGeographyNames(db: Db, market: Market): Promise<number> {
  const stored = new Map((await db.select({ code: schema.geoAreas.code, name: schema.geoAreas.name }).from(schema.geoAreas)).map((a) => [a.code, a.name]));
  const changed = loadGeography(market).areas.filter((a) => stored.has(a.code) && stored.get(a.code) !== a.name);
  for (const area of changed) await db.update(schema.geoAreas).set({ name: area.name }).where(eq(schema.geoAreas.code, area.code));
  return changed.length;
}

/** Geography, stores, plans, catalogue, insurances, campaigns and bag offers. */
export async function seedReferenceData(db: Db, market: Market, now: Date): Promise<void> {
  const geography = loadGeography(market);
  await insertBatched(db, schema.geoAreas, geography.areas, 1000);
  await insertBatched(db, schema.stores, storeRows(market, geography));
  await insertBatched(db, schema.plans, planRows(market));
  const catalogue = buildCatalogue(market);
  await insertBatched(db, schema.products, catalogue.products, 200);
  await insertBatched(db, schema.skus, catalogue.skus, 500);
  await insertBatched(db, schema.blueOptions, catalogue.blueOptions, 500);
  await insertBatched(db, schema.insurances, insuranceRows(market));
  const phones = catalogue.products.filter((p) => p.kind === 'phone');
  await insertBatched(
    db,
    schema.campaigns,
    campaignRows(market, now, {
      blue: phones.filter((p) => p.pageType === `${market.brand}-blue`).map((p) => p.id),
      phones: phones.map((p) => p.id),
      accessories: catalogue.products.filter((p) => p.kind === 'accessory').map((p) => p.id),
    }),
  );
  await insertBatched(db, schema.bagOffers, bagOfferRows(market));
}
