import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getMarket, type SiteId } from '@andes/domain/market';
import { formatCount } from '@andes/domain/money';
import { MARKET_PAYMENTS } from '@andes/domain/payment-methods';
import { expireStaleOrders } from '../src/modules/cart/order.service.ts';
import { sandboxLogisticsSignature } from '../src/adapters/logistics/sandbox.ts';
import { requireSecret } from '../src/secrets.ts';
import { drivers, Visitor, type TestSite, bothSites, metricValue } from './helpers.ts';

const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const APPROVE = '4051885600446623';

const facts = {
  cl: {
    guest: { name: 'Ana Pérez', document: '76.086.428-5', email: 'ana@example.com', phoneNumber: '912345670' },
    store: 'TDA_CL_PROVIDENCIA',
    customer: ['12.345.678-5', '1234'],
    pointsLine: '912345678',
    place: { region: '13', commune: '13123' },
  },
  pe: {
    guest: { name: 'Ana Pérez', document: '12345678', email: 'ana@example.com', phoneNumber: '912345670' },
    store: 'TDA_PE_MIRAFLORES',
    customer: ['987654321', '123456'],
    pointsLine: '987654321',
    place: { region: '15', province: '1501', commune: '150122' },
  },
} as const;

const consignee = (site: SiteId) => ({ name: 'Ana Pérez', rut: facts[site].guest.document, phoneNumber: '912345670' });

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  return ((await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}
const stockOf = async (site: TestSite, sku: string) => Number((await rows<{ stock: number }>(site, `select stock from skus where id = '${sku}'`))[0].stock);
const pointsOf = async (site: TestSite, phone: string) =>
  Number((await rows<{ points: number }>(site, `select points from lines where phone_number = '${phone}'`))[0].points);

/** A buyer (guest or `v` already signed in) with one accessory, delivery or pickup chosen, and an order. */
async function withOrder(site: TestSite, siteId: SiteId, delivery: 'delivery' | 'storePickup', v?: Visitor, address = '203.0.113.40') {
  const visitor = v ?? (await new Visitor(site.app, address).open());
  expect((await visitor.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }])).statusCode).toBe(200);
  if (!v) expect((await visitor.call('PUT', '/restpp/order/customer/info', facts[siteId].guest)).statusCode).toBe(200);
  if (delivery === 'delivery') {
    const saved = await visitor.call('POST', '/restpp/order/delivery/address', {
      ...facts[siteId].place,
      streetName: 'Av. Central',
      addressNumber: '100',
      detailsAddressNumber: '',
    });
    expect(saved.statusCode).toBe(200);
    await visitor.call('POST', '/restpp/order/shipping/method', { deliveryType: 'delivery', addressId: saved.json().address.id, consignee: consignee(siteId) });
  } else {
    await visitor.call('POST', '/restpp/order/shipping/method', { deliveryType: 'storePickup', storeId: facts[siteId].store, consignee: consignee(siteId) });
  }
  const created = await visitor.call('GET', '/restpp/order/create');
  expect(created.statusCode).toBe(200);
  return { v: visitor, number: created.json().order.number as string };
}

/** Expires what earlier tests left open, so stock counts below see only this test's orders. */
const settleLeftovers = (site: TestSite) => expireStaleOrders(site.app, new Date(Date.now() + 31 * 60_000));

/** Places the order with a method that holds stock unpaid: reCAPTCHA passed (guests), method confirmed, then pay. */
async function placeUnpaid(v: Visitor, method: string) {
  expect((await v.call('POST', '/restpp/order/verifyRecaptcha', { token: 'sandbox-ok' })).statusCode).toBe(200);
  expect((await v.call('GET', `/restpp/order/updateOrderPaymentFlag?paymentMethod=${method}`)).json()).toMatchObject({
    success: true,
    paymentFlag: true,
    paymentMethod: method,
  });
  return v.call('GET', `/restpp/order/payment?paymentMethod=${method}`);
}

const orderOf = async (v: Visitor, number: string) => (await v.call('GET', `/restpp/order/status?order=${number}`)).json().order;

/** The sandbox logistics system performs the order's next step; or posts one notification signed with the site's key. */
const advance = (site: TestSite, order: string) => site.app.inject({ method: 'POST', url: '/sandbox/logistics/advance', payload: { order } });
const notifyStep = (site: TestSite, reference: string, orderNumber: string, step: string) =>
  site.app.inject({
    method: 'POST',
    url: '/restpp/order/fulfilment/notify',
    headers: {
      'x-logistics-signature': sandboxLogisticsSignature(requireSecret(site.app.config.secrets, 'LOGISTICS_NOTIFY_KEY'), reference, orderNumber, step),
    },
    payload: { reference, orderNumber, step },
  });

describe.each(drivers)('checkout payment methods (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)('%s: lists the methods the market and the checkout allow, webPay first', async (siteId) => {
    const { v } = await withOrder(sites[siteId], siteId, 'storePickup');
    const po = (await v.call('GET', '/restpp/order/payment/po')).json();
    expect(po.defaultPaymentMethod).toBe('webPay');
    expect(po.paymentMethods.map((m: { id: string }) => m.id)).toEqual(MARKET_PAYMENTS[siteId].methods);
    expect(po.paymentMethods.some((m: { id: string }) => m.id === 'onepay')).toBe(siteId === 'cl');
    const by = (id: string) => po.paymentMethods.find((m: { id: string }) => m.id === id);
    expect(by('payInStore')).toMatchObject({ code: 'PT', available: true });
    expect(by('cashOnDelivery')).toMatchObject({ code: 'CE', available: false, reason: 'deliveryType' });
    expect(by('points')).toMatchObject({ available: false, reason: 'signedIn' });
    // a method the checkout does not allow is refused and changes nothing
    const refused = await v.call('GET', '/restpp/order/payment?paymentMethod=cashOnDelivery');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().validationError.paymentMethod).toEqual([expect.stringContaining('no está disponible')]);
    expect(po.order.status).toBe('created');
    expect((await v.call('GET', '/restpp/order/payment?paymentMethod=tarjetaX')).statusCode).toBe(400);
  });

  it.each(['cl', 'pe'] as const)(
    '%s: cash on delivery (CE) places the order, fulfils it with its stock held, collects the money on delivery, then delivers',
    async (siteId) => {
      const site = sites[siteId];
      await settleLeftovers(site);
      const stock = await stockOf(site, ACCESSORY);
      const { v, number } = await withOrder(site, siteId, 'delivery', undefined, '203.0.113.41');
      expect(await stockOf(site, ACCESSORY)).toBe(stock - 1);
      // a guest's order that holds stock unpaid needs the reCAPTCHA passed, then the method confirmed
      const bot = await v.call('GET', '/restpp/order/payment?paymentMethod=cashOnDelivery');
      expect(bot.statusCode).toBe(403);
      expect(bot.json().response.systemMessage[0].exceptionKey).toBe('pp.error.recaptcha.required');
      expect((await v.call('POST', '/restpp/order/verifyRecaptcha', { token: 'a-bot' })).json().response.systemMessage[0].exceptionKey).toBe(
        'pp.error.recaptcha',
      );
      expect((await v.call('POST', '/restpp/order/verifyRecaptcha', { token: 'sandbox-down' })).statusCode).toBe(502);
      expect((await v.call('POST', '/restpp/order/verifyRecaptcha', { token: 'sandbox-ok' })).json()).toMatchObject({ success: true, verified: true });
      const unconfirmed = await v.call('GET', '/restpp/order/payment?paymentMethod=cashOnDelivery');
      expect(unconfirmed.statusCode).toBe(409);
      expect(unconfirmed.json().response.systemMessage[0].exceptionKey).toBe('pp.error.payment.confirm');
      // confirming another method does not count for this one; a method the checkout refuses cannot be confirmed
      expect((await v.call('GET', '/restpp/order/updateOrderPaymentFlag?paymentMethod=payInStore')).statusCode).toBe(400);
      expect((await v.call('GET', '/restpp/order/updateOrderPaymentFlag?paymentMethod=webPay')).statusCode).toBe(200);
      expect((await v.call('GET', '/restpp/order/payment?paymentMethod=cashOnDelivery')).statusCode).toBe(409);
      expect(await stockOf(site, ACCESSORY)).toBe(stock - 1);
      const res = (await placeUnpaid(v, 'cashOnDelivery')).json();
      expect(res.url).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
      const placed = await orderOf(v, number);
      // placed and handed to the logistics system at once, with no expiry while it is being fulfilled
      expect(placed).toMatchObject({
        status: 'placed',
        paymentMethod: 'cashOnDelivery',
        paymentCode: 'CE',
        paymentKind: 'offline',
        expiresAt: null,
        paidAt: null,
        fulfilmentReference: `LOG-${number}`,
      });
      expect(placed.path).toEqual(['created', 'placed', 'preparing', 'shipped', 'payment_collected', 'delivered']);
      expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
      await expireStaleOrders(site.app, new Date(Date.now() + (MARKET_PAYMENTS[siteId].offlineExpiryHours + 1) * 3_600_000));
      expect((await orderOf(v, number)).status).toBe('placed');
      expect(await stockOf(site, ACCESSORY)).toBe(stock - 1);

      expect((await advance(site, number)).json()).toMatchObject({ status: 'preparing', applied: true });
      expect((await advance(site, number)).json()).toMatchObject({ status: 'shipped', applied: true });
      // at the door the window to pay starts; the goods are never handed over before the money
      const shipped = await orderOf(v, number);
      const hours = (new Date(shipped.expiresAt).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(MARKET_PAYMENTS[siteId].offlineExpiryHours - 0.1);
      expect(hours).toBeLessThanOrEqual(MARKET_PAYMENTS[siteId].offlineExpiryHours);
      expect((await notifyStep(site, shipped.fulfilmentReference, number, 'deliver')).statusCode).toBe(409);
      expect((await orderOf(v, number)).status).toBe('shipped');

      expect((await advance(site, number)).json()).toMatchObject({ status: 'payment_collected', applied: true });
      // the courier's notice repeats: one collection, one payment
      expect((await notifyStep(site, shipped.fulfilmentReference, number, 'collect_payment')).json()).toMatchObject({
        status: 'payment_collected',
        applied: false,
      });
      const collected = await orderOf(v, number);
      expect(collected).toMatchObject({ status: 'payment_collected', expiresAt: null, paidAt: expect.any(String) });
      const charges = await rows<{ status: string; amount: number; method: string }>(
        site,
        `select p.status, p.amount, p.method from payment_attempts p join orders o on o.id = p.order_id where o.number = '${number}'`,
      );
      expect(charges.map((c) => [c.status, Number(c.amount), c.method])).toEqual([['authorized', collected.totalPrice, 'cashOnDelivery']]);
      const held = await rows<{ status: string }>(
        site,
        `select r.status from stock_reservations r join orders o on o.id = r.order_id where o.number = '${number}'`,
      );
      expect(held.map((r) => r.status)).toEqual(['committed']);
      // a lapse of the window can no longer cancel it
      await expireStaleOrders(site.app, new Date(Date.now() + (MARKET_PAYMENTS[siteId].offlineExpiryHours + 1) * 3_600_000));
      expect((await advance(site, number)).json()).toMatchObject({ status: 'delivered', applied: true });
      expect((await advance(site, number)).statusCode).toBe(409);
      const delivered = await orderOf(v, number);
      expect(delivered.history.map((h: { status: string }) => h.status)).toEqual(delivered.path);
      expect(await stockOf(site, ACCESSORY)).toBe(stock - 1);
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: in-store payment (PT): a pickup order not paid and picked up within the market window is cancelled and its stock released',
    async (siteId) => {
      const site = sites[siteId];
      await settleLeftovers(site);
      const stock = await stockOf(site, ACCESSORY);
      const { v, number } = await withOrder(site, siteId, 'storePickup', undefined, '203.0.113.42');
      const res = (await placeUnpaid(v, 'payInStore')).json();
      expect(res.success).toBe(true);
      expect(await orderOf(v, number)).toMatchObject({ status: 'placed', paymentCode: 'PT', deliveryType: 'storePickup' });
      // placed once: a second click finds no open order
      expect((await v.call('GET', '/restpp/order/payment?paymentMethod=payInStore')).statusCode).toBe(409);
      expect((await advance(site, number)).json().status).toBe('preparing');
      expect((await advance(site, number)).json().status).toBe('ready_for_pickup');
      const window = MARKET_PAYMENTS[siteId].offlineExpiryHours;
      await expireStaleOrders(site.app, new Date(Date.now() + (window - 1) * 3_600_000));
      expect((await orderOf(v, number)).status).toBe('ready_for_pickup');
      expect(await stockOf(site, ACCESSORY)).toBe(stock - 1);
      expect(await expireStaleOrders(site.app, new Date(Date.now() + (window + 1) * 3_600_000))).toBeGreaterThanOrEqual(1);
      const cancelled = await orderOf(v, number);
      expect(cancelled).toMatchObject({ status: 'cancelled', paidAt: null, payment: null });
      expect(cancelled.history.map((h: { status: string }) => h.status)).toEqual(['created', 'placed', 'preparing', 'ready_for_pickup', 'cancelled']);
      expect(await stockOf(site, ACCESSORY)).toBe(stock);
      // the store's late "paid" notice finds the order cancelled: refused, stock not taken twice
      expect((await notifyStep(site, cancelled.fulfilmentReference, number, 'collect_payment')).statusCode).toBe(409);
      expect((await advance(site, number)).statusCode).toBe(409);
      expect(await stockOf(site, ACCESSORY)).toBe(stock);
    },
  );

  it.each(['cl', 'pe'] as const)('%s: online methods go through the gateway (create, hosted page, return, commit)', async (siteId) => {
    const site = sites[siteId];
    const { v, number } = await withOrder(site, siteId, 'storePickup', undefined, '203.0.113.43');
    // Chile's bank transfer goes through Transbank's gateway; Peru's online method is the card
    const method = siteId === 'cl' ? 'bankAccount' : 'webPay';
    const approved = () => metricValue(site.app, 'payments_total', { outcome: 'approved', method });
    const approvedBefore = await approved();
    const start = (await v.call('GET', `/restpp/order/payment?paymentMethod=${method}`)).json();
    const token = new URL(start.url, 'http://x').searchParams.get('token_ws')!;
    const back = await site.app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${token}`, payload: { card: APPROVE, action: 'pay' } });
    const done = await v.call('GET', String(back.headers.location));
    expect(done.headers.location).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
    expect(await orderOf(v, number)).toMatchObject({ status: 'paid', paymentMethod: method, paymentCode: 'PP' });
    // the return again changes nothing, and is not counted again
    await v.call('GET', String(back.headers.location));
    expect(await approved()).toBe(approvedBefore + 1);
  });

  it.each(['cl', 'pe'] as const)('%s: points pay in one transaction and never go below zero', async (siteId) => {
    const site = sites[siteId];
    const v = await new Visitor(site.app, '203.0.113.44').open();
    const [user, secret] = facts[siteId].customer;
    expect((await v.login(user, secret)).statusCode).toBe(200);
    const phone = facts[siteId].pointsLine;
    const { number } = await withOrder(site, siteId, 'storePickup', v);
    const total = (await orderOf(v, number)).totalPrice as number;
    const stock = await stockOf(site, ACCESSORY);
    await site.database.db.execute(sql.raw(`update lines set points = ${total - 1} where phone_number = '${phone}'`));
    await site.database.db.execute(sql.raw(`update lines set points = 0 where phone_number <> '${phone}'`));

    const short = await v.call('GET', `/restpp/order/payment?paymentMethod=points&phoneNumber=${phone}`);
    expect(short.statusCode).toBe(409);
    expect(short.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'pp.error.payment.points.short' });
    expect(short.json().response.systemMessage[0].messages[0]).toContain(`necesita ${formatCount(total, getMarket(siteId).currency)}`);
    expect(await pointsOf(site, phone)).toBe(total - 1);
    expect(await orderOf(v, number)).toMatchObject({ status: 'created', paymentMethod: null });
    expect(await stockOf(site, ACCESSORY)).toBe(stock);
    expect((await v.call('GET', '/restpp/order/payment/po')).json().paymentMethods.find((m: { id: string }) => m.id === 'points')).toMatchObject({
      available: false,
      reason: 'points',
    });
    // someone else's line cannot pay
    expect((await v.call('GET', '/restpp/order/payment?paymentMethod=points&phoneNumber=900000001')).statusCode).toBe(404);

    await site.database.db.execute(sql.raw(`update lines set points = ${total + 500} where phone_number = '${phone}'`));
    const paid = (await v.call('GET', '/restpp/order/payment?paymentMethod=points')).json();
    expect(paid.url).toBe(`/personas/flujo-compra/compra-exitosa-puntos?order=${number}`);
    expect(await pointsOf(site, phone)).toBe(500);
    expect(await orderOf(v, number)).toMatchObject({ status: 'paid', paymentMethod: 'points', pointsUsed: total });
    const history = await rows<{ points: number }>(
      site,
      `select h.points from points_history h join lines l on l.id = h.line_id where l.phone_number = '${phone}' and h.description = 'Compra ${number}'`,
    );
    expect(history.map((h) => Number(h.points))).toEqual([-total]);
    expect(await stockOf(site, ACCESSORY)).toBe(stock);
    expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
    expect((await v.call('GET', '/restpp/order/payment?paymentMethod=points')).statusCode).toBe(409);
    expect(await pointsOf(site, phone)).toBe(500);
  });

  it.each(['cl', 'pe'] as const)('%s: an approval that arrives after the order expired is refunded, never fulfilled', async (siteId) => {
    const site = sites[siteId];
    await settleLeftovers(site);
    const stock = await stockOf(site, ACCESSORY);
    const { v, number } = await withOrder(site, siteId, 'storePickup', undefined, '203.0.113.45');
    const start = (await v.call('GET', '/restpp/order/payment')).json();
    await expireStaleOrders(site.app, new Date(Date.now() + 31 * 60_000));
    expect((await orderOf(v, number)).status).toBe('expired');
    expect(await stockOf(site, ACCESSORY)).toBe(stock);

    const token = new URL(start.url, 'http://x').searchParams.get('token_ws')!;
    const counted = async () => ({
      refunded: await metricValue(site.app, 'payments_total', { outcome: 'refunded' }),
      approved: await metricValue(site.app, 'payments_total', { outcome: 'approved' }),
    });
    const before = await counted();
    const back = String(
      (await site.app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${token}`, payload: { card: APPROVE, action: 'pay' } })).headers.location,
    );
    const late = `/personas/flujo-compra/detalle-pago?error=pp.error.payment.late&order=${number}`;
    expect((await v.call('GET', back)).headers.location).toBe(late);
    expect((await v.call('GET', back)).headers.location).toBe(late);
    expect(await counted()).toEqual({ refunded: before.refunded + 1, approved: before.approved });
    const order = await orderOf(v, number);
    expect(order).toMatchObject({ status: 'expired', payment: null, refunds: [{ amount: order.totalPrice }] });
    expect((await rows<{ status: string }>(site, `select status from gateway_transactions where token = '${token}'`))[0].status).toBe('NULLIFIED');
    const attempts = await rows<{ status: string }>(
      site,
      `select p.status from payment_attempts p join orders o on o.id = p.order_id where o.number = '${number}'`,
    );
    expect(attempts.map((a) => a.status)).toEqual(['refunded']);
    expect(await stockOf(site, ACCESSORY)).toBe(stock);
  });

  it('pe: a cash code (CIP) waits for the agent payment; the signed notice pays once, a forged one is refused', async () => {
    const site = sites.pe;
    await settleLeftovers(site);
    const stock = await stockOf(site, ACCESSORY);
    const { v, number } = await withOrder(site, 'pe', 'storePickup', undefined, '203.0.113.46');
    const res = (await placeUnpaid(v, 'cashCode')).json();
    expect(res.url).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
    const order = await orderOf(v, number);
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      paymentMethod: 'cashCode',
      paymentKind: 'cashCode',
      cashCode: expect.stringMatching(/^\d{12}$/),
    });
    expect(Math.round((new Date(order.expiresAt).getTime() - Date.now()) / 3_600_000)).toBe(MARKET_PAYMENTS.pe.cashCodeExpiryHours);
    expect(await stockOf(site, ACCESSORY)).toBe(stock - 1);

    const forged = await site.app.inject({
      method: 'POST',
      url: '/restpp/order/payment/notify',
      headers: { 'x-pagoefectivo-signature': 'f'.repeat(64) },
      payload: { cip: order.cashCode, status: 'PAID', amount: order.totalPrice },
    });
    expect(forged.statusCode).toBe(401);
    expect((await orderOf(v, number)).status).toBe('awaiting_payment');

    const agent = `/sandbox/pagoefectivo/pay?cip=${order.cashCode}`;
    expect((await site.app.inject({ method: 'GET', url: agent })).body).toContain(order.cashCode);
    expect((await site.app.inject({ method: 'POST', url: agent })).statusCode).toBe(200);
    expect(await orderOf(v, number)).toMatchObject({ status: 'paid', paymentMethod: 'cashCode', cashCode: null });
    // the provider repeats its callback: nothing changes
    expect((await site.app.inject({ method: 'POST', url: agent })).statusCode).toBe(200);
    const charges = await rows<{ status: string }>(
      site,
      `select p.status from payment_attempts p join orders o on o.id = p.order_id where o.number = '${number}'`,
    );
    expect(charges.map((c) => c.status)).toEqual(['authorized']);
    expect(await stockOf(site, ACCESSORY)).toBe(stock - 1);
  });

  it('pe: a cash code paid after its order expired is refunded', async () => {
    const site = sites.pe;
    const { v, number } = await withOrder(site, 'pe', 'storePickup', undefined, '203.0.113.47');
    expect((await placeUnpaid(v, 'cashCode')).statusCode).toBe(200);
    const { cashCode } = await orderOf(v, number);
    await site.database.db.execute(sql.raw(`update orders set expires_at = now() - interval '1 minute' where number = '${number}'`));
    await expireStaleOrders(site.app);
    // the agent still takes the money (its own clock says the code is valid)
    await site.database.db.execute(sql.raw(`update gateway_transactions set expires_at = now() + interval '1 hour' where token = '${cashCode}'`));
    expect((await site.app.inject({ method: 'POST', url: `/sandbox/pagoefectivo/pay?cip=${cashCode}` })).statusCode).toBe(200);
    expect(await orderOf(v, number)).toMatchObject({ status: 'expired', refunds: [{ amount: expect.any(Number) }] });
    expect((await rows<{ status: string }>(site, `select status from gateway_transactions where token = '${cashCode}'`))[0].status).toBe('NULLIFIED');
  });

  it('cl: the cash code is Peruvian only', async () => {
    const { v } = await withOrder(sites.cl, 'cl', 'storePickup', undefined, '203.0.113.48');
    expect((await v.call('GET', '/restpp/order/payment?paymentMethod=cashCode')).statusCode).toBe(400);
  });
});
