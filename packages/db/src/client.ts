import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** 'embedded' (PGlite) serialises every transaction; 'server' is a node-postgres pool. */
  kind: 'embedded' | 'server';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent an embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; absent means in memory. */
  dataDir?: string;
  poolSize?: number;
  /** Told when the server drops an idle connection (restart, failover); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // without a listener a dropped idle connection would be an uncaught error that ends the process
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema });
    // several processes may start on one server at once: one migrates, the others wait
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock(724301)');
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock(724301)').finally(() => lock.release());
    }
    return { db: db as unknown as Db, kind: 'server', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'embedded', close: () => client.close() };
}

export { schema };
