import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dbFilePath } from '@andes/db/files';
import type { Db } from '@andes/db/client';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { drivers, metricValue, startTestSite, type TestSite } from './helpers.ts';

const TOKEN = 'm'.repeat(40);
const OUTSIDE = '203.0.113.77';

describe.each(drivers)('health, readiness and metrics (%s database)', (driver) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('cl', driver, { RATE_LIMIT_PER_MINUTE: '3' });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });

  const sessionRows = async () =>
    Number(((await site.database.db.execute(sql`select count(*) as n from sessions`)) as unknown as { rows: { n: string }[] }).rows[0].n);

  it('/health and /ready answer small JSON, past the per-address limit, with no session and no page token', async () => {
    const sessions = await sessionRows();
    for (let i = 0; i < 5; i++) {
      const health = await site.app.inject({ method: 'GET', url: '/health', remoteAddress: OUTSIDE });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'up' });
      expect(health.headers['set-cookie']).toBeUndefined();
      const ready = await site.app.inject({ method: 'GET', url: '/ready', remoteAddress: OUTSIDE });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
      expect(ready.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionRows()).toBe(sessions);
    // the limit of 3 a minute holds for everything else from that address
    const counted = await Promise.all([1, 2, 3, 4].map(() => site.app.inject({ method: 'GET', url: '/restpp/stores', remoteAddress: OUTSIDE })));
    expect(counted.map((r) => r.statusCode)).toContain(429);
  });

  it('/ready is 503 while a migration of this build is missing, and ready again once applied', async () => {
    const db = site.database.db;
    const journal = JSON.parse(readFileSync(dbFilePath('migrations/meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const newest = journal.entries.at(-1)!.when;
    const table = sql`drizzle.__drizzle_migrations`;
    const gone = (
      (await db.execute(sql`delete from ${table} where created_at >= ${newest} returning id, hash, created_at`)) as unknown as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    expect(gone.length).toBeGreaterThan(0);
    try {
      const res = await site.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: 'migrations pending' });
    } finally {
      for (const row of gone) await db.execute(sql`insert into ${table} (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    expect((await site.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });

  /** An app whose database is a PostgreSQL pool at `url`, the rest of the site as it is. */
  async function appOnDatabaseAt(url: string): Promise<FastifyInstance> {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    pool.on('error', () => {});
    const database = { ...site.database, db: drizzle(pool) as unknown as Db, close: () => pool.end() };
    return buildApp({ config: loadConfig({ SITE: 'cl', SANDBOX: '1' }), database, logger: false });
  }

  it('/ready is 503 when the database refuses connections; /health still answers', async () => {
    const app = await appOnDatabaseAt('postgres://postgres@127.0.0.1:4538/none');
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('/ready is 503 within its 2 s when the database accepts a connection and never answers', async () => {
    const held = new Set<Socket>();
    const silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(4539, '127.0.0.1', resolve));
    const app = await appOnDatabaseAt('postgres://postgres@127.0.0.1:4539/none');
    try {
      const started = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      // the pool's connection attempt never ends on its own
      for (const socket of held) socket.destroy();
      silent.close();
      await app.close();
    }
  });

  it('/metrics: requests by route pattern and status class, database connections, process figures', async () => {
    await site.app.inject({ method: 'GET', url: '/restpp/catalogue/product/PO_NOT_A_PRODUCT_4711', remoteAddress: '203.0.113.78' });
    await site.app.inject({ method: 'GET', url: '/no/such/page/4712', remoteAddress: '203.0.113.78' });
    const res = await site.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/^http_requests_total\{route="\/restpp\/catalogue\/product\/:productId",method="GET",status="[45]xx"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{route="\/health",method="GET",status="2xx"\} \d+$/m);
    expect(text).toMatch(/^http_requests_total\{route="unmatched",method="GET",status="4xx"\} \d+$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.1",route="\/ready",method="GET",status="2xx"\} \d+$/m);
    // never the raw address: a label per product or per typo would grow without bound
    // (labels only: a process figure or a latency sum may well contain those digits)
    const labels = text.match(/\{[^}]*\}/g) ?? [];
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((set) => /471[12]/.test(set))).toEqual([]);
    const kind = site.database.kind;
    expect(text).toMatch(new RegExp(`^db_pool_connections\\{driver="${kind}",state="total"\\} [1-9]\\d*$`, 'm'));
    expect(text).toMatch(new RegExp(`^db_pool_connections\\{driver="${kind}",state="waiting"\\} 0$`, 'm'));
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toContain('# TYPE payments_total counter');
  });

  it('/metrics: this machine only without METRICS_TOKEN (404 elsewhere, also through a proxy)', async () => {
    const outside = await site.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().response.systemMessage[0].exceptionKey).toBe('pp.error.not.found');
    const proxied = await site.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': OUTSIDE } });
    expect(proxied.statusCode).toBe(404);
    const guessed = await site.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(guessed.statusCode).toBe(404);
  });

  it('/metrics with METRICS_TOKEN: the bearer token from anywhere, 401 without it', async () => {
    const app = await buildApp({
      config: loadConfig({ SITE: 'cl', SANDBOX: '1', METRICS_TOKEN: TOKEN }),
      database: site.database,
      ownsDatabase: false,
      logger: false,
    });
    try {
      const call = (authorization?: string) =>
        app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: authorization ? { authorization } : {} });
      expect((await call(`Bearer ${TOKEN}`)).statusCode).toBe(200);
      for (const wrong of [undefined, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN]) {
        const res = await call(wrong);
        expect(res.statusCode).toBe(401);
        expect(res.json().response.systemMessage[0].exceptionKey).toBe('required_login');
        expect(res.body).not.toContain('process_cpu');
      }
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  /** Another app on the site's database whose order sweep ticks every 50 ms. */
  const sweepingApp = (): Promise<FastifyInstance> =>
    buildApp({ config: loadConfig({ SITE: 'cl', SANDBOX: '1', ORDER_SWEEP_SECONDS: '0.05' }), database: site.database, ownsDatabase: false, logger: false });

  it('counts sweep passes, their time and their failures', async () => {
    const app = await sweepingApp();
    try {
      await app.ready();
      // a pass counts when it starts, and its time when it ends
      await expect.poll(() => metricValue(app, 'sweep_duration_seconds', { sweep: 'order sweep' }), { timeout: 5000 }).toBeGreaterThanOrEqual(1);
      expect(await metricValue(app, 'sweep_runs_total', { sweep: 'order sweep' })).toBeGreaterThanOrEqual(1);
      await expect(app.metrics.sweep('test sweep', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      expect(await metricValue(app, 'sweep_errors_total', { sweep: 'test sweep' })).toBe(1);
      expect(await metricValue(app, 'sweep_errors_total', { sweep: 'order sweep' })).toBe(0);
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(text).toMatch(/^sweep_duration_seconds_count\{sweep="order sweep"\} [1-9]\d*$/m);
    } finally {
      await app.close();
    }
  });

  it('counts a tick that leaves the pass to the one under way elsewhere, and runs none meanwhile', async () => {
    let release!: () => void;
    // another app on the same database (as another process would be) holds the order sweep
    const elsewhere = site.database.exclusively('order sweep', () => new Promise<void>((resolve) => (release = resolve)));
    const app = await sweepingApp();
    try {
      await app.ready();
      await expect.poll(() => metricValue(app, 'sweep_skipped_total', { sweep: 'order sweep' }), { timeout: 5000 }).toBeGreaterThanOrEqual(2);
      expect(await metricValue(app, 'sweep_runs_total', { sweep: 'order sweep' })).toBe(0);
      release();
      await elsewhere;
      await expect.poll(() => metricValue(app, 'sweep_runs_total', { sweep: 'order sweep' }), { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    } finally {
      release();
      await app.close();
    }
  });
});

describe('operations settings', () => {
  it('METRICS_TOKEN must be long; SHUTDOWN_TIMEOUT_SECONDS defaults to 10', () => {
    expect(() => loadConfig({ SANDBOX: '1', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(loadConfig({ SANDBOX: '1' }).shutdownTimeoutSeconds).toBe(10);
    expect(loadConfig({ SANDBOX: '1', SHUTDOWN_TIMEOUT_SECONDS: '2' }).shutdownTimeoutSeconds).toBe(2);
  });
});
