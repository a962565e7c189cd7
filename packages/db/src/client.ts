import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { dbFilePath } from './files.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** 'embedded' (PGlite) serialises every transaction; 'server' is a node-postgres pool. */
  kind: 'embedded' | 'server';
  /**
   * Runs `run` unless another process sharing the database is running work of the same `name`
   * (a PostgreSQL session advisory lock, tried, never waited for); answers whether it ran.
   */
  exclusively(name: string, run: () => Promise<unknown>): Promise<boolean>;
  /** Connections now (metrics): the pool's, or PGlite's single one with the calls queued behind it. */
  connections(): ConnectionStats;
  close(): Promise<void>;
}

export interface ConnectionStats {
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent an embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; absent means in memory. */
  dataDir?: string;
  /**
   * An embedded database's contents to start from, as PGlite's `dumpDataDir` wrote them (tests start
   * each database from one migrated and seeded copy instead of migrating and seeding it anew).
   */
  embeddedSnapshot?: Blob;
  poolSize?: number;
  /** Told of every statement sent (its SQL): query counts in tests and benchmarks. */
  onQuery?: (sql: string) => void;
  /** Told when the server drops a connection (restart, failover); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

/**
 * A connection the server drops emits 'error' on its client; with no listener that is an uncaught
 * error and the process ends. The pool listens only while a client is idle, so every client gets its
 * own listener: the query in flight fails (and its request with it), the process goes on. A client
 * that failed while checked out is also given back at once: drizzle never releases a client whose
 * `begin` failed, which would hold a pool slot forever after a restart.
 */
function keepConnectionErrorsInside(pool: pg.Pool, report: (error: Error) => void): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      report(error);
      const held = client as pg.PoolClient;
      if (!checkedOut.has(held)) return;
      held.release(error);
      // the holder's own release comes later and must not throw over its query's error
      held.release = () => {};
    });
  });
  // an idle client's error reaches the pool too; its own listener above already reported it
  pool.on('error', () => {});
}

/** SQLSTATE classes of a server that cannot serve now: connection exceptions, shutdown, overload. */
const UNAVAILABLE_STATES = [/^08/, /^57P0[1-3]$/, /^53300$/];
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres says a connection was lost only in words (no code). */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether a failure means the database server could not be reached or went away (a restart, a
 * failover, a full server), rather than a fault of the request: the caller may try again shortly.
 * Looks through drizzle's wrapping (`cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (UNAVAILABLE_ERRNOS.has(e.code) || UNAVAILABLE_STATES.some((state) => state.test(e!.code as string)))) return true;
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
  }
  return false;
}

const migrationsFolder = dbFilePath('migrations');

/** The advisory-lock namespace of {@link Database.exclusively} (the migrations use the one-key form). */
const EXCLUSIVE_NAMESPACE = 724302;

/** A stable signed 32-bit FNV-1a hash: the lock key of a name, the same in every process. */
function lockKey(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(name)) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash | 0;
}

/**
 * Session advisory locks live on a connection of their own, outside the pool: the locked work uses
 * the pool meanwhile, so even a pool of one never waits on its own lock holder. A dropped lock
 * connection frees its locks at the server (another process may then start the same work, which
 * every sweep tolerates: its moves are guarded updates and its outside calls claimed) and is
 * replaced on the next try.
 */
function advisoryLocks(connectionString: string, report: (error: Error) => void) {
  let client: Promise<pg.Client> | null = null;
  const connection = () => {
    client ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on('error', (error) => {
        report(error);
        client = null;
      });
      await c.connect();
      return c;
    })().catch((error: unknown) => {
      client = null;
      throw error;
    });
    return client;
  };
  // one statement at a time on the lock connection: sweeps of different names start and end at the
  // same moments, and a client given a query while it runs another only queues it (deprecated by pg 8,
  // refused by pg 9)
  let last: Promise<unknown> = Promise.resolve();
  const onLockConnection = <T>(query: (c: pg.Client) => Promise<T>): Promise<T> => {
    const next = last.then(async () => query(await connection()));
    last = next.catch(() => undefined);
    return next;
  };
  return {
    async exclusively(name: string, run: () => Promise<unknown>): Promise<boolean> {
      const key = [EXCLUSIVE_NAMESPACE, lockKey(name)];
      const { rows } = await onLockConnection((c) => c.query<{ got: boolean }>('select pg_try_advisory_lock($1, $2) as got', key));
      if (!rows[0].got) return false;
      try {
        await run();
      } finally {
        // a lost connection already freed the lock
        await onLockConnection((c) => c.query('select pg_advisory_unlock($1, $2)', key)).catch(() => {});
      }
      return true;
    },
    async close() {
      const c = client && (await client.catch(() => null));
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * The in-process half of {@link Database.exclusively}: a session's advisory locks are re-entrant, so
 * work of one name started twice in one process (two apps on one database) is kept apart here.
 */
function oncePerProcess(across: (name: string, run: () => Promise<unknown>) => Promise<boolean>): Database['exclusively'] {
  const running = new Set<string>();
  return async (name, run) => {
    if (running.has(name)) return false;
    running.add(name);
    try {
      return await across(name, run);
    } finally {
      running.delete(name);
    }
  };
}

let buildMigrationTimes: number[] | null = null;

/** When each migration this build carries was made (drizzle records the newest applied one's); read once. */
function migrationTimes(): number[] {
  if (!buildMigrationTimes) {
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
    buildMigrationTimes = journal.entries.map((e) => e.when);
  }
  return buildMigrationTimes;
}

/**
 * How many of the migrations this build carries the database has not applied (readiness): another
 * process of a newer build may not have migrated it yet, or someone restored an older copy.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
  const last = Number((result as unknown as { rows: { last: string | number | null }[] }).rows[0]?.last ?? 0);
  return migrationTimes().filter((when) => when > last).length;
}

/**
 * PGlite runs one call at a time on its one connection and queues the rest: counting the calls under
 * way tells whether it is idle and how many wait, as a pool's figures would.
 */
function countCalls(client: PGlite): () => ConnectionStats {
  let underWay = 0;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const call = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      underWay += 1;
      try {
        return await call(...args);
      } finally {
        underWay -= 1;
      }
    };
  }
  return () => ({ total: 1, idle: underWay === 0 ? 1 : 0, waiting: Math.max(0, underWay - 1) });
}

function queryLogger(options: DatabaseOptions) {
  const told = options.onQuery;
  return told ? { logQuery: (query: string) => told(query) } : false;
}

/** Opens the database and applies pending migrations. */
/**
 * Several processes may start on one server at once: one migrates, the others wait (on the lock's own
 * connection, so even a pool of one is enough).
 */
async function migrateServer(pool: pg.Pool): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock(724301)');
    await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock(724301)').finally(() => lock.release());
  }
}

/**
 * A database that failed to open (unreachable, a migration refused) is closed before the error goes
 * on: its caller never gets it to close, and an idle connection or PGlite's instance would keep the
 * process alive after its start failed.
 */
async function closedOnFailure(open: () => Promise<void>, close: () => Promise<void>): Promise<void> {
  try {
    await open();
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    keepConnectionErrorsInside(pool, (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema, logger: queryLogger(options) });
    await closedOnFailure(
      () => migrateServer(pool),
      () => pool.end(),
    );
    const locks = advisoryLocks(options.databaseUrl, (error) => options.onConnectionError?.(error));
    return {
      db: db as unknown as Db,
      kind: 'server',
      exclusively: oncePerProcess(locks.exclusively),
      connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await locks.close();
        await pool.end();
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.embeddedSnapshot,
    // the catalogue search's extensions (migration 0048), loaded by every embedded database
    extensions: { pg_trgm, unaccent },
  });
  const connections = countCalls(client);
  const db = drizzlePglite(client, { schema, logger: queryLogger(options) });
  await closedOnFailure(
    () => migratePglite(db, { migrationsFolder }),
    () => client.close(),
  );
  return {
    db: db as unknown as Db,
    kind: 'embedded',
    // one process owns an embedded database
    exclusively: oncePerProcess(async (_name, run) => {
      await run();
      return true;
    }),
    connections,
    close: () => client.close(),
  };
}

export { schema };
