import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FIVE_UNITS_SKU_ID } from '@andes/db/seed/index';
import { expireStaleOrders } from '../src/modules/cart/order.service.ts';
import { sweepOrders } from '../src/modules/cart/order-sweep.service.ts';
import { sandboxLogisticsSignature } from '../src/adapters/logistics/sandbox.ts';
import { requireSecret } from '../src/secrets.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const APPROVE = '4051885600446623';
const REJECT = '5186059559590568';

const guestFor = (site: string) =>
  site === 'cl'
    ? { name: 'Ana Pérez', document: '76.086.428-5', email: 'ana@example.com', phoneNumber: '912345670' }
    : { name: 'Ana Pérez', document: '12345678', email: 'ana@example.com', phoneNumber: '912345670' };
const storeFor = (site: string) => (site === 'cl' ? 'TDA_CL_PROVIDENCIA' : 'TDA_PE_MIRAFLORES');
const consignee = (site: string) => ({ name: 'Ana Pérez', rut: guestFor(site).document, phoneNumber: '912345670' });

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  const res = (await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return res.rows;
}

/** A guest with `quantity` of `sku` in the cart, identified, with store pickup chosen and an order. */
async function readyToPay(site: TestSite, siteId: string, sku: string, quantity = 1, address = '203.0.113.10') {
  const v = await new Visitor(site.app, address).open();
  expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: sku, quantity }])).statusCode).toBe(200);
  expect((await v.call('PUT', '/restpp/order/customer/info', guestFor(siteId))).statusCode).toBe(200);
  expect(
    (await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'storePickup', storeId: storeFor(siteId), consignee: consignee(siteId) }))
      .statusCode,
  ).toBe(200);
  return v;
}

async function payAtGateway(app: FastifyInstance, url: string, body: Record<string, string>): Promise<string> {
  const token = new URL(url, 'http://x').searchParams.get('token_ws')!;
  const res = await app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, payload: body });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

async function returnFrom(v: Visitor, location: string) {
  const res = await v.call('GET', location.replace(/^https?:\/\/[^/]+/, ''));
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

async function stockOf(site: TestSite, sku: string): Promise<number> {
  return Number((await rows<{ stock: number }>(site, `select stock from skus where id = '${sku}'`))[0].stock);
}

describe.each(drivers)('orders and payment (%s database)', (driver) => {
  const sites = bothSites(driver);

  it('asks an anonymous buyer to identify before creating the order', async () => {
    const v = await new Visitor(sites.cl.app).open();
    await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }]);
    const res = await v.call('GET', '/restpp/order/create');
    expect(res.json()).toMatchObject({
      success: false,
      redirectRUL: '/personas/flujo-compra/identificacion',
      response: { systemMessage: [{ exceptionKey: 'pp.error.checkout.identification' }] },
    });
    // the failure is kept and shown once on the next cart load
    expect((await v.call('GET', '/restpp/order/shoppingCart')).json().orderCreationError.exceptionKey).toBe('pp.error.checkout.identification');
    expect((await v.call('GET', '/restpp/order/shoppingCart')).json().orderCreationError).toBeNull();
  });

  it('lists the regions of Chile north to south and the places of Peru alphabetically in Spanish, with accents', async () => {
    const names = async (site: 'cl' | 'pe', url: string, key: 'regions' | 'areas') =>
      (await new Visitor(sites[site].app).open()).call('GET', url).then((r) => r.json()[key].map((a: { name: string }) => a.name)) as Promise<string[]>;
    const chile = await names('cl', '/restpp/order/geo/regions', 'regions');
    expect(chile[0]).toBe('Arica y Parinacota');
    expect(chile.indexOf('Metropolitana de Santiago')).toBeLessThan(chile.indexOf('Ñuble'));
    expect(chile.indexOf('Ñuble')).toBeLessThan(chile.indexOf('Biobío'));
    expect(chile.at(-1)).toMatch(/^Magallanes/);
    const peru = await names('pe', '/restpp/order/geo/regions', 'regions');
    expect(peru).toContain('Junín');
    expect(peru.indexOf('Apurímac')).toBeLessThan(peru.indexOf('Arequipa'));
    const limaDistricts = await names('pe', '/restpp/order/geo/areas?parent=1501', 'areas');
    expect(limaDistricts).toContain('Jesús María');
    expect(limaDistricts.indexOf('Rímac')).toBeLessThan(limaDistricts.indexOf('San Borja'));
    // Ñ right after N, not after Z as a byte order would put it.
    const santiago = await names('cl', '/restpp/order/geo/areas?parent=13', 'areas');
    expect(santiago.indexOf('Ñuñoa')).toBeGreaterThan(santiago.indexOf('Maipú'));
    expect(santiago.indexOf('Ñuñoa')).toBeLessThan(santiago.indexOf('Padre Hurtado'));
  });

  it('validates the guest data and the delivery address with the shared rule sets', async () => {
    const v = await new Visitor(sites.pe.app).open();
    await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }]);
    const bad = await v.call('PUT', '/restpp/order/customer/info', { name: 'Ana', document: '123', email: 'x', phoneNumber: '812' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().validationError).sort()).toEqual(['document', 'email', 'name', 'phoneNumber']);
    const { regions } = (await v.call('GET', '/restpp/order/geo/regions')).json();
    const lima = regions.find((r: { name: string }) => r.name === 'Lima');
    const provinces = (await v.call('GET', `/restpp/order/geo/areas?parent=${lima.code}`)).json().areas;
    const limaProvince = provinces.find((p: { name: string }) => p.name === 'Lima');
    const districts = (await v.call('GET', `/restpp/order/geo/areas?parent=${limaProvince.code}`)).json().areas;
    const miraflores = districts.find((d: { name: string }) => d.name === 'Miraflores');
    const wrong = await v.call('POST', '/restpp/order/valida/geoaddress', {
      region: regions.find((r: { name: string }) => r.name === 'Cusco').code,
      province: limaProvince.code,
      commune: miraflores.code,
    });
    expect(wrong.statusCode).toBe(400);
    const saved = await v.call('POST', '/restpp/order/delivery/address', {
      region: lima.code,
      province: limaProvince.code,
      commune: miraflores.code,
      streetName: 'Av. José Larco',
      addressNumber: '345',
      detailsAddressNumber: 'Dpto. 5-B',
    });
    expect(saved.json().address).toMatchObject({ communeName: 'Miraflores', streetName: 'Av. José Larco' });
    const located = await sites.pe.app.inject({
      method: 'GET',
      url: '/restpp/order/store/location',
      headers: { atg_regionId: lima.code, atg_communeId: miraflores.code },
    });
    expect(
      located
        .json()
        .stores.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual(['TDA_PE_LARCOMAR', 'TDA_PE_MIRAFLORES']);
    const delivery = await v.call('POST', '/restpp/order/shipping/method', {
      deliveryType: 'delivery',
      addressId: saved.json().address.id,
      consignee: consignee('pe'),
    });
    expect(delivery.json().shippingInfo.deliveryType).toBe('delivery');
  });

  it.each(['cl', 'pe'] as const)('%s: forty creations of one cart at once make one order and take its units once', async (siteId) => {
    const site = sites[siteId];
    // a product no other test here buys: the order stays open, and other tests expire open orders
    const buds = 'sku_PO_AC_SAMSUNG_GALAXY_BUDS3_PRO_1';
    const v = await readyToPay(site, siteId, buds, 3, '198.18.1.1');
    const stock = await stockOf(site, buds);
    const answers = await Promise.all(Array.from({ length: 40 }, () => v.call('GET', '/restpp/order/create')));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.json().order.number)).size).toBe(1);
    const number = answers[0]!.json().order.number;
    const made = await rows<{ n: number }>(
      site,
      `select count(*)::int as n from orders where number = '${number}' or cart_id = (select cart_id from orders where number = '${number}')`,
    );
    expect(made[0]!.n).toBe(1);
    expect(await stockOf(site, buds)).toBe(stock - 3);
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so no creation ever waits on another's lock
  it.runIf(driver === 'server')('a creation that waited for the cart while another made its order answers that order', async () => {
    const site = sites.cl;
    const buds = 'sku_PO_AC_SAMSUNG_GALAXY_BUDS3_PRO_1';
    const v = await readyToPay(site, 'cl', buds, 1, '198.18.1.2');
    const stock = await stockOf(site, buds);
    const [{ id: cartId }] = await rows<{ id: number }>(site, 'select id from carts order by updated_at desc limit 1');
    const waiting = async () => (await rows<{ n: number }>(site, 'select count(*)::int as n from pg_locks where not granted'))[0]!.n;
    let both: Promise<Awaited<ReturnType<Visitor['call']>>[]> | undefined;
    let answered = false;
    // the cart held as a creation holds it: both creations queue on it, the second behind the first
    await site.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from carts where id = ${cartId} for update`);
      both = Promise.all([v.call('GET', '/restpp/order/create'), v.call('GET', '/restpp/order/create')]).finally(() => (answered = true));
      await vi.waitFor(async () => expect(await waiting()).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 });
      expect(answered).toBe(false);
    });
    const answers = await both!;
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json().order.number).toBe(answers[1]!.json().order.number);
    expect(await stockOf(site, buds)).toBe(stock - 1);
  });

  it('a double-submitted order create and a replayed gateway return give one order and one charge', async () => {
    const v = await readyToPay(sites.cl, 'cl', ACCESSORY, 2);
    const stock = await stockOf(sites.cl, ACCESSORY);
    const [a, b] = await Promise.all([v.call('GET', '/restpp/order/create'), v.call('GET', '/restpp/order/create')]);
    expect(a.json().order.number).toBe(b.json().order.number);
    const number = a.json().order.number;
    expect(await stockOf(sites.cl, ACCESSORY)).toBe(stock - 2);
    const [p1, p2] = await Promise.all([v.call('GET', '/restpp/order/payment'), v.call('GET', '/restpp/order/payment')]);
    expect(p1.json().url).toBe(p2.json().url);
    const back = await payAtGateway(sites.cl.app, p1.json().url, { card: APPROVE, action: 'pay' });
    const [r1, r2] = await Promise.all([returnFrom(v, back), returnFrom(v, back)]);
    expect(r1).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
    expect(r2).toBe(r1);
    expect(await returnFrom(v, back)).toBe(r1);
    const status = (await v.call('GET', `/restpp/order/status?order=${number}`)).json().order;
    expect(status).toMatchObject({ status: 'paid', payment: { cardLast4: '6623' } });
    const orders = await rows<{ n: number }>(
      sites.cl,
      `select count(*)::int as n from orders where number = '${number}' or idempotency_key like (select cart_id || ':%' from orders where number = '${number}')`,
    );
    expect(orders[0].n).toBe(1);
    const charges = await rows<{ n: number }>(
      sites.cl,
      `select count(*)::int as n from payment_attempts p join orders o on o.id = p.order_id where o.number = '${number}' and p.status = 'authorized'`,
    );
    expect(charges[0].n).toBe(1);
    const ledger = await rows<{ n: number }>(
      sites.cl,
      `select count(*)::int as n from gateway_transactions where buy_order like '${number}-%' and status = 'AUTHORIZED'`,
    );
    expect(ledger[0].n).toBe(1);
    expect(await stockOf(sites.cl, ACCESSORY)).toBe(stock - 2);
    expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
    // another session cannot read the order
    const stranger = await new Visitor(sites.cl.app).open();
    expect((await stranger.call('GET', `/restpp/order/status?order=${number}`)).statusCode).toBe(404);
  });

  it('a rejected card leaves the order waiting with its stock held; the retry pays that same order', async () => {
    const v = await readyToPay(sites.pe, 'pe', ACCESSORY, 1);
    const stock = await stockOf(sites.pe, ACCESSORY);
    const number = (await v.call('GET', '/restpp/order/create')).json().order.number;
    expect(await stockOf(sites.pe, ACCESSORY)).toBe(stock - 1);
    const pay = (await v.call('GET', '/restpp/order/payment')).json();
    const back = await payAtGateway(sites.pe.app, pay.url, { card: REJECT, action: 'pay' });
    expect(await returnFrom(v, back)).toBe(`/personas/flujo-compra/detalle-pago?error=pp.error.payment.rejected&order=${number}`);
    expect((await v.call('GET', `/restpp/order/status?order=${number}`)).json().order.status).toBe('awaiting_payment');
    expect(await stockOf(sites.pe, ACCESSORY)).toBe(stock - 1);
    // the payment step finds the same order open, and creating again answers it
    expect((await v.call('GET', '/restpp/order')).json().order.number).toBe(number);
    expect((await v.call('GET', '/restpp/order/create')).json().order.number).toBe(number);
    const retry = (await v.call('GET', '/restpp/order/payment')).json();
    expect(retry.orderNumber).toBe(number);
    expect(retry.url).not.toBe(pay.url);
    const paid = await payAtGateway(sites.pe.app, retry.url, { card: APPROVE, action: 'pay' });
    expect(await returnFrom(v, paid)).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
    expect((await v.call('GET', `/restpp/order/status?order=${number}`)).json().order).toMatchObject({ status: 'paid', deliveryType: 'storePickup' });
    const attempts = await rows<{ buy_order: string; status: string }>(
      sites.pe,
      `select p.buy_order, p.status from payment_attempts p join orders o on o.id = p.order_id where o.number = '${number}' order by p.id`,
    );
    expect(attempts).toEqual([
      { buy_order: `${number}-1`, status: 'failed' },
      { buy_order: `${number}-2`, status: 'authorized' },
    ]);
    expect(await stockOf(sites.pe, ACCESSORY)).toBe(stock - 1);
    expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
  });

  it('an aborted payment keeps the order for a retry until it expires; an expired order releases its stock', async () => {
    const v = await readyToPay(sites.cl, 'cl', ACCESSORY, 1, '203.0.113.11');
    const stock = await stockOf(sites.cl, ACCESSORY);
    const aborted = (await v.call('GET', '/restpp/order/create')).json().order.number;
    const pay = (await v.call('GET', '/restpp/order/payment')).json();
    const back = await payAtGateway(sites.cl.app, pay.url, { action: 'abort' });
    expect(await returnFrom(v, back)).toMatch(/error=pp\.error\.payment\.aborted/);
    expect((await v.call('GET', `/restpp/order/status?order=${aborted}`)).json().order.status).toBe('awaiting_payment');
    expect(await stockOf(sites.cl, ACCESSORY)).toBe(stock - 1);
    expect(await expireStaleOrders(sites.cl.app, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await v.call('GET', `/restpp/order/status?order=${aborted}`)).json().order.status).toBe('expired');
    expect(await stockOf(sites.cl, ACCESSORY)).toBe(stock);

    const w = await readyToPay(sites.cl, 'cl', ACCESSORY, 1, '203.0.113.12');
    const number = (await w.call('GET', '/restpp/order/create')).json().order.number;
    expect(await stockOf(sites.cl, ACCESSORY)).toBe(stock - 1);
    expect(await expireStaleOrders(sites.cl.app, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await w.call('GET', `/restpp/order/status?order=${number}`)).json().order.status).toBe('expired');
    expect(await stockOf(sites.cl, ACCESSORY)).toBe(stock);
    expect((await w.call('GET', '/restpp/order/payment')).statusCode).toBe(409);
  });

  it('re-checks prices at checkout: a changed price is shown, not charged', async () => {
    const v = await readyToPay(sites.pe, 'pe', ACCESSORY, 1, '203.0.113.13');
    await sites.pe.database.db.execute(sql.raw(`update skus set list_price = list_price + 1000 where id = '${ACCESSORY}'`));
    const res = await v.call('GET', '/restpp/order/create');
    expect(res.json()).toMatchObject({ success: false, redirectRUL: '/personas/sin-stock', issues: [{ itemId: ACCESSORY, kind: 'price' }] });
    await v.call('POST', '/restpp/order/cart/accept');
    const order = (await v.call('GET', '/restpp/order/create')).json().order;
    const [{ price }] = await rows<{ price: number }>(sites.pe, `select list_price as price from skus where id = '${ACCESSORY}'`);
    expect(order.subTotalPrice).toBe(Number(price));
    await sites.pe.database.db.execute(sql.raw(`update skus set list_price = list_price - 1000 where id = '${ACCESSORY}'`));
  });

  it('20 concurrent buyers of the last 5 units give exactly 5 paid orders and stock 0', async () => {
    const site = sites.cl;
    const siteId = 'cl';
    expect(await stockOf(site, FIVE_UNITS_SKU_ID)).toBe(5);
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => readyToPay(site, siteId, FIVE_UNITS_SKU_ID, 1, `198.18.0.${i + 1}`)));
    const created = await Promise.all(buyers.map((b) => b.call('GET', '/restpp/order/create')));
    const winners = buyers.filter((_, i) => created[i].statusCode === 200);
    expect(winners).toHaveLength(5);
    expect(created.filter((c) => c.statusCode === 409)).toHaveLength(15);
    await Promise.all(
      winners.map(async (b) => {
        const pay = (await b.call('GET', '/restpp/order/payment')).json();
        const back = await payAtGateway(site.app, pay.url, { card: APPROVE, action: 'pay' });
        expect(await returnFrom(b, back)).toMatch(/compra-exitosa/);
      }),
    );
    const paid = await rows<{ n: number }>(
      site,
      `select count(*)::int as n from orders o join order_lines l on l.order_id = o.id where l.item_id = '${FIVE_UNITS_SKU_ID}' and o.status = 'paid'`,
    );
    expect(paid[0].n).toBe(5);
    expect(await stockOf(site, FIVE_UNITS_SKU_ID)).toBe(0);
  }, 120_000);

  it('verifies the sandbox reCAPTCHA token', async () => {
    const v = await new Visitor(sites.cl.app).open();
    expect((await v.call('POST', '/restpp/order/verifyRecaptcha', { token: 'sandbox-ok' })).json()).toMatchObject({ success: true, verified: true });
    expect((await v.call('POST', '/restpp/order/verifyRecaptcha', { token: 'bot' })).json().response.systemMessage[0].exceptionKey).toBe('pp.error.recaptcha');
  });

  it('fulfils a paid order through the logistics system: prepare, ship or ready for pickup, deliver, each once', async () => {
    const advance = (site: TestSite, order: string) => site.app.inject({ method: 'POST', url: '/sandbox/logistics/advance', payload: { order } });
    const notify = (
      site: TestSite,
      body: Record<string, string>,
      signature = sandboxLogisticsSignature(requireSecret(site.app.config.secrets, 'LOGISTICS_NOTIFY_KEY'), body.reference, body.orderNumber, body.step),
    ) => site.app.inject({ method: 'POST', url: '/restpp/order/fulfilment/notify', headers: { 'x-logistics-signature': signature }, payload: body });
    for (const [site, siteId, deliveryType] of [
      [sites.cl, 'cl', 'storePickup'],
      [sites.pe, 'pe', 'delivery'],
    ] as const) {
      const v = await readyToPay(site, siteId, ACCESSORY, 1, '203.0.113.20');
      if (deliveryType === 'delivery') {
        const { regions } = (await v.call('GET', '/restpp/order/geo/regions')).json();
        const lima = regions.find((r: { name: string }) => r.name === 'Lima');
        const province = (await v.call('GET', `/restpp/order/geo/areas?parent=${lima.code}`)).json().areas.find((p: { name: string }) => p.name === 'Lima');
        const district = (await v.call('GET', `/restpp/order/geo/areas?parent=${province.code}`))
          .json()
          .areas.find((d: { name: string }) => d.name === 'Miraflores');
        const saved = (
          await v.call('POST', '/restpp/order/delivery/address', {
            region: lima.code,
            province: province.code,
            commune: district.code,
            streetName: 'Av. José Larco',
            addressNumber: '345',
          })
        ).json();
        await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'delivery', addressId: saved.address.id, consignee: consignee(siteId) });
      }
      const number = (await v.call('GET', '/restpp/order/create')).json().order.number as string;
      // not paid yet: nothing to fulfil
      expect((await advance(site, number)).statusCode).toBe(404);
      const pay = (await v.call('GET', '/restpp/order/payment')).json();
      await returnFrom(v, await payAtGateway(site.app, pay.url, { card: APPROVE, action: 'pay' }));
      const paid = (await v.call('GET', `/restpp/order/status?order=${number}`)).json().order;
      expect(paid).toMatchObject({ status: 'paid', deliveryType, fulfilmentReference: `LOG-${number}` });

      const forged = await notify(site, { reference: paid.fulfilmentReference, orderNumber: number, step: 'prepare' }, 'f'.repeat(64));
      expect(forged.statusCode).toBe(401);
      expect((await advance(site, number)).json()).toMatchObject({ success: true, status: 'preparing', applied: true });
      // a step that does not fit the delivery is refused and changes nothing
      const wrong = { reference: paid.fulfilmentReference, orderNumber: number, step: deliveryType === 'storePickup' ? 'ship' : 'ready_for_pickup' };
      expect((await notify(site, wrong)).statusCode).toBe(409);
      const middle = deliveryType === 'storePickup' ? 'ready_for_pickup' : 'shipped';
      expect((await advance(site, number)).json().status).toBe(middle);
      // the system repeats a notification: acknowledged, nothing moves
      const replay = await notify(site, { reference: paid.fulfilmentReference, orderNumber: number, step: 'prepare' });
      expect(replay.json()).toMatchObject({ success: true, status: middle, applied: false });
      expect((await advance(site, number)).json().status).toBe('delivered');
      expect((await advance(site, number)).statusCode).toBe(409);

      const done = (await v.call('GET', `/restpp/order/status?order=${number}`)).json().order;
      expect(done.status).toBe('delivered');
      expect(done.history.map((h: { status: string }) => h.status)).toEqual(['created', 'awaiting_payment', 'paid', 'preparing', middle, 'delivered']);
      expect(done.path).toEqual(done.history.map((h: { status: string }) => h.status));
    }
  });

  it('the order sweep hands over a paid order the logistics system missed, and a running server sweeps on its own', async () => {
    const v = await readyToPay(sites.cl, 'cl', ACCESSORY, 1, '203.0.113.21');
    const number = (await v.call('GET', '/restpp/order/create')).json().order.number as string;
    const pay = (await v.call('GET', '/restpp/order/payment')).json();
    await returnFrom(v, await payAtGateway(sites.cl.app, pay.url, { card: APPROVE, action: 'pay' }));
    await sites.cl.database.db.execute(sql.raw(`update orders set fulfilment_reference = null where number = '${number}'`));
    expect((await sweepOrders(sites.cl.app)).handedOver).toBe(1);
    expect((await v.call('GET', `/restpp/order/status?order=${number}`)).json().order.fulfilmentReference).toBe(`LOG-${number}`);

    // a server started with a short sweep expires an unpaid order without anyone creating another one
    const w = await readyToPay(sites.cl, 'cl', ACCESSORY, 1, '203.0.113.22');
    const stale = (await w.call('GET', '/restpp/order/create')).json().order.number as string;
    const stock = await stockOf(sites.cl, ACCESSORY);
    const sweeping = await buildApp({
      config: loadConfig({ SITE: 'cl', SANDBOX: '1', LOG_LEVEL: 'silent', ORDER_SWEEP_SECONDS: '0.1' }),
      database: sites.cl.database,
      ownsDatabase: false,
      logger: false,
    });
    await sweeping.ready();
    try {
      await sites.cl.database.db.execute(sql.raw(`update orders set expires_at = now() - interval '1 minute' where number = '${stale}'`));
      await vi.waitFor(async () => expect((await w.call('GET', `/restpp/order/status?order=${stale}`)).json().order.status).toBe('expired'), {
        timeout: 10_000,
        interval: 100,
      });
      expect(await stockOf(sites.cl, ACCESSORY)).toBe(stock + 1);
    } finally {
      await sweeping.close();
    }
  });
});
