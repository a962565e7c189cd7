/**
 * Order creation under 50 concurrent buyers on PostgreSQL (issue 12 budget: p99 ≤ 150 ms, no oversold
 * stock, no duplicate order): distinct signed-in customers, each with a cart ready (an accessory, store
 * pickup), are made first; then every buyer creates their order at once (`GET /restpp/order/create` over
 * HTTP), round after round with new buyers. After each round the database says whether every buyer got
 * exactly one order and the stock fell by the units ordered; a last round, not measured, has fewer units
 * than buyers. Not part of npm test: `npm run bench:orders` alone, or through bench:web.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { SCALE_SECRET, scaleDocument, seedScale } from '@andes/db/seed/scale';
import { CartErrorKeys } from '@andes/domain/cart-rules';
import { getMarket, type SiteId } from '@andes/domain/market';
import { OrderErrorKeys } from '@andes/domain/order-state';
import { buildApp } from '../apps/server/src/app.ts';
import { benchConfig } from './server-config.ts';
import { benchDatabase, benchServerUrl, statementCounter } from './database.ts';
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
/** Units left for the scarce-stock round: fewer than its buyers, so most of them must be refused. */
const SCARCE_STOCK = 10;
/** The refusals of a creation whose units ran short: at the re-check, or when taking them (order.service.ts). */
const STOCK_REFUSALS = new Set<string>([CartErrorKeys.outOfStock, OrderErrorKeys.recheck]);
const STORE = { cl: { id: 'TDA_CL_PROVIDENCIA', document: '76.086.428-5' }, pe: { id: 'TDA_PE_MIRAFLORES', document: '12345678' } } as const;

/** A signed-in customer over HTTP: session cookie and page token. */
class Buyer {
  cookie = '';
  token = '';
  constructor(
    private base: string,
    /** The customer's document: the database's orders are told apart by it. */
    readonly document: string,
  ) {}

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
  const buyer = new Buyer(base, scaleDocument(getMarket(site), index));
  await buyer.open();
  await buyer.call('POST', '/oam/server/authentication', { username: buyer.document, password: SCALE_SECRET[site] });
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

/** One buyer's creation: its milliseconds, the HTTP status and, when refused, the envelope's text. */
interface Creation {
  ms: number;
  status: number;
  body?: string;
}

/**
 * Every buyer's `GET /restpp/order/create` sent at once from a thread of its own (as autocannon does
 * for bench:catalogue), so the client's work does not slow the server it measures; answers each
 * creation, in the buyers' order. Each buyer has its connection open first, as a browser on the checkout
 * page has, and asks for compression as a browser does; the client is node:http, whose own cost per
 * request is a fraction of fetch's (fetch cost the shared cores about 3 ms per creation).
 */
async function createAtOnce(base: string, buyers: Buyer[]): Promise<Creation[]> {
  const client = `
    const http = require('node:http');
    const zlib = require('node:zlib');
    const { parentPort, workerData } = require('node:worker_threads');
    const { performance } = require('node:perf_hooks');
    const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.buyers.length });
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync };
    const get = (path, headers) => new Promise((resolve, reject) => {
      http.get(workerData.base + path, { agent, headers }, (res) => {
        if (res.statusCode === 200) {
          res.resume();
          res.on('end', () => resolve({ status: 200 }));
          return;
        }
        // a refusal is read (as sent, compressed or not): its envelope says why
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode, body: String(decode[res.headers['content-encoding']]?.(raw) ?? raw) });
        });
      }).on('error', reject);
    });
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    // one open connection per buyer (the health check: no session, no page), so no creation pays for opening one
    Promise.all(workerData.buyers.map(() => get('/health', browser)))
      .then(() => Promise.all(workerData.buyers.map(async ({ cookie, token }) => {
        const start = performance.now();
        const answer = await get('/restpp/order/create?f__key__=' + encodeURIComponent(token), { ...browser, cookie });
        return { ms: performance.now() - start, ...answer };
      })))
      .then((creations) => parentPort.postMessage(creations));
  `;
  const worker = new Worker(client, { eval: true, workerData: { base, buyers: buyers.map((b) => ({ cookie: b.cookie, token: b.token })) } });
  try {
    return await new Promise<Creation[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

/** Whether a refused creation is the refusal for units run short: a 4xx envelope with a stock error key. */
function isStockRefusal(creation: Creation): boolean {
  if (creation.status < 400 || creation.status >= 500) return false;
  try {
    const envelope = JSON.parse(creation.body ?? '') as { success?: boolean; response?: { systemMessage?: Array<{ exceptionKey: string }> } };
    return envelope.success === false && !!envelope.response?.systemMessage?.some((m) => STOCK_REFUSALS.has(m.exceptionKey));
  } catch {
    return false;
  }
}

/** The accessory's units left and the last order's id (the orders a round makes come after it). */
async function stockAndLastOrder(db: Db): Promise<{ stock: number; lastOrder: number }> {
  const result = (await db.execute(
    sql`select (select stock from skus where id = ${ACCESSORY}) as stock, (select coalesce(max(id), 0) from orders) as last_order`,
  )) as unknown as { rows: Array<{ stock: number; last_order: number }> };
  return { stock: Number(result.rows[0].stock), lastOrder: Number(result.rows[0].last_order) };
}

/**
 * What the database holds of a round (the orders after `since`) against the buyers whose creation was
 * answered with an order: orders beyond one per such buyer (or for anyone else), such buyers without
 * one, and the accessory's units those orders took.
 */
async function roundOrders(db: Db, since: number, sold: Buyer[]): Promise<{ duplicates: number; missing: number; units: number }> {
  const result = (await db.execute(sql`
    select c.document, count(distinct o.id)::int as orders, coalesce(sum(l.quantity), 0)::int as units
    from orders o
    left join customers c on c.id = o.customer_id
    left join order_lines l on l.order_id = o.id and l.item_id = ${ACCESSORY}
    where o.id > ${since}
    group by c.document`)) as unknown as { rows: Array<{ document: string | null; orders: number; units: number }> };
  const asked = new Set(sold.map((b) => b.document));
  const made = new Map(result.rows.map((r) => [r.document, r.orders]));
  let duplicates = 0;
  for (const [document, orders] of made) duplicates += document !== null && asked.has(document) ? orders - 1 : orders;
  const missing = sold.filter((b) => !made.has(b.document)).length;
  return { duplicates, missing, units: result.rows.reduce((sum, r) => sum + r.units, 0) };
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
  const counter = statementCounter();
  const config = benchConfig(site, process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {});
  // the pool a server process opens (DATABASE_POOL_SIZE, its default unless set)
  const database = await benchDatabase(site, adminUrl, { poolSize: options.poolSize ?? config.databasePoolSize, onQuery: counter.onQuery });
  try {
    // the first round is a server's first sales, not measured (see below); the scarce-stock round comes last
    await seedScale(database.db, getMarket(site), buyers * (rounds + 2), { startIndex: 0 });
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
      // fast is not enough (issue 12): every round is checked in the database, outside the statements counted
      let duplicates = 0;
      let missing = 0;
      let unaccounted = 0;
      const account = async (since: { stock: number; lastOrder: number }, sold: Buyer[]) => {
        const made = await roundOrders(database.db, since.lastOrder, sold);
        const { stock } = await stockAndLastOrder(database.db);
        duplicates += made.duplicates;
        missing += made.missing;
        unaccounted += Math.abs(since.stock - stock - made.units);
        return { left: stock, units: made.units };
      };
      for (let round = 1; round <= rounds; round++) {
        const ready = await readyBuyers(base, site, round * buyers, buyers);
        const since = await stockAndLastOrder(database.db);
        const { creations, statements } = await counter.during(async () => ({ creations: await createAtOnce(base, ready) }));
        queries += statements;
        const refused = creations.find((c) => c.status !== 200);
        if (refused) throw new Error(`order creation answered ${refused.status} ${refused.body ?? ''}`);
        samples.push(...creations.map((c) => c.ms));
        created += ready.length;
        await account(since, ready);
      }
      // a sale's last units, not measured: fewer units than buyers at once; exactly those units are sold,
      // every other buyer is refused for stock (a 4xx envelope, never a 5xx), and the stock ends at 0
      const scarce = await readyBuyers(base, site, (rounds + 1) * buyers, buyers);
      await database.db.execute(sql`update skus set stock = ${SCARCE_STOCK} where id = ${ACCESSORY}`);
      const since = await stockAndLastOrder(database.db);
      const creations = await createAtOnce(base, scarce);
      const { left, units } = await account(
        since,
        scarce.filter((_, i) => creations[i].status === 200),
      );
      samples.sort((a, b) => a - b);
      const scarceRound = `orders / ${SCARCE_STOCK} units, ${buyers} buyers at once`;
      return [
        // shown for reference: the budget is the p99's, which p50 meets whenever p99 does
        figure('orders / p50 creation (budget is for p99)', percentile(samples, 0.5), 'ms', { atMost: BUDGET_P99_MS }),
        figure(`orders / p99 creation, ${buyers} buyers at once (${site}, PostgreSQL)`, percentile(samples, 0.99), 'ms', { atMost: BUDGET_P99_MS }),
        figure('orders / statements per creation', queries / created, 'queries', { atMost: BUDGET_QUERIES }),
        figure('orders / duplicate orders, every round', duplicates, 'orders', { atMost: 0 }),
        figure('orders / missing orders, every round', missing, 'orders', { atMost: 0 }),
        figure('orders / stock fall ≠ units ordered, every round', unaccounted, 'units', { atMost: 0 }),
        figure(`${scarceRound}: oversold units`, Math.max(0, units - SCARCE_STOCK, -left), 'units', { atMost: 0 }),
        figure(`${scarceRound}: units left while buyers were refused`, Math.max(0, left), 'units', { atMost: 0 }),
        figure(
          `${scarceRound}: answers neither an order nor a stock refusal`,
          creations.filter((c) => c.status !== 200 && !isStockRefusal(c)).length,
          'answers',
          { atMost: 0 },
        ),
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
