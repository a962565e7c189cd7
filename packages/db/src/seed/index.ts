import type { Market } from '@andes/domain/market';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as schema from '../schema.ts';
import { hashDemoSecrets, seedDemoCustomers } from './demo.ts';
import { refreshGeographyNames, seedReferenceData } from './reference.ts';
import { seedBenefitCatalogue } from './benefits.ts';
import { seedDemoClaims } from './claims.ts';
import { marketToday } from './util.ts';

export { seedScale, nextScaleIndex, SCALE_SECRET } from './scale.ts';
export { demoAccounts, type DemoAccount } from './demo-accounts.ts';
export { FIVE_UNITS_PRODUCT_ID, FIVE_UNITS_SKU_ID } from './catalogue/build.ts';

const SEEDED_KEY = 'seeded';
/** Serialises concurrent seeders of one PostgreSQL database (two processes starting at once). */
const SEED_LOCK_ID = 7_263_001;

async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEEDED_KEY));
  return rows.length > 0;
}

async function seedAll(db: Db, market: Market, now: Date, hashes: Map<string, string>): Promise<void> {
  await seedReferenceData(db, market, now);
  await seedBenefitCatalogue(db, market, marketToday(now, market));
  await seedDemoCustomers(db, market, now, marketToday(now, market), hashes);
  await seedDemoClaims(db, market, now);
  await db
    .insert(schema.appMeta)
    .values({ key: SEEDED_KEY, value: now.toISOString() })
    .onConflictDoUpdate({ target: schema.appMeta.key, set: { value: now.toISOString() } });
}

/**
 * Fills an empty market database: geography, stores, plans, catalogue, insurances, campaigns, bag
 * offers and the demo customers of demo-accounts.ts, in one transaction; then records
 * app_meta seeded=<ISO date of now>. Deterministic for a given `now` (except argon2 salts).
 */
export async function seed(db: Db, market: Market, options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const hashes = await hashDemoSecrets(market, now);
  await db.transaction(async (tx) => {
    await seedAll(tx, market, now, hashes);
  });
}

/** Seeds only when app_meta has no 'seeded' row (else refreshes place names); returns true when it seeded. */
export async function seedIfEmpty(db: Db, market: Market, now: Date = new Date()): Promise<boolean> {
  if (await isSeeded(db)) {
    await refreshGeographyNames(db, market);
    return false;
  }
  // Hash outside the transaction: argon2 is slow on purpose and PGlite serialises transactions.
  const hashes = await hashDemoSecrets(market, now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await isSeeded(tx)) return false;
    await seedAll(tx, market, now, hashes);
    return true;
  });
}
