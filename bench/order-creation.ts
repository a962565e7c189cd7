/**
 * Order creation under 50 concurrent buyers on PostgreSQL (issue 12 budget: p99 ≤ 150 ms): distinct
 * signed-in customers, each with a cart ready (an accessory, store pickup), are made first; then every
 * buyer creates their order at once (`GET /restpp/order/create` over HTTP), round after round with new
 * buyers. Not part of npm test: `npm run bench:orders` alone, or through bench:web.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { SCALE_SECRET, scaleDocument, seedScale } from '@andes/db/seed/scale';
import { getMarket, type SiteId } from '@andes/domain/market';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { benchDatabase, benchServerUrl } from './database.ts';
import { figure, printFigures, type BenchFigure } from './figures.ts';

export interface OrderCreationOptions {
  /** A PostgreSQL server where a throwaway database is made (default BENCH_DATABASE_URL, TEST_DATABASE_URL, then the local server). */
  adminUrl?: string;
  site?: SiteId;
  /** Buyers creating their orders at the same moment. */
  buyers?: number;
  /** Rounds of `buyers`, each with new buyers (default 4). */
  rounds?: number;
  /** The server's connection pool (default: the server's own, DATABASE_POOL_SIZE). */
  poolSize?: number;
}

const BUDGET_P99_MS = 150;
/**
 * The order-creation statement ceiling apps/server/test/order-queries.test.ts asserts on PGlite (7),
 * plus the transaction's `begin`, which the PostgreSQL driver sends as a statement of its own.
 */
const BUDGET_QUERIES = 8;
const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const STORE = { cl: { id: 'TDA_CL_PROVIDENCIA', document: '76.086.428-5' }, pe: { id: 'TDA_PE_MIRAFLORES', document: '12345678' } } as const;

/** A signed-in customer over HTTP: session cookie and page token. */
class Buyer {
  cookie = '';
  token = '';
  constructor(private base: string) {}

  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const url = new URL(path, this.base);
    if (this.token) url.searchParams.set('f__key__', this.token);
    const res = await fetch(url, {
      method,
      headers: { cookie: this.cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0];
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  }

  async open(): Promise<void> {
    this.token = '';
    this.token = ((await (await this.call('GET', '/restpp/security/token')).json()) as { f__key__: string }).f__key__;
  }
}

async function readyBuyer(base: string, site: SiteId, index: number): Promise<Buyer> {
  const buyer = new Buyer(base);
  await buyer.open();
  await buyer.call('POST', '/oam/server/authentication', { username: scaleDocument(getMarket(site), index), password: SCALE_SECRET[site] });
  await buyer.open();
  await buyer.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }]);
  const consignee = { name: 'Ana Pérez', rut: STORE[site].document, phoneNumber: '912345670' };
  await buyer.call('POST', '/restpp/order/shipping/method', { deliveryType: 'storePickup', storeId: STORE[site].id, consignee });
  return buyer;
}

/** `count` buyers, from scale customer `from` on, each with a cart ready to become an order. */
async function readyBuyers(base: string, site: SiteId, from: number, count: number): Promise<Buyer[]> {
  const ready: Buyer[] = [];
  for (let i = 0; i < count; i++) ready.push(await readyBuyer(base, site, from + i));
  return ready;
}

/**
 * Every buyer's `GET /restpp/order/create` sent at once from a thread of its own (as autocannon does
 * for bench:catalogue), so the client's work does not slow the server it measures; answers each
 * creation's milliseconds. Each buyer has its connection open first, as a browser on the checkout page
 * has, and asks for compression as a browser does; the client is node:http, whose own cost per request
 * is a fraction of fetch's (fetch cost the shared cores about 3 ms per creation).
 */
async function createAtOnce(base: string, buyers: Buyer[]): Promise<number[]> {
  const client = `
    const http = require('node:http');
    const { parentPort, workerData } = require('node:worker_threads');
    const { performance } = require('node:perf_hooks');
    const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.buyers.length });
    const get = (path, headers) => new Promise((resolve, reject) => {
      http.get(workerData.base + path, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      }).on('error', reject);
    });
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    // one open connection per buyer (the health check: no session, no page), so no creation pays for opening one
    Promise.all(workerData.buyers.map(() => get('/health', browser)))
      .then(() => Promise.all(workerData.buyers.map(async ({ cookie, token }) => {
        const start = performance.now();
        const status = await get('/restpp/order/create?f__key__=' + encodeURIComponent(token), { ...browser, cookie });
        if (status !== 200) throw new Error('order creation answered ' + status);
        return performance.now() - start;
      })))
      .then((ms) => parentPort.postMessage(ms));
  `;
  const worker = new Worker(client, { eval: true, workerData: { base, buyers: buyers.map((b) => ({ cookie: b.cookie, token: b.token })) } });
  try {
    return await new Promise<number[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

/** The value below which `share` of the sorted samples fall (nearest rank). */
function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

export async function measureOrderCreation(options: OrderCreationOptions = {}): Promise<BenchFigure[]> {
  const adminUrl = options.adminUrl ?? benchServerUrl() ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const site = options.site ?? 'cl';
  const buyers = options.buyers ?? 50;
  const rounds = options.rounds ?? 4;
  let statements = 0;
  const config = loadConfig({
    SITE: site,
    SANDBOX: '1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: String(1e9),
    ORDER_SWEEP_SECONDS: '0',
    BILLING_SWEEP_SECONDS: '0',
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
  });
  // the pool a server process opens (DATABASE_POOL_SIZE, its default unless set)
  const database = await benchDatabase(site, adminUrl, { poolSize: options.poolSize ?? config.databasePoolSize, onQuery: () => (statements += 1) });
  try {
    // the first round is a server's first sales, not measured (see below)
    await seedScale(database.db, getMarket(site), buyers * (rounds + 1), { startIndex: 0 });
    // enough units that no buyer is refused for stock
    await database.db.execute(sql`update skus set stock = 1000000 where id = ${ACCESSORY}`);
    const app = await buildApp({ config, database, ownsDatabase: false, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      // a burst of buyers first, not measured: a server that has been selling has its code compiled and its
      // statements prepared on every connection of its pool, which one order alone did not do (the first
      // burst's slowest creation was 30-60 ms over the next ones')
      await createAtOnce(base, await readyBuyers(base, site, 0, buyers));
      const samples: number[] = [];
      let created = 0;
      let queries = 0;
      for (let round = 1; round <= rounds; round++) {
        const ready = await readyBuyers(base, site, round * buyers, buyers);
        const before = statements;
        samples.push(...(await createAtOnce(base, ready)));
        queries += statements - before;
        created += ready.length;
      }
      samples.sort((a, b) => a - b);
      return [
        figure(`orders / p50 creation, ${buyers} buyers at once (${site}, PostgreSQL)`, percentile(samples, 0.5), 'ms', { atMost: BUDGET_P99_MS }),
        figure(`orders / p99 creation, ${buyers} buyers at once (${site}, PostgreSQL)`, percentile(samples, 0.99), 'ms', { atMost: BUDGET_P99_MS }),
        figure('orders / statements per creation', queries / created, 'queries', { atMost: BUDGET_QUERIES }),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await measureOrderCreation({ site: (process.env.SITE as SiteId | undefined) ?? 'cl' });
  process.exitCode = printFigures('Order creation', figures) ? 0 : 1;
}
