import { and, eq, inArray } from 'drizzle-orm';
import { foldForSearch, sortBySpanishName } from '@andes/domain/spanish-order';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { geoAreas, coverageChecks } = schema;

/** The communes (districts) of a region, with their province, optionally only those whose name contains `text`. */
export async function communesOf(db: Db, regionCode: string, provinceCode: string | undefined, text: string | undefined, limit: number) {
  const provinces = provinceCode
    ? [provinceCode]
    : (await db.select({ code: geoAreas.code }).from(geoAreas).where(eq(geoAreas.parentCode, regionCode))).map((p) => p.code);
  if (!provinces.length) return [];
  const communes = await db
    .select({ code: geoAreas.code, name: geoAreas.name, provinceCode: geoAreas.parentCode })
    .from(geoAreas)
    .where(and(eq(geoAreas.level, 3), inArray(geoAreas.parentCode, provinces)));
  // Filtered here, not with ILIKE: 'junin' must find Junín whatever the database's collation.
  const wanted = text ? foldForSearch(text) : '';
  return sortBySpanishName(communes.filter((c) => foldForSearch(c.name).includes(wanted))).slice(0, limit);
}

export async function insertCheck(db: Db, row: typeof coverageChecks.$inferInsert) {
  const [check] = await db.insert(coverageChecks).values(row).returning();
  return check;
}
