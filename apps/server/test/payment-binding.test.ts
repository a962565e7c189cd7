import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SiteId } from '@andes/domain/market';
import { sandboxNotifySignature } from '../src/adapters/payments/sandbox.ts';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
/** Below the free-delivery subtotal in both markets: home delivery costs its fee. */
const CHARGER = 'sku_PO_AC_SAMSUNG_CARGADOR_RAPIDO_25W_USB_C_1';
const APPROVE = '4051885600446623';
const RETURN = '/restpp/order/payment/return';

const facts = {
  cl: {
    guest: { name: 'Ana Pérez', document: '76.086.428-5', email: 'ana@example.com', phoneNumber: '912345670' },
    store: 'TDA_CL_PROVIDENCIA',
    place: { region: '13', commune: '13123' },
    prepaid: { user: '15.432.198-5', secret: '4321', phone: '987654321' },
  },
  pe: {
    guest: { name: 'Ana Pérez', document: '12345678', email: 'ana@example.com', phoneNumber: '912345670' },
    store: 'TDA_PE_MIRAFLORES',
    place: { region: '15', province: '1501', commune: '150122' },
    prepaid: { user: '912345678', secret: '654321', phone: '912345678' },
  },
} as const;

const consignee = (site: SiteId) => ({ name: 'Ana Pérez', rut: facts[site].guest.document, phoneNumber: '912345670' });

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  return ((await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

const attemptsOf = (site: TestSite, number: string) =>
  rows<{ status: string; amount: number; token: string; buy_order: string }>(
    site,
    `select p.status, p.amount, p.token, p.buy_order from payment_attempts p join orders o on o.id = p.order_id where o.number = '${number}' order by p.id`,
  );
const ledgerOf = async (site: TestSite, token: string) =>
  (await rows<{ status: string; committed_at: Date | null }>(site, `select status, committed_at from gateway_transactions where token = '${token}'`))[0];
const orderOf = async (v: Visitor, number: string) => (await v.call('GET', `/restpp/order/status?order=${number}`)).json().order;

/** A guest with one accessory (`sku`), store pickup chosen, and an order. */
async function guestWithOrder(site: TestSite, siteId: SiteId, address: string, sku = ACCESSORY) {
  const v = await new Visitor(site.app, address).open();
  expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: sku, quantity: 1 }])).statusCode).toBe(200);
  expect((await v.call('PUT', '/restpp/order/customer/info', facts[siteId].guest)).statusCode).toBe(200);
  expect(
    (await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'storePickup', storeId: facts[siteId].store, consignee: consignee(siteId) }))
      .statusCode,
  ).toBe(200);
  const created = await v.call('GET', '/restpp/order/create');
  expect(created.statusCode).toBe(200);
  return { v, number: created.json().order.number as string };
}

/** The customer on the gateway's hosted page: answers where the gateway sends the browser back. */
async function atGateway(site: TestSite, url: string, body: Record<string, string>) {
  const token = new URL(url, 'http://x').searchParams.get('token_ws')!;
  const res = await site.app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, payload: body });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

async function placeCashCode(v: Visitor) {
  expect((await v.call('POST', '/restpp/order/verifyRecaptcha', { token: 'sandbox-ok' })).statusCode).toBe(200);
  expect((await v.call('GET', '/restpp/order/updateOrderPaymentFlag?paymentMethod=cashCode')).statusCode).toBe(200);
  expect((await v.call('GET', '/restpp/order/payment?paymentMethod=cashCode')).statusCode).toBe(200);
}

const payAtAgent = (site: TestSite, cip: string) => site.app.inject({ method: 'POST', url: `/sandbox/pagoefectivo/pay?cip=${cip}` });

describe.each(drivers)('payment returns and amounts bound to their attempt (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)(
    "%s: a stranger's return naming only the buy order (or a made-up token) changes nothing, and the customer still pays",
    async (siteId) => {
      const site = sites[siteId];
      const { v, number } = await guestWithOrder(site, siteId, '203.0.113.60');
      const pay = (await v.call('GET', '/restpp/order/payment')).json();
      const [attempt] = await attemptsOf(site, number);
      expect(attempt.buy_order).toBe(`${number}-1`);

      const stranger = await new Visitor(site.app, '198.51.100.60').open();
      for (const query of [`TBK_ORDEN_COMPRA=${number}-1&TBK_ID_SESION=x`, `TBK_TOKEN=${'0'.repeat(48)}&TBK_ORDEN_COMPRA=${number}-1`]) {
        for (const client of [stranger, null]) {
          const res = client ? await client.call('GET', `${RETURN}?${query}`) : await site.app.inject({ method: 'GET', url: `${RETURN}?${query}` });
          expect(res.statusCode).toBe(303);
          expect(res.headers.location).toBe('/carrito-compra');
        }
      }
      expect((await attemptsOf(site, number)).map((a) => a.status)).toEqual(['created']);
      expect((await ledgerOf(site, attempt.token)).status).toBe('INITIALIZED');
      expect((await orderOf(v, number)).status).toBe('awaiting_payment');

      const back = await atGateway(site, pay.url, { card: APPROVE, action: 'pay' });
      expect((await v.call('GET', back)).headers.location).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
      expect(await orderOf(v, number)).toMatchObject({ status: 'paid', payment: { cardLast4: '6623' } });
    },
  );

  it.each(['cl', 'pe'] as const)(
    "%s: the real abort (with its token) aborts from any client; the buyer's own session may report a timeout with only the buy order",
    async (siteId) => {
      const site = sites[siteId];
      const first = await guestWithOrder(site, siteId, '203.0.113.61');
      const pay = (await first.v.call('GET', '/restpp/order/payment')).json();
      const abort = await atGateway(site, pay.url, { action: 'abort' });
      expect(abort).toContain('TBK_TOKEN=');
      // the gateway's own redirect carries the token: it counts whoever's browser follows it
      expect((await site.app.inject({ method: 'GET', url: abort })).headers.location).toBe(
        `/personas/flujo-compra/detalle-pago?error=pp.error.payment.aborted&order=${first.number}`,
      );
      // the order waits for the customer's retry
      expect((await orderOf(first.v, first.number)).status).toBe('awaiting_payment');

      const second = await guestWithOrder(site, siteId, '203.0.113.62');
      await second.v.call('GET', '/restpp/order/payment');
      const timeout = await second.v.call('GET', `${RETURN}?TBK_ORDEN_COMPRA=${second.number}-1&TBK_ID_SESION=order`);
      expect(timeout.headers.location).toBe(`/personas/flujo-compra/detalle-pago?error=pp.error.payment.rejected&order=${second.number}`);
      const [attempt] = await attemptsOf(site, second.number);
      expect(attempt.status).toBe('failed');
      // the gateway was told: the token cannot be paid any more
      expect(await ledgerOf(site, attempt.token)).toMatchObject({ status: 'FAILED', committed_at: expect.anything() });
    },
  );

  it('pe: a cash code is not settled by any return, and its payment pays the order', async () => {
    const site = sites.pe;
    const { v, number } = await guestWithOrder(site, 'pe', '203.0.113.63');
    await placeCashCode(v);
    const { cashCode } = await orderOf(v, number);
    const stranger = await new Visitor(site.app, '198.51.100.63').open();
    for (const client of [stranger, v]) {
      expect((await client.call('GET', `${RETURN}?TBK_ORDEN_COMPRA=${number}-1`)).headers.location).toBe('/carrito-compra');
    }
    expect((await orderOf(v, number)).status).toBe('awaiting_payment');
    expect((await payAtAgent(site, cashCode)).statusCode).toBe(200);
    expect(await orderOf(v, number)).toMatchObject({ status: 'paid', refunds: [] });
  });

  it('pe: a cash code paid for an attempt already settled as failed is refunded once, never fulfilled', async () => {
    const site = sites.pe;
    const { v, number } = await guestWithOrder(site, 'pe', '203.0.113.64');
    await placeCashCode(v);
    const { cashCode, totalPrice } = await orderOf(v, number);
    // the provider reports a payment of another amount: the attempt fails and the order with it
    const short = { cip: cashCode, status: 'PAID', amount: totalPrice - 100 };
    const notified = await site.app.inject({
      method: 'POST',
      url: '/restpp/order/payment/notify',
      headers: { 'x-pagoefectivo-signature': sandboxNotifySignature(site.app.config.secrets.PAYMENT_NOTIFY_KEY!, short.cip, short.status, short.amount) },
      payload: short,
    });
    expect(notified.json()).toMatchObject({ success: true, status: 'failed' });
    expect((await orderOf(v, number)).status).toBe('failed');

    // then the customer pays the code in full at an agent, and the provider repeats its notice
    expect((await payAtAgent(site, cashCode)).statusCode).toBe(200);
    const full = { cip: cashCode, status: 'PAID', amount: totalPrice };
    const repeated = await site.app.inject({
      method: 'POST',
      url: '/restpp/order/payment/notify',
      headers: { 'x-pagoefectivo-signature': sandboxNotifySignature(site.app.config.secrets.PAYMENT_NOTIFY_KEY!, full.cip, full.status, full.amount) },
      payload: full,
    });
    expect(repeated.json()).toMatchObject({ success: true, status: 'refunded' });
    const order = await orderOf(v, number);
    expect(order).toMatchObject({ status: 'failed', payment: null, refunds: [{ amount: totalPrice, reason: 'late' }] });
    expect((await attemptsOf(site, number)).map((a) => a.status)).toEqual(['refunded']);
    expect((await ledgerOf(site, cashCode)).status).toBe('NULLIFIED');
  });

  it.each(['cl', 'pe'] as const)('%s: a card payment the gateway approves for an attempt already settled as failed is refunded once', async (siteId) => {
    const site = sites[siteId];
    const { v, number } = await guestWithOrder(site, siteId, '203.0.113.65');
    const pay = (await v.call('GET', '/restpp/order/payment')).json();
    // settled on our side without the gateway hearing of it (as a settlement cut short leaves it), then paid there
    await site.database.db.execute(sql.raw(`update payment_attempts set status = 'failed' where buy_order = '${number}-1'`));
    const back = await atGateway(site, pay.url, { card: APPROVE, action: 'pay' });
    const late = `/personas/flujo-compra/detalle-pago?error=pp.error.payment.late&order=${number}`;
    expect((await v.call('GET', back)).headers.location).toBe(late);
    expect((await v.call('GET', back)).headers.location).toBe(late);
    const [attempt] = await attemptsOf(site, number);
    expect(attempt.status).toBe('refunded');
    expect((await ledgerOf(site, attempt.token)).status).toBe('NULLIFIED');
    expect((await orderOf(v, number)).refunds).toHaveLength(1);
  });

  it.each(['cl', 'pe'] as const)(
    '%s: once a payment is open the order total is frozen: a delivery change makes a new order, and the old token never pays it',
    async (siteId) => {
      const site = sites[siteId];
      const { v, number } = await guestWithOrder(site, siteId, '203.0.113.66', CHARGER);
      const pickup = await orderOf(v, number);
      expect(pickup.deliveryPrice).toBe(0);
      const pay = (await v.call('GET', '/restpp/order/payment')).json();
      // the same choice again (back from the gateway, 'Continuar' unchanged) keeps the order being paid
      const same = await v.call('POST', '/restpp/order/shipping/method', {
        deliveryType: 'storePickup',
        storeId: facts[siteId].store,
        consignee: consignee(siteId),
      });
      expect(same.json().order).toMatchObject({ number, status: 'awaiting_payment' });

      const saved = await v.call('POST', '/restpp/order/delivery/address', {
        ...facts[siteId].place,
        streetName: 'Av. Central',
        addressNumber: '100',
        detailsAddressNumber: '',
      });
      const switched = await v.call('POST', '/restpp/order/shipping/method', {
        deliveryType: 'delivery',
        addressId: saved.json().address.id,
        consignee: consignee(siteId),
      });
      expect(switched.statusCode).toBe(200);
      const fresh = switched.json().order;
      expect(fresh.number).not.toBe(number);
      expect(fresh).toMatchObject({ deliveryType: 'delivery', status: 'created' });
      expect(fresh.deliveryPrice).toBeGreaterThan(0);
      expect(fresh.totalPrice).toBe(fresh.subTotalPrice + fresh.deliveryPrice);

      const old = await orderOf(v, number);
      const [attempt] = await attemptsOf(site, number);
      expect(old).toMatchObject({ deliveryType: 'storePickup', totalPrice: pickup.totalPrice, status: 'cancelled' });
      expect(Number(attempt.amount)).toBe(old.totalPrice);

      // the customer pays the old token in a tab left open: refunded, the new order stays unpaid
      const back = await atGateway(site, pay.url, { card: APPROVE, action: 'pay' });
      expect((await v.call('GET', back)).headers.location).toBe(`/personas/flujo-compra/detalle-pago?error=pp.error.payment.late&order=${number}`);
      expect((await orderOf(v, fresh.number)).status).toBe('created');
      expect((await orderOf(v, number)).refunds).toEqual([expect.objectContaining({ amount: pickup.totalPrice, reason: 'late' })]);

      // the new order is paid at its own, delivered, price
      const payFresh = (await v.call('GET', '/restpp/order/payment')).json();
      const [freshAttempt] = await attemptsOf(site, fresh.number);
      expect(Number(freshAttempt.amount)).toBe(fresh.totalPrice);
      expect((await v.call('GET', await atGateway(site, payFresh.url, { card: APPROVE, action: 'pay' }))).headers.location).toBe(
        `/personas/flujo-compra/compra-exitosa?order=${fresh.number}`,
      );
    },
  );

  it.each(['cl', 'pe'] as const)('%s: a delivery change before any payment starts reprices the same order', async (siteId) => {
    const site = sites[siteId];
    const { v, number } = await guestWithOrder(site, siteId, '203.0.113.67', CHARGER);
    const saved = await v.call('POST', '/restpp/order/delivery/address', {
      ...facts[siteId].place,
      streetName: 'Av. Central',
      addressNumber: '100',
      detailsAddressNumber: '',
    });
    const switched = (
      await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'delivery', addressId: saved.json().address.id, consignee: consignee(siteId) })
    ).json().order;
    expect(switched).toMatchObject({ number, deliveryType: 'delivery' });
    expect(switched.totalPrice).toBe(switched.subTotalPrice + switched.deliveryPrice);
    expect(switched.deliveryPrice).toBeGreaterThan(0);
  });

  it.each(['cl', 'pe'] as const)("%s: top-ups and the move to a plan: a stranger's return naming only the buy order changes nothing", async (siteId) => {
    const site = sites[siteId];
    const { user, secret, phone } = facts[siteId].prepaid;
    const v = await new Visitor(site.app, '203.0.113.68').open();
    expect((await v.login(user, secret)).statusCode).toBe(200);
    const stranger = await new Visitor(site.app, '198.51.100.68').open();
    const amount = siteId === 'cl' ? 2000 : 500;

    const topup = (await v.call('POST', `/restpp/asset/${phone}/topups`, { amount, idempotencyKey: `bind-topup-${siteId}-1` })).json();
    const forgedTopup = await stranger.call('GET', `/restpp/asset/topups/return?TBK_ORDEN_COMPRA=${topup.buyOrder}`);
    expect(forgedTopup.headers.location).toMatch(/resultado=unknown/);
    expect((await v.call('GET', `/restpp/asset/${phone}/topups/${topup.buyOrder}`)).json().status).toBe('pending');
    const paidBack = await atGateway(site, topup.response.redirectRUL, { card: APPROVE, action: 'pay' });
    expect((await v.call('GET', paidBack)).headers.location).toMatch(/resultado=approved/);

    const migration = (await v.call('POST', `/restpp/asset/${phone}/migration`, { planId: 'PO_PLAN_LIBRE_30', idempotencyKey: `bind-mig-${siteId}-1` })).json();
    const forgedMigration = await stranger.call('GET', `/restpp/migration/return?TBK_ORDEN_COMPRA=${migration.buyOrder}`);
    expect(forgedMigration.headers.location).toMatch(/resultado=unknown/);
    expect((await v.call('GET', `/restpp/asset/${phone}/migration/${migration.buyOrder}`)).json().state).toBe('pending');
    const migratedBack = await atGateway(site, migration.response.redirectRUL, { card: APPROVE, action: 'pay' });
    expect((await v.call('GET', migratedBack)).headers.location).toMatch(/resultado=approved/);
  });

  it.each(['cl', 'pe'] as const)('%s: a top-up settled without a charge is never committed by a later return', async (siteId) => {
    const site = sites[siteId];
    const [user, secret, phone] = siteId === 'cl' ? ['20.961.605-K', '5678', '976543210'] : ['934512765', '975310', '934512765'];
    const v = await new Visitor(site.app, '203.0.113.69').open();
    expect((await v.login(user, secret)).statusCode).toBe(200);
    const bill = (await v.call('GET', `/restpp/asset/${phone}/bills`)).json().bills.find((b: { status: string }) => b.status === 'cut');
    // two tabs pay the same bill: the first return charges it, the second is a duplicate and is not charged
    const [one, two] = [
      (await v.call('POST', `/restpp/asset/${phone}/bills/${bill.id}/pay`, { idempotencyKey: `bind-bill-${siteId}-1` })).json(),
      (await v.call('POST', `/restpp/asset/${phone}/bills/${bill.id}/pay`, { idempotencyKey: `bind-bill-${siteId}-2` })).json(),
    ];
    const backOne = await atGateway(site, one.response.redirectRUL, { card: APPROVE, action: 'pay' });
    const backTwo = await atGateway(site, two.response.redirectRUL, { card: APPROVE, action: 'pay' });
    expect((await v.call('GET', backOne)).headers.location).toMatch(/resultado=approved/);
    expect((await v.call('GET', backTwo)).headers.location).toMatch(/resultado=duplicate/);
    // the browser comes back again on the duplicate (a refresh): still no charge
    expect((await v.call('GET', backTwo)).headers.location).toMatch(/resultado=duplicate/);
    const token = new URL(two.response.redirectRUL, 'http://x').searchParams.get('token_ws')!;
    expect((await ledgerOf(site, token)).committed_at).toBeNull();
  });
});
