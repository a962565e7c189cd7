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
import { onTestServer } from './test-server.ts';

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

/**
 * Each step of the setup has its own limit, below the hook's, so a step that hangs (a process waiting on a
 * lock, a changed "listening" line) fails with what it printed and leaves afterAll time to clean up. The
 * limits allow for four processes migrating and seeding two markets at once on a loaded 2-core machine.
 */
const COMPILE_TIMEOUT_MS = 45_000;
const START_TIMEOUT_MS = 120_000;
const SETUP_TIMEOUT_MS = 180_000;

/**
 * What this file started or created, recorded the moment it was: afterAll ends every process and drops
 * every database here, however far the setup got (a market that never finished starting included).
 */
const children: ChildProcess[] = [];
const databases: string[] = [];
let buildDir = '';
/** Set when afterAll begins: nothing new is started after it (a setup step still under way when the hook timed out). */
let cleaningUp = false;

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
  buildDir = mkdtempSync(path.join(cache, 'multi-process-'));
  await promisify(execFile)(process.execPath, ['apps/server/build.mjs', buildDir], { cwd: ROOT, timeout: COMPILE_TIMEOUT_MS, killSignal: 'SIGKILL' });
  return path.join(buildDir, 'main.js');
}

/** Starts a process; when it ends or has not said it is listening within START_TIMEOUT_MS, it is killed and the error carries its last output. */
function startProcess(main: string, site: SiteId, port: number, databaseUrl: string): Promise<Process> {
  if (cleaningUp) return Promise.reject(new Error(`not starting the ${site} process on ${port}: the file is cleaning up`));
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
  children.push(child);
  const proc: Process = { child, logs: [] };
  /** Its last lines of output, for the error when it does not start. */
  const recent: string[] = [];
  const keep = (line: string) => {
    recent.push(line);
    if (recent.length > 40) recent.shift();
  };
  let buffer = '';
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`${site} process on ${port} ${why}; its last output:\n${recent.join('\n')}`));
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(`not listening after ${START_TIMEOUT_MS / 1000} s (killed)`);
    }, START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        keep(line);
        if (line.includes(`http://localhost:${port}`)) {
          clearTimeout(timer);
          resolve(proc);
        }
        if (line.startsWith('{')) proc.logs.push(JSON.parse(line));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      for (const line of chunk.toString().split('\n')) if (line) keep(line);
    });
    child.once('exit', (code, signal) => fail(`ended (${signal ?? code}) before listening`));
  });
}

/** SIGTERM (the graceful shutdown), then SIGKILL if it has not ended 10 s later. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
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
    listen: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }),
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

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Market {
  /** A pool of the test's own on the market's database (never migrating it). */
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
  if (cleaningUp) throw new Error(`not starting ${site}: the file is cleaning up`);
  const name = `t_${randomBytes(6).toString('hex')}`;
  databases.push(name);
  await onTestServer(`create database ${name} template template0`);
  const url = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();
  const ports = [portBase + 1, portBase + 2];
  // a process that started is ended by afterAll when the other did not
  const processes = await Promise.all(ports.map((port) => startProcess(main, site, port, url)));
  const balancer = roundRobin(portBase, ports);
  await balancer.listen();
  return { pool: new pg.Pool({ connectionString: url, max: 2 }), processes, balancer, ports, base: `http://127.0.0.1:${portBase}` };
}

/** A figure of one process's own /metrics (asked of it directly, from this machine): the sum over the series matching `labels`. */
async function processMetric(port: number, name: string, labels: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

/** Every step runs whatever failed before it; the first failure is thrown at the end. */
async function cleanUp(markets: Market[]): Promise<void> {
  cleaningUp = true;
  const failures: unknown[] = [];
  const settle = async (work: Array<Promise<unknown>>) => {
    for (const result of await Promise.allSettled(work)) if (result.status === 'rejected') failures.push(result.reason);
  };
  await settle(markets.flatMap((m) => [m.balancer.close(), m.pool.end()]));
  await settle(children.map(stopProcess));
  await settle(databases.map((name) => onTestServer(`drop database if exists ${name} with (force)`)));
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  if (failures.length) throw failures[0];
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes of one market behind a round-robin balancer (PostgreSQL)', () => {
  const sites = {} as Record<SiteId, Market>;
  beforeAll(async () => {
    const main = await compileServer();
    // both markets get to the end of their start (or their limit) before the hook ends, so afterAll
    // never runs while one is still starting
    const started = await Promise.allSettled((['cl', 'pe'] as const).map(async (site, i) => (sites[site] = await startMarket(main, site, PORT_BASE + 10 * i))));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => cleanUp(Object.values(sites)));

  it.each(['cl', 'pe'] as const)('%s: both processes, started at once on an empty database, are ready; it is migrated and seeded once', async (siteId) => {
    const ctx = sites[siteId];
    for (const port of ctx.ports) expect((await fetch(`http://127.0.0.1:${port}/ready`)).status, `/ready of the process on ${port}`).toBe(200);
    // each migration of this build recorded once (drizzle's table has no unique key: applying one twice would record it twice)
    const journal = JSON.parse(readFileSync(dbFilePath('migrations/meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const applied = await rows<{ when: string; n: number }>(
      ctx.pool,
      'select created_at as when, count(*)::int as n from drizzle.__drizzle_migrations group by created_at order by created_at',
    );
    expect(applied).toEqual(journal.entries.map((e) => ({ when: String(e.when), n: 1 })));
    // the demo data is there: each demo customer (customers.document is unique, so none twice)
    const market = getMarket(siteId);
    const customers = await rows<{ n: number }>(ctx.pool, 'select count(*)::int as n from customers');
    expect(customers).toEqual([{ n: demoCustomers(market, marketToday(new Date(), market)).length }]);
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
