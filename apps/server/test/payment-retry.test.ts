import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SiteId } from '@andes/domain/market';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const APPROVE = '4051885600446623';
const REJECT = '5186059559590568';
const BURST = 40;

const guestFor = (site: SiteId) =>
  site === 'cl'
    ? { name: 'Ana Pérez', document: '76.086.428-5', email: 'ana@example.com', phoneNumber: '912345670' }
    : { name: 'Ana Pérez', document: '12345678', email: 'ana@example.com', phoneNumber: '912345670' };
const storeFor = (site: SiteId) => (site === 'cl' ? 'TDA_CL_PROVIDENCIA' : 'TDA_PE_MIRAFLORES');

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  return ((await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/** A guest with an order for one accessory to pick up, whose first card was rejected at the gateway. */
async function rejectedOnce(site: TestSite, siteId: SiteId, address: string) {
  const v = await new Visitor(site.app, address).open();
  expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }])).statusCode).toBe(200);
  expect((await v.call('PUT', '/restpp/order/customer/info', guestFor(siteId))).statusCode).toBe(200);
  const consignee = { name: 'Ana Pérez', rut: guestFor(siteId).document, phoneNumber: '912345670' };
  expect((await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'storePickup', storeId: storeFor(siteId), consignee })).statusCode).toBe(200);
  const number = (await v.call('GET', '/restpp/order/create')).json().order.number as string;
  const first = (await v.call('GET', '/restpp/order/payment')).json().url as string;
  expect((await v.call('GET', await atGateway(site, first, REJECT))).headers.location).toBe(
    `/personas/flujo-compra/detalle-pago?error=pp.error.payment.rejected&order=${number}`,
  );
  return { v, number };
}

/** Pays (or is refused) at the sandbox gateway's page; answers the return the browser follows. */
async function atGateway(site: TestSite, url: string, card: string): Promise<string> {
  const token = new URL(url, 'http://x').searchParams.get('token_ws')!;
  const res = await site.app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, payload: { card, action: 'pay' } });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location).replace(/^https?:\/\/[^/]+/, '');
}

/** The orders made from `number`'s cart, and the attempts and approved charges on them. */
async function ledger(site: TestSite, number: string) {
  const [counts] = await rows<{ orders: number; attempts: number; charged: number }>(
    site,
    `select (select count(*)::int from orders where cart_id = o.cart_id) as orders,
            (select count(*)::int from payment_attempts where order_id = o.id) as attempts,
            (select count(*)::int from gateway_transactions where buy_order like '${number}-%' and status = 'AUTHORIZED') as charged
       from orders o where o.number = '${number}'`,
  );
  return counts;
}

describe.each(drivers)('a retry after a rejected card pays the same order (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)(`%s: ${BURST} parallel retries open one new attempt on the one order, and it is charged once`, async (siteId) => {
    const site = sites[siteId];
    const { v, number } = await rejectedOnce(site, siteId, '203.0.113.90');
    const tries = await Promise.all(Array.from({ length: BURST }, () => v.call('GET', '/restpp/order/payment')));
    expect(tries.map((r) => r.statusCode)).toEqual(Array(BURST).fill(200));
    const urls = new Set(tries.map((r) => r.json().url as string));
    expect(urls.size).toBe(1);
    expect(new Set(tries.map((r) => r.json().orderNumber))).toEqual(new Set([number]));
    expect(await ledger(site, number)).toEqual({ orders: 1, attempts: 2, charged: 0 });

    const back = await atGateway(site, [...urls][0]!, APPROVE);
    const returns = await Promise.all(Array.from({ length: BURST }, () => v.call('GET', back)));
    expect(new Set(returns.map((r) => r.headers.location))).toEqual(new Set([`/personas/flujo-compra/compra-exitosa?order=${number}`]));
    expect(await ledger(site, number)).toEqual({ orders: 1, attempts: 2, charged: 1 });
    expect((await v.call('GET', `/restpp/order/status?order=${number}`)).json().order.status).toBe('paid');
  });

  it.each(['cl', 'pe'] as const)(`%s: ${BURST} parallel clicks on "Pagar" after a rejection (create, confirm, pay) make no second order`, async (siteId) => {
    const site = sites[siteId];
    const { v, number } = await rejectedOnce(site, siteId, '203.0.113.91');
    // what the payment page sends on each click: the open order is reused, the method confirmed, the payment started
    const clicks = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const created = await v.call('GET', '/restpp/order/create');
        const confirmed = await v.call('GET', '/restpp/order/updateOrderPaymentFlag?paymentMethod=webPay');
        const paid = await v.call('GET', '/restpp/order/payment?paymentMethod=webPay');
        return { order: created.json().order?.number, confirmed: confirmed.statusCode, url: paid.json().url };
      }),
    );
    expect(new Set(clicks.map((c) => c.order))).toEqual(new Set([number]));
    expect(clicks.every((c) => c.confirmed === 200)).toBe(true);
    expect(new Set(clicks.map((c) => c.url)).size).toBe(1);
    expect(await ledger(site, number)).toEqual({ orders: 1, attempts: 2, charged: 0 });
  });

  it.each(['cl', 'pe'] as const)('%s: a refused retry leaves the order open again, and a third try pays it', async (siteId) => {
    const site = sites[siteId];
    const { v, number } = await rejectedOnce(site, siteId, '203.0.113.92');
    const second = (await v.call('GET', '/restpp/order/payment')).json().url as string;
    expect((await v.call('GET', await atGateway(site, second, REJECT))).headers.location).toContain(`order=${number}`);
    const third = (await v.call('GET', '/restpp/order/payment')).json().url as string;
    expect(third).not.toBe(second);
    expect((await v.call('GET', await atGateway(site, third, APPROVE))).headers.location).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
    const attempts = await rows<{ status: string }>(
      site,
      `select p.status from payment_attempts p join orders o on o.id = p.order_id where o.number = '${number}' order by p.id`,
    );
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed', 'authorized']);
    expect(await ledger(site, number)).toEqual({ orders: 1, attempts: 3, charged: 1 });
  });
});
