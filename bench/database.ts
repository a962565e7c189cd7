/**
 * The benchmarks' own seeded database: a new database on the PostgreSQL server named by
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL), dropped when closed, or the embedded one when neither is set.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from '@andes/db/client';
import { seed } from '@andes/db/seed/index';
import { getMarket, type SiteId } from '@andes/domain/market';

export function benchServerUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function benchDatabase(site: SiteId, adminUrl = benchServerUrl(), open: Pick<DatabaseOptions, 'poolSize' | 'onQuery'> = {}): Promise<Database> {
  if (!adminUrl) {
    const embedded = await openDatabase(open);
    await seed(embedded.db, getMarket(site));
    return embedded;
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ ...open, databaseUrl: url.toString() });
  await seed(database.db, getMarket(site));
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Counts the statements a database sends (its `onQuery`); `during` gives a step's result and the statements sent meanwhile. */
export function statementCounter() {
  let sent = 0;
  return {
    onQuery: () => {
      sent += 1;
    },
    async during<T>(step: () => Promise<T>): Promise<T & { statements: number }> {
      const before = sent;
      const result = await step();
      return Object.assign(result as object, { statements: sent - before }) as T & { statements: number };
    },
  };
}
