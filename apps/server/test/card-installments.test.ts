import { describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { getMarket } from '@andes/domain/market';
import { installmentChoices } from '@andes/domain/card-installments';
import { promisedDay } from '@andes/domain/delivery-promise';
import { sweepOrders } from '../src/modules/cart/order-sweep.service.ts';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';
import { planOrder } from './plan-journey.ts';

const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const CREDIT = '4051885600446623';
const DEBIT = '4051884239937763';
/** The installments the accessory's price block advertises: the sku's own in Chile (12 under $300.000), 18 in Peru. */
const ADVERTISED = { cl: 12, pe: 18 } as const;

const guestFor = (site: SiteId, email: string) =>
  site === 'cl'
    ? { name: 'Ana Pérez', document: '76.086.428-5', email, phoneNumber: '912345670' }
    : { name: 'Ana Pérez', document: '12345678', email, phoneNumber: '912345670' };
const storeFor = (site: SiteId) => (site === 'cl' ? 'TDA_CL_PROVIDENCIA' : 'TDA_PE_MIRAFLORES');

/** A guest with an open order for one accessory to pick up at a store. */
async function accessoryOrder(site: TestSite, siteId: SiteId, email: string) {
  const v = await new Visitor(site.app, '203.0.113.95').open();
  expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }])).statusCode).toBe(200);
  expect((await v.call('PUT', '/restpp/order/customer/info', guestFor(siteId, email))).statusCode).toBe(200);
  const consignee = { name: 'Ana Pérez', rut: guestFor(siteId, email).document, phoneNumber: '912345670' };
  expect((await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'storePickup', storeId: storeFor(siteId), consignee })).statusCode).toBe(200);
  const order = (await v.call('GET', '/restpp/order/create')).json().order as { number: string; totalPrice: number };
  return { v, ...order };
}

/** The gateway's page as the buyer sees it, then the card paid there: answers the page and where the return sends the browser. */
async function payAt(site: TestSite, v: Visitor, url: string, card: string): Promise<{ page: string; back: string }> {
  const token = new URL(url, 'http://x').searchParams.get('token_ws')!;
  const page = await site.app.inject({ method: 'GET', url: `/sandbox/webpay/pay?token_ws=${token}` });
  const res = await site.app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, payload: { card, action: 'pay' } });
  const back = await v.call('GET', String(res.headers.location).replace(/^https?:\/\/[^/]+/, ''));
  return { page: page.body, back: String(back.headers.location) };
}

async function emailsTo(site: TestSite, email: string) {
  return site.database.db
    .select()
    .from(schema.outbox)
    .where(and(eq(schema.outbox.recipient, email), eq(schema.outbox.channel, 'email')));
}

describe.each(drivers)('card installments, the payment facts and the confirmation e-mail (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)(
    '%s: the advertised installments can be chosen, travel to the gateway, and are what the success page and the e-mail show',
    async (siteId) => {
      const site = sites[siteId];
      const email = `cuotas-${siteId}@example.com`;
      const { v, number, totalPrice } = await accessoryOrder(site, siteId, email);
      const po = (await v.call('GET', '/restpp/order/payment/po')).json();
      expect(po.installmentPlans).toEqual(installmentChoices(totalPrice, ADVERTISED[siteId]));
      expect(po.installmentPlans.at(-1).count).toBe(ADVERTISED[siteId]);
      for (const plan of po.installmentPlans) expect(plan.amount * (plan.count - 1) + plan.last).toBe(totalPrice);
      expect(po.paymentMethods.find((m: { id: string }) => m.id === 'webPay').installments).toBe(true);

      const chosen = po.installmentPlans.find((p: { count: number }) => p.count === 6);
      const start = (await v.call('GET', '/restpp/order/payment?paymentMethod=webPay&installments=6')).json();
      const { back, page } = await payAt(site, v, start.url, CREDIT);
      expect(back).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
      // the gateway's page says what it will charge, and its ledger records it
      expect(page).toContain('6 cuotas sin interés');
      const [ledger] = await site.database.db
        .select()
        .from(schema.gatewayTransactions)
        .where(eq(schema.gatewayTransactions.buyOrder, `${number}-1`));
      expect(ledger).toMatchObject({ amount: totalPrice, installmentsNumber: 6, installmentsAmount: chosen.amount, paymentType: 'NC', status: 'AUTHORIZED' });

      const order = (await v.call('GET', `/restpp/order/status?order=${number}`)).json().order;
      expect(order.payment).toMatchObject({
        cardLast4: '6623',
        authorizationCode: expect.stringMatching(/^\d{6}$/),
        paidAt: expect.any(String),
        installments: { count: 6, amount: chosen.amount, last: chosen.last, totalCost: totalPrice },
      });
      expect(order.promisedFor).toBe(promisedDay(getMarket(siteId), 'storePickup', new Date(order.paidAt)));
      expect(order.confirmationEmail).toBe(email);

      const [mail] = await emailsTo(site, email);
      expect(mail!.subject).toContain(number);
      expect(mail!.body).toContain(order.payment.authorizationCode);
      expect(mail!.body).toContain('terminada en 6623');
      expect(mail!.body).toContain('6 cuotas sin interés');
      if (siteId === 'cl') expect(mail!.body).toMatch(/Costo total \$[\d.]+, CAE 0%/);
      expect(mail!.body).toContain(`/checkout/confirmacion-orden?order=${number}`);
      // the return again, and the sweep, send nothing more
      await v.call('GET', `/restpp/order/payment/return?token_ws=${new URL(start.url, 'http://x').searchParams.get('token_ws')}`);
      await sweepOrders(site.app);
      expect(await emailsTo(site, email)).toHaveLength(1);
    },
  );

  it.each(['cl', 'pe'] as const)('%s: installments not offered are refused and change nothing', async (siteId) => {
    const site = sites[siteId];
    const { v, number } = await accessoryOrder(site, siteId, `rechazo-${siteId}@example.com`);
    const attempts = async () =>
      (await site.database.db.execute(
        sql.raw(`select count(*)::int as n from payment_attempts p join orders o on o.id = p.order_id where o.number = '${number}'`),
      )) as unknown as {
        rows: Array<{ n: number }>;
      };
    for (const query of [
      'paymentMethod=webPay&installments=5',
      `paymentMethod=webPay&installments=${ADVERTISED[siteId] + 6}`,
      'paymentMethod=webPay&installments=tres',
      `paymentMethod=${siteId === 'cl' ? 'onepay' : 'cashCode'}&installments=3`,
    ]) {
      const res = await v.call('GET', `/restpp/order/payment?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().validationError.installments, query).toEqual([expect.stringContaining('cuotas')]);
    }
    expect((await attempts()).rows[0]!.n).toBe(0);
    expect((await v.call('GET', `/restpp/order/status?order=${number}`)).json().order.status).toBe('created');

    // plans alone are no purchase in installments
    const plan = await planOrder(site, siteId, 'PO_PLAN_LIBRE_30', 0);
    expect((await plan.v.call('GET', '/restpp/order/payment/po')).json().installmentPlans).toEqual([]);
    expect((await plan.v.call('GET', '/restpp/order/payment?paymentMethod=webPay&installments=3')).statusCode).toBe(400);
  });

  it.each(['cl', 'pe'] as const)('%s: a debit card is charged in one payment, and the success page says so', async (siteId) => {
    const site = sites[siteId];
    const { v, number } = await accessoryOrder(site, siteId, `debito-${siteId}@example.com`);
    const start = (await v.call('GET', '/restpp/order/payment?paymentMethod=webPay&installments=3')).json();
    expect((await payAt(site, v, start.url, DEBIT)).back).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
    expect((await v.call('GET', `/restpp/order/status?order=${number}`)).json().order.payment).toMatchObject({
      cardLast4: '7763',
      paymentType: 'VD',
      installments: null,
    });
  });

  it('a confirmation e-mail that could not be sent is sent by the order sweep, once', async () => {
    const site = sites.cl;
    const email = 'reintento@example.com';
    const { v, number } = await accessoryOrder(site, 'cl', email);
    const send = vi.spyOn(site.app.adapters.email, 'send').mockRejectedValueOnce(new Error('mail relay down'));
    try {
      const start = (await v.call('GET', '/restpp/order/payment')).json();
      expect((await payAt(site, v, start.url, CREDIT)).back).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
      expect(await emailsTo(site, email)).toHaveLength(0);
      expect((await v.call('GET', `/restpp/order/status?order=${number}`)).json().order.confirmationEmail).toBeNull();
      expect((await sweepOrders(site.app)).confirmed).toBeGreaterThanOrEqual(1);
      await sweepOrders(site.app);
      expect(await emailsTo(site, email)).toHaveLength(1);
      expect((await v.call('GET', `/restpp/order/status?order=${number}`)).json().order.confirmationEmail).toBe(email);
    } finally {
      send.mockRestore();
    }
  });
});
