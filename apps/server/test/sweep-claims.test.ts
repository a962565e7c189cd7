import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { SiteId } from '@andes/domain/market';
import { openDatabase } from '@andes/db/client';
import { sweepOrders } from '../src/modules/cart/order-sweep.service.ts';
import { drivers, Visitor, bothSites, type TestSite } from './helpers.ts';

/** Two processes of one market on one database: every sweep's outside call is made once (docs/decisions/013). */

const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const APPROVE = '4051885600446623';
const ORDERS = 4;
const ROUNDS = 6;
const facts = {
  cl: { store: 'TDA_CL_PROVIDENCIA', document: '76.086.428-5' },
  pe: { store: 'TDA_PE_MIRAFLORES', document: '12345678' },
} as const;

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  return ((await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/** A guest's order of one accessory for store pickup: paid by card when `paid`, else left unpaid. */
async function order(site: TestSite, siteId: SiteId, n: number, paid: boolean): Promise<{ v: Visitor; number: string }> {
  const v = await new Visitor(site.app, `203.0.113.${100 + n}`).open();
  expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }])).statusCode).toBe(200);
  const guest = { name: 'Ana Pérez', document: facts[siteId].document, email: `ana${n}@example.com`, phoneNumber: '912345670' };
  expect((await v.call('PUT', '/restpp/order/customer/info', guest)).statusCode).toBe(200);
  const consignee = { name: guest.name, rut: guest.document, phoneNumber: guest.phoneNumber };
  expect((await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'storePickup', storeId: facts[siteId].store, consignee })).statusCode).toBe(
    200,
  );
  const number = (await v.call('GET', '/restpp/order/create')).json().order.number as string;
  if (!paid) return { v, number };
  const url = (await v.call('GET', '/restpp/order/payment')).json().url as string;
  const token = new URL(url, 'http://x').searchParams.get('token_ws')!;
  const back = await site.app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${token}`, payload: { card: APPROVE, action: 'pay' } });
  expect((await v.call('GET', String(back.headers.location))).headers.location).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
  return { v, number };
}

/** Counts an outside call across both processes, each call slow enough that two sweeps overlap on it. */
function countCalls(
  apps: FastifyInstance[],
  pick: (app: FastifyInstance) => Record<string, (...args: never[]) => Promise<unknown>>,
  method: string,
): () => number {
  const spies = apps.map((app) => {
    const port = pick(app);
    const original = port[method].bind(port) as (...args: unknown[]) => Promise<unknown>;
    return vi.spyOn(port, method as never).mockImplementation((async (...args: unknown[]) => {
      await new Promise((r) => setTimeout(r, 15));
      return original(...args);
    }) as never);
  });
  return () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
}

const quote = (numbers: string[]) => numbers.map((n) => `'${n}'`).join(',');

describe.each(drivers)('sweeps of two processes on one database (%s database)', (driver) => {
  const sites = bothSites(driver);
  afterEach(() => vi.restoreAllMocks());

  it.each(['cl', 'pe'] as const)('%s: concurrent sweeps expire each unpaid order, hand each order over and refund each payment once', async (siteId) => {
    const site = sites[siteId];
    const other = await site.restart();
    const apps = [site.app, other];
    const unpaid = await Promise.all(Array.from({ length: ORDERS }, (_, i) => order(site, siteId, i, false)));
    const handOver = await Promise.all(Array.from({ length: ORDERS }, (_, i) => order(site, siteId, 10 + i, true)));
    const refund = await Promise.all(Array.from({ length: ORDERS }, (_, i) => order(site, siteId, 20 + i, true)));
    for (const { v, number } of refund) {
      expect((await v.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: `k-${number}` })).json().order.status).toBe('cancelled');
    }
    // the situations a sweep finishes: orders past their time, hand-overs and refunds whose first call failed
    await site.database.db.execute(
      sql.raw(`update orders set expires_at = now() - interval '1 minute' where number in (${quote(unpaid.map((o) => o.number))})`),
    );
    await site.database.db.execute(sql.raw(`update orders set fulfilment_reference = null where number in (${quote(handOver.map((o) => o.number))})`));
    await site.database.db.execute(
      sql.raw(
        `update payment_attempts set refunded_at = null where order_id in (select id from orders where number in (${quote(refund.map((o) => o.number))})) and status = 'authorized'`,
      ),
    );
    const submits = countCalls(apps, (app) => app.adapters.logistics as never, 'submit');
    const refunds = countCalls(apps, (app) => app.adapters.payments as never, 'refund');

    for (let round = 0; round < ROUNDS; round++) await Promise.all(apps.map((app) => sweepOrders(app)));

    expect(submits()).toBe(ORDERS);
    expect(refunds()).toBe(ORDERS);
    const expired = await rows<{ number: string; n: number }>(
      site,
      `select o.number, count(e.id)::int as n from orders o join order_status_events e on e.order_id = o.id and e.status = 'expired' where o.number in (${quote(unpaid.map((o) => o.number))}) group by o.number`,
    );
    expect(expired.map((r) => r.n)).toEqual(unpaid.map(() => 1));
    const handed = await rows<{ reference: string | null; claimed: string | null }>(
      site,
      `select fulfilment_reference as reference, handover_claimed_by as claimed from orders where number in (${quote(handOver.map((o) => o.number))})`,
    );
    expect(handed.every((o) => o.reference !== null && o.claimed === null)).toBe(true);
    const refunded = await rows<{ at: string | null }>(
      site,
      `select p.refunded_at as at from payment_attempts p join orders o on o.id = p.order_id where o.number in (${quote(refund.map((o) => o.number))}) and p.status = 'authorized'`,
    );
    expect(refunded.length).toBe(ORDERS);
    expect(refunded.every((r) => r.at !== null)).toBe(true);
  });

  it('cl: a claim whose process died is taken over once its lease runs out, and not before', async () => {
    const site = sites.cl;
    const { number } = await order(site, 'cl', 30, true);
    // another process claimed the hand-over a minute ago and died before the call
    await site.database.db.execute(
      sql.raw(
        `update orders set fulfilment_reference = null, handover_claimed_by = 'gone:1', handover_claimed_at = now() - interval '1 minute' where number = '${number}'`,
      ),
    );
    const submits = countCalls([site.app], (app) => app.adapters.logistics as never, 'submit');
    await sweepOrders(site.app);
    expect(submits()).toBe(0);
    await site.database.db.execute(sql.raw(`update orders set handover_claimed_at = now() - interval '3 minutes' where number = '${number}'`));
    await sweepOrders(site.app);
    expect(submits()).toBe(1);
    expect(
      (await rows<{ reference: string | null }>(site, `select fulfilment_reference as reference from orders where number = '${number}'`))[0].reference,
    ).toBe(`LOG-${number}`);
  });

  it('cl: a sweep another process (or app) is running is skipped, not waited for', async () => {
    const { database } = sites.cl;
    // another process on the same database: its own connections, its own advisory-lock session
    const name = ((await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }).rows[0].name;
    const url = database.kind === 'server' ? Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString() : undefined;
    const elsewhere = url ? await openDatabase({ databaseUrl: url, poolSize: 1 }) : database;
    try {
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      let started = () => {};
      const running = new Promise<void>((r) => (started = r));
      const first = database.exclusively('order sweep', () => (started(), held));
      await running;
      let ran = false;
      expect(await elsewhere.exclusively('order sweep', async () => (ran = true))).toBe(false);
      expect(await database.exclusively('order sweep', async () => (ran = true))).toBe(false);
      expect(await elsewhere.exclusively('billing sweep', async () => undefined)).toBe(true);
      release();
      expect(await first).toBe(true);
      expect(ran).toBe(false);
      expect(await elsewhere.exclusively('order sweep', async () => (ran = true))).toBe(true);
      expect(ran).toBe(true);
    } finally {
      if (elsewhere !== database) await elsewhere.close();
    }
  });

  it('cl: sweeps of different names started at once each run once, one statement at a time on the lock connection', async () => {
    const { database } = sites.cl;
    // how many statements each PostgreSQL client was given at once (a client given a second while one
    // runs only queues it: deprecated by pg 8, refused by pg 9)
    const given = new Map<object, number>();
    let most = 0;
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      given.set(this, (given.get(this) ?? 0) + 1);
      most = Math.max(most, given.get(this)!);
      const answer = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      void Promise.resolve(answer)
        .catch(() => undefined)
        .finally(() => given.set(this, given.get(this)! - 1));
      return answer as never;
    });
    try {
      const names = ['order sweep', 'billing sweep', 'session sweep', 'throttle sweep', 'handover sweep'];
      const runs: string[] = [];
      const results = await Promise.all(names.map((name) => database.exclusively(name, async () => runs.push(name))));
      expect(results).toEqual(names.map(() => true));
      expect(runs.sort()).toEqual([...names].sort());
      // every lock was given back: each name can be taken again
      expect(await Promise.all(names.map((name) => database.exclusively(name, async () => undefined)))).toEqual(names.map(() => true));
      expect(most).toBeLessThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
  });
});
