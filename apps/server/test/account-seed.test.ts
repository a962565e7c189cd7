import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getMarket } from '@andes/domain/market';
import type { Database, Db } from '@andes/db/client';
import { seed, seedScale } from '@andes/db/seed/index';
import { openTestDatabase } from './helpers.ts';

const NOW = new Date('2025-06-15T15:00:00Z');

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]!.n);
}

describe.each(['cl', 'pe'] as const)('%s: account seed of points, benefits, equipment and requests', (site) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('embedded');
    await seed(database.db, getMarket(site), { now: NOW });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('seeds the bonus offers, discounts, and per line equipment, requests and redeemed bonuses; --scale fills them too', async () => {
    const db = database.db;
    expect(await count(db, sql`select count(*) n from bonus_offers`)).toBe(5);
    expect(await count(db, sql`select count(*) n from discounts where valid_until > ${'2025-06-15'}`)).toBe(6);
    const demo = {
      equipment: await count(db, sql`select count(*) n from line_equipment`),
      requests: await count(db, sql`select count(*) n from service_requests`),
    };
    expect(demo.equipment).toBeGreaterThan(0);
    expect(demo.requests).toBeGreaterThan(0);
    // the demo customers' points lines show a redemption and a bonus (beneficios/canjes is never empty)
    const demoLines = site === 'cl' ? ['912345678', '987654321', '976543210'] : ['987654321', '912345678', '934512765'];
    const bare = await count(
      db,
      sql`select count(*) n from lines l where l.phone_number in ${demoLines} and (
      not exists (select 1 from points_history h where h.line_id = l.id and h.kind = 'redeemed')
      or not exists (select 1 from line_bonuses b where b.line_id = l.id))`,
    );
    expect(bare).toBe(0);
    const before = await count(db, sql`select count(*) n from customers`);
    await seedScale(db, getMarket(site), 40, { now: NOW });
    expect(await count(db, sql`select count(*) n from customers`)).toBe(before + 40);
    expect(await count(db, sql`select count(*) n from line_equipment`)).toBeGreaterThan(demo.equipment + 10);
    expect(await count(db, sql`select count(*) n from service_requests`)).toBeGreaterThan(demo.requests + 10);
    expect(await count(db, sql`select count(*) n from line_bonuses`)).toBeGreaterThan(0);
    // every seeded request has its public number, and every line's points history adds up to its balance
    expect(await count(db, sql`select count(*) n from service_requests where number !~ '^SR-[0-9]{7}$'`)).toBe(0);
    expect(
      await count(db, sql`select count(*) n from lines l where l.points <> coalesce((select sum(points) from points_history h where h.line_id = l.id), 0)`),
    ).toBe(0);
    // postpaid lines always have their phone; installments in Peru are 18
    expect(
      await count(db, sql`select count(*) n from lines l where l.kind = 'postpaid' and not exists (select 1 from line_equipment e where e.line_id = l.id)`),
    ).toBe(0);
    if (site === 'pe') expect(await count(db, sql`select count(*) n from line_equipment where installments <> 18`)).toBe(0);
  });
});
