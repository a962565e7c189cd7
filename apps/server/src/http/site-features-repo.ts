import { eq, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { siteFeatures } = schema;

/** The market's stored feature settings (a feature without a row keeps its default). */
export async function storedFeatures(db: Db, site: string): Promise<Array<{ feature: string; active: boolean }>> {
  return db.select({ feature: siteFeatures.feature, active: siteFeatures.active }).from(siteFeatures).where(eq(siteFeatures.site, site));
}

/** Turns a feature on or off for the market; the last write wins. */
export async function storeFeature(db: Db, site: string, feature: string, active: boolean): Promise<void> {
  await db
    .insert(siteFeatures)
    .values({ site, feature, active })
    .onConflictDoUpdate({ target: [siteFeatures.site, siteFeatures.feature], set: { active, updatedAt: sql`now()` } });
}
