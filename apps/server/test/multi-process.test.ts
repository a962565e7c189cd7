import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFilePath } from '@andes/db/files';
import { demoCustomers } from '@andes/db/seed/demo-customers';
import { marketToday } from '@andes/db/seed/util';
import { getMarket, type SiteId } from '@andes/domain/market';

/**
 * Scale-out (issue 12, docs/decisions/013): two real processes of one market on one PostgreSQL
 * database behind a round-robin balancer, with their sweeps running every second. The two start at the
 * same moment on an empty database, as a first deployment does (compose.yaml): one migrates and seeds,
 * the other waits. A customer signs in on one process and pays on the other, and each unpaid order is
 * expired exactly once. The processes run the compiled server, as the container does (`node dist/main.js`),
 * built afresh for this test. On PostgreSQL only (an embedded database belongs to one process); `.ci/run`
 * always sets TEST_DATABASE_URL, so CI runs it.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The balancer and the two processes of a market take three ports from here (cl first, then pe). */
const PORT_BASE = Number(process.env.MULTI_PROCESS_PORT_BASE ?? 4540);
const UNPAID = 6;
const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const APPROVE = '4051885600446623';
const facts = {
  cl: { user: '12.345.678-5', secret: '1234', store: 'TDA_CL_PROVIDENCIA', document: '76.086.428-5' },
  pe: { user: '987654321', secret: '123456', store: 'TDA_PE_MIRAFLORES', document: '12345678' },
} as const;

/** What the processes of one market share besides the database, as a deployment would set them. */
const SHARED_KEYS = {
  PAYMENT_NOTIFY_KEY: randomBytes(32).toString('hex'),
  LOGISTICS_NOTIFY_KEY: randomBytes(32).toString('hex'),
  TICKET_DESK_NOTIFY_KEY: randomBytes(32).toString('hex'),
  PAGE_TOKEN_KEY: randomBytes(32).toString('hex'),
};

interface Process {
  child: ChildProcess;
  /** The JSON log lines it wrote. */
  logs: Array<Record<string, unknown>>;
}

/**
 * Compiles the server (apps/server/build.mjs) into a folder of its own, so a build left in dist by an
 * earlier `npm run build` is never what runs; under node_modules, where the bundle finds its packages.
 */
async function compileServer(): Promise<string> {
  const cache = path.join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, 'multi-process-'));
  await promisify(execFile)(process.execPath, ['apps/server/build.mjs', outdir], { cwd: ROOT });
  return path.join(outdir, 'main.js');
}

function startProcess(main: string, site: SiteId, port: number, databaseUrl: string): Promise<Process> {
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SHARED_KEYS,
      SITE: site,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SANDBOX: '1',
      LOG_LEVEL: 'info',
      ORDER_SWEEP_SECONDS: '1',
      BILLING_SWEEP_SECONDS: '1',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Process = { child, logs: [] };
  let buffer = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line.includes(`http://localhost:${port}`)) resolve(proc);
        if (line.startsWith('{')) proc.logs.push(JSON.parse(line));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`${site} process on ${port} ended (${code}) before listening`)));
  });
}

function stopProcess(proc: Process): Promise<void> {
  if (proc.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.child.once('exit', () => resolve());
    proc.child.kill('SIGTERM');
  });
}

/** A balancer taking turns between `ports`; answers which process served each request. */
function roundRobin(port: number, ports: number[]) {
  let next = 0;
  const served: Array<{ method: string; path: string; backend: number }> = [];
  const server = http.createServer((req, res) => {
    const backend = next;
    next = (next + 1) % ports.length;
    served.push({ method: req.method!, path: req.url!, backend });
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' };
    const upstream = http.request({ host: '127.0.0.1', port: ports[backend], method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return {
    served,
    /** The process the next request goes to. */
    nextBackend: () => next,
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser tab through the balancer: its session cookie and page token. */
class Tab {
  private cookie = '';
  private token = '';
  constructor(private base: string) {}

  async request(method: string, path: string, body?: unknown): Promise<Response> {
    const url = new URL(path, this.base);
    if (this.token) url.searchParams.set('f__key__', this.token);
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: this.cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0];
    return res;
  }

  async json(method: string, path: string, body?: unknown) {
    const res = await this.request(method, path, body);
    expect(res.status, `${method} ${path}`).toBe(200);
    return res.json();
  }

  async open(): Promise<this> {
    this.token = '';
    this.token = (await this.json('GET', '/restpp/security/token')).f__key__;
    return this;
  }
}

async function rows<T>(pool: pg.Pool, query: string): Promise<T[]> {
  return (await pool.query(query)).rows as T[];
}

/** Runs one statement on the test server's own database (creating and dropping the markets' databases). */
async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(statement).finally(() => admin.end());
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Market {
  /** The market's database: its name on the server, and a pool of the test's own (never migrating it). */
  name: string;
  pool: pg.Pool;
  processes: Process[];
  balancer: ReturnType<typeof roundRobin>;
  /** The processes' own ports, behind the balancer. */
  ports: number[];
  base: string;
}

/**
 * One market: a new, empty database (no schema, no data), its two processes started at the same moment
 * on it (each migrates and seeds on start, server.ts: one does it, the other waits), the balancer in front.
 */
async function startMarket(main: string, site: SiteId, portBase: number): Promise<Market> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name} template template0`);
  const url = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();
  const ports = [portBase + 1, portBase + 2];
  const started = await Promise.allSettled(ports.map((port) => startProcess(main, site, port, url)));
  const processes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(processes.map(stopProcess));
    await onServer(`drop database if exists ${name} with (force)`);
    throw failed.reason;
  }
  const balancer = roundRobin(portBase, ports);
  await balancer.listen();
  return { name, pool: new pg.Pool({ connectionString: url, max: 2 }), processes, balancer, ports, base: `http://127.0.0.1:${portBase}` };
}

/** A figure of one process's own /metrics (asked of it directly, from this machine): the sum over the series matching `labels`. */
async function processMetric(port: number, name: string, labels: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

async function stopMarket(m: Market | undefined): Promise<void> {
  if (!m) return;
  await m.balancer.close();
  await Promise.all(m.processes.map(stopProcess));
  await m.pool.end();
  await onServer(`drop database if exists ${m.name} with (force)`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes of one market behind a round-robin balancer (PostgreSQL)', () => {
  const sites = {} as Record<SiteId, Market>;
  let main = '';
  beforeAll(async () => {
    main = await compileServer();
    // a market that started is stopped after, even when the other did not
    const started = await Promise.allSettled((['cl', 'pe'] as const).map(async (site, i) => (sites[site] = await startMarket(main, site, PORT_BASE + 10 * i))));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, 90_000);
  afterAll(async () => {
    await Promise.all([stopMarket(sites.cl), stopMarket(sites.pe)]);
    if (main) rmSync(path.dirname(main), { recursive: true, force: true });
  });

  it.each(['cl', 'pe'] as const)('%s: both processes, started at once on an empty database, are ready; it is migrated and seeded once', async (siteId) => {
    const ctx = sites[siteId];
    for (const port of ctx.ports) expect((await fetch(`http://127.0.0.1:${port}/ready`)).status, `/ready of the process on ${port}`).toBe(200);
    // each migration of this build recorded once
    const journal = JSON.parse(readFileSync(dbFilePath('migrations/meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const applied = await rows<{ when: string; n: number }>(
      ctx.pool,
      'select created_at as when, count(*)::int as n from drizzle.__drizzle_migrations group by created_at order by created_at',
    );
    expect(applied).toEqual(journal.entries.map((e) => ({ when: String(e.when), n: 1 })));
    // the demo data once: one seeding, each demo customer once
    const market = getMarket(siteId);
    expect(await rows(ctx.pool, "select key from app_meta where key = 'seeded'")).toHaveLength(1);
    const customers = await rows<{ n: number; documents: number }>(
      ctx.pool,
      'select count(*)::int as n, count(distinct document)::int as documents from customers',
    );
    const expected = demoCustomers(market, marketToday(new Date(), market)).length;
    expect(customers).toEqual([{ n: expected, documents: expected }]);
    // one process loaded it and the other found it loaded; neither failed (a seeding that was not
    // serialised would break on the demo data's unique keys, a migration on the tables already there)
    const logs = ctx.processes.map((p) => p.logs);
    expect(logs.map((l) => l.filter((line) => line.msg === 'demo data loaded').length).sort()).toEqual([0, 1]);
    expect(logs.flat().filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(ctx.processes.map((p) => [p.child.exitCode, p.child.signalCode])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it.each(['cl', 'pe'] as const)(
    '%s: a customer signs in on one process and pays on the other; each unpaid order expires once',
    async (siteId) => {
      const ctx = sites[siteId];
      const f = facts[siteId];
      const buyer = await new Tab(ctx.base).open();
      const signIn = ctx.balancer.served.length;
      expect((await buyer.request('POST', '/oam/server/authentication', { username: f.user, password: f.secret })).status).toBe(200);
      await buyer.open();
      await buyer.json('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }]);
      await buyer.json('POST', '/restpp/order/shipping/method', {
        deliveryType: 'storePickup',
        storeId: f.store,
        consignee: { name: 'Ana Pérez', rut: f.document, phoneNumber: '912345670' },
      });
      const number = (await buyer.json('GET', '/restpp/order/create')).order.number as string;
      const payment = (await buyer.json('GET', '/restpp/order/payment')).url as string;
      const token = new URL(payment, ctx.base).searchParams.get('token_ws')!;
      const paid = await buyer.request('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, { card: APPROVE, action: 'pay' });
      expect(paid.status).toBe(303);
      const back = String(paid.headers.get('location')).replace(/^https?:\/\/[^/]+/, '');
      // the gateway's return (the payment recorded) goes to the process the customer did not sign in on
      if (ctx.balancer.nextBackend() === ctx.balancer.served[signIn].backend) await buyer.json('GET', '/restpp/order/shoppingCart');
      const returned = ctx.balancer.served.length;
      const success = await buyer.request('GET', back);
      expect(success.headers.get('location')).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
      expect(ctx.balancer.served[signIn].backend).not.toBe(ctx.balancer.served[returned].backend);
      const order = (await buyer.json('GET', `/restpp/order/status?order=${number}`)).order;
      expect(order).toMatchObject({ status: 'paid', fulfilmentReference: `LOG-${number}` });

      // guests leave orders unpaid; once their time is up, the sweeps of both processes race for them
      const unpaid: string[] = [];
      for (let i = 0; i < UNPAID; i++) {
        const guest = await new Tab(ctx.base).open();
        await guest.json('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }]);
        await guest.json('PUT', '/restpp/order/customer/info', {
          name: 'Ana Pérez',
          document: f.document,
          email: `ana${i}@example.com`,
          phoneNumber: '912345670',
        });
        await guest.json('POST', '/restpp/order/shipping/method', {
          deliveryType: 'storePickup',
          storeId: f.store,
          consignee: { name: 'Ana Pérez', rut: f.document, phoneNumber: '912345670' },
        });
        unpaid.push((await guest.json('GET', '/restpp/order/create')).order.number);
      }
      const list = unpaid.map((n) => `'${n}'`).join(',');
      const stock = async () => Number((await rows<{ stock: number }>(ctx.pool, `select stock from skus where id = '${ACCESSORY}'`))[0].stock);
      const before = await stock();
      await rows(ctx.pool, `update orders set expires_at = now() - interval '1 second' where number in (${list})`);
      const expiredCount = async () =>
        (await rows<{ n: number }>(ctx.pool, `select count(*)::int as n from orders where number in (${list}) and status = 'expired'`))[0].n;
      await until('the sweeps expired every unpaid order', async () => (await expiredCount()) === UNPAID);
      // a few more ticks of both sweeps change nothing
      await new Promise((r) => setTimeout(r, 2500));
      const events = await rows<{ number: string; n: number }>(
        ctx.pool,
        `select o.number, count(e.id)::int as n from orders o left join order_status_events e on e.order_id = o.id and e.status = 'expired' where o.number in (${list}) group by o.number order by o.number`,
      );
      expect(events).toEqual([...unpaid].sort().map((n) => ({ number: n, n: 1 })));
      expect(await stock()).toBe(before + UNPAID);
      // what the processes' sweeps say they expired adds up to each order once
      const reported = ctx.processes
        .flatMap((p) => p.logs)
        .filter((l) => l.msg === 'order sweep')
        .reduce((sum, l) => sum + Number(l.expired ?? 0), 0);
      expect(reported).toBe(UNPAID);
      // both processes' sweeps were running: each tick ran the pass or left it to the other's under way
      for (const port of ctx.ports) {
        const ticks =
          (await processMetric(port, 'sweep_runs_total', 'sweep="order sweep"')) + (await processMetric(port, 'sweep_skipped_total', 'sweep="order sweep"'));
        expect(ticks, `order sweep ticks of the process on ${port}`).toBeGreaterThan(0);
      }
      expect(new Set(ctx.balancer.served.map((s) => s.backend))).toEqual(new Set([0, 1]));
    },
    60_000,
  );
});
