import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import { sortAreas, spanishCollator } from '@andes/domain/spanish-order';

const { stores, geoAreas } = schema;

export interface StoreListing {
  id: string;
  name: string;
  address: string;
  openingHours: string;
  region: { code: string; name: string };
  province: { code: string; name: string };
  commune: { code: string; name: string };
}

/**
 * Every store with the names of its commune (district), province and region, for the public locator:
 * regions in the market's order, then communes and stores alphabetically in Spanish.
 */
export async function listStores(db: Db, market: Market): Promise<StoreListing[]> {
  const commune = alias(geoAreas, 'commune');
  const province = alias(geoAreas, 'province');
  const region = alias(geoAreas, 'region');
  const rows = await db
    .select({
      id: stores.id,
      name: stores.name,
      address: stores.address,
      openingHours: stores.openingHours,
      communeCode: commune.code,
      communeName: commune.name,
      provinceCode: province.code,
      provinceName: province.name,
      regionCode: region.code,
      regionName: region.name,
    })
    .from(stores)
    .innerJoin(commune, eq(commune.code, stores.communeCode))
    .innerJoin(province, eq(province.code, commune.parentCode))
    .innerJoin(region, eq(region.code, stores.regionCode));
  const regionRank = new Map(sortAreas(uniqueRegions(rows), market.geography.level1Order).map((r, i) => [r.code, i]));
  const sorted = [...rows].sort(
    (a, b) =>
      regionRank.get(a.regionCode)! - regionRank.get(b.regionCode)! ||
      spanishCollator.compare(a.communeName, b.communeName) ||
      spanishCollator.compare(a.name, b.name),
  );
  return sorted.map((r) => ({
    id: r.id,
    name: r.name,
    address: r.address,
    openingHours: r.openingHours,
    region: { code: r.regionCode, name: r.regionName },
    province: { code: r.provinceCode, name: r.provinceName },
    commune: { code: r.communeCode, name: r.communeName },
  }));
}

function uniqueRegions(rows: ReadonlyArray<{ regionCode: string; regionName: string }>) {
  return [...new Map(rows.map((r) => [r.regionCode, { code: r.regionCode, name: r.regionName }])).values()];
}
