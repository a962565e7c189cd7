import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

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

/** Every store with the names of its commune (district), province and region, for the public locator. */
export async function listStores(db: Db): Promise<StoreListing[]> {
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
    .innerJoin(region, eq(region.code, stores.regionCode))
    .orderBy(asc(region.name), asc(commune.name), asc(stores.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    address: r.address,
    openingHours: r.openingHours,
    region: { code: r.regionCode, name: r.regionName },
    province: { code: r.provinceCode, name: r.provinceName },
    commune: { code: r.communeCode, name: r.communeName },
  }));
}
