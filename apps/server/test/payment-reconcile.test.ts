import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SiteId } from '@andes/domain/market';
import { COMMIT_GRACE_MS } from '../src/adapters/payments/recover.ts';
import { expireStaleOrders } from '../src/modules/cart/order.service.ts';
import { sweepOrders } from '../src/modules/cart/order-sweep.service.ts';
import { bothSites, drivers, Visitor, type TestSite } from './helpers.ts';

const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const APPROVE = '4051885600446623';

const guest = {
  cl: { name: 'Ana Pérez', document: '76.086.428-5', email: 'ana@example.com', phoneNumber: '912345670' },
  pe: { name: 'Ana Pérez', document: '12345678', email: 'ana@example.com', phoneNumber: '912345670' },
} as const;
const store = { cl: 'TDA_CL_PROVIDENCIA', pe: 'TDA_PE_MIRAFLORES' } as const;
/** Prepaid demo customers: their lines top up by card and may move to a plan. */
const prepaid = {
  cl: { user: '15.432.198-5', secret: '4321', phone: '987654321', topup: 2000 },
  pe: { user: '912345678', secret: '654321', phone: '912345678', topup: 500 },
} as const;

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  return ((await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}
const stockOf = async (site: TestSite) => Number((await rows<{ stock: number }>(site, `select stock from skus where id = '${ACCESSORY}'`))[0].stock);

/** A guest's order for one accessory picked up at a store. */
async function order(site: TestSite, siteId: SiteId, address: string) {
  const v = await new Visitor(site.app, address).open();
  expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }])).statusCode).toBe(200);
  expect((await v.call('PUT', '/restpp/order/customer/info', guest[siteId])).statusCode).toBe(200);
  const consignee = { name: 'Ana Pérez', rut: guest[siteId].document, phoneNumber: '912345670' };
  expect((await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'storePickup', storeId: store[siteId], consignee })).statusCode).toBe(200);
  const created = await v.call('GET', '/restpp/order/create');
  expect(created.statusCode).toBe(200);
  return { v, number: created.json().order.number as string };
}

/** Pays the order's card attempt on the gateway's page and answers the return address. */
async function payAtGateway(app: FastifyInstance, v: Visitor): Promise<string> {
  const { url } = (await v.call('GET', '/restpp/order/payment')).json();
  const token = new URL(url, 'http://x').searchParams.get('token_ws')!;
  const res = await app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${token}`, payload: { card: APPROVE, action: 'pay' } });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

/**
 * The return reaches the shop, and the process handling it dies at `when`: after the gateway's commit
 * (money taken, nothing recorded) or before the commit left the shop.
 */
async function returnAndDie(site: TestSite, v: Visitor, back: string, when: 'after commit' | 'before commit') {
  const payments = site.app.adapters.payments;
  const commit = payments.commit;
  vi.spyOn(payments, 'commit').mockImplementationOnce(async (token) => {
    if (when === 'after commit') await commit(token);
    throw new Error('the process was killed');
  });
  const res = await v.call('GET', back);
  expect(res.statusCode).toBe(303);
  // whether the money was taken is not known yet: the customer waits on a page that checks again
  expect(String(res.headers.location)).toMatch(/^\/personas\/flujo-compra\/confirmando-pago\?order=.+$/);
  vi.restoreAllMocks();
}

/** The gateway's hosted page: the customer pays with the approving card; answers the return address. */
async function cardPage(app: FastifyInstance, redirect: string): Promise<string> {
  const token = new URL(redirect, 'http://x').searchParams.get('token_ws')!;
  const res = await app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${token}`, payload: { card: APPROVE, action: 'pay' } });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

/** The return reaches the shop and its process dies right after the gateway's commit. */
async function killedAfterCommit(site: TestSite, giveReturn: () => Promise<LightMyRequestResponse>) {
  const payments = site.app.adapters.payments;
  const commit = payments.commit;
  vi.spyOn(payments, 'commit').mockImplementationOnce(async (token) => {
    await commit(token);
    throw new Error('the process was killed');
  });
  expect((await giveReturn()).statusCode).toBe(500);
  vi.restoreAllMocks();
}

const orderOf = async (v: Visitor, number: string) => (await v.call('GET', `/restpp/order/status?order=${number}`)).json().order;
const ledgerOf = (site: TestSite, number: string) =>
  rows<{ status: string; committed: boolean }>(
    site,
    `select status, committed_at is not null as committed from gateway_transactions where buy_order like '${number}-%' order by created_at`,
  );
const attemptsOf = (site: TestSite, number: string) =>
  rows<{ status: string }>(site, `select p.status from payment_attempts p join orders o on o.id = p.order_id where o.number = '${number}' order by p.id`);
/** After the time a return may take: what a sweep sees once the process handling the return is gone. */
const afterGrace = () => new Date(Date.now() + COMMIT_GRACE_MS + 1_000);

describe.each(drivers)('payments the gateway committed and the shop never recorded (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)(
    '%s: killed between the gateway commit and the order update, the next process pays and fulfils the order once',
    async (siteId) => {
      const site = sites[siteId];
      await sweepOrders(site.app, afterGrace());
      const stock = await stockOf(site);
      const { v, number } = await order(site, siteId, '203.0.113.61');
      await returnAndDie(site, v, await payAtGateway(site.app, v), 'after commit');
      // the money is taken, the order still waits for it
      expect(await ledgerOf(site, number)).toEqual([{ status: 'AUTHORIZED', committed: true }]);
      expect((await orderOf(v, number)).status).toBe('awaiting_payment');

      const restarted = await site.restart();
      const handOver = vi.spyOn(restarted.adapters.logistics, 'submit');
      // a return still in progress elsewhere is left to finish on its own
      expect((await sweepOrders(restarted)).reconciled).toBe(0);
      expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(1);
      expect(await orderOf(v, number)).toMatchObject({ status: 'paid', fulfilmentReference: `LOG-${number}`, payment: { cardLast4: '6623' }, refunds: [] });
      expect(await attemptsOf(site, number)).toEqual([{ status: 'authorized' }]);
      expect(await stockOf(site)).toBe(stock - 1);
      // once: a second sweep, or the customer's browser returning again, changes nothing
      expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(0);
      expect(handOver).toHaveBeenCalledTimes(1);
      expect(await ledgerOf(site, number)).toEqual([{ status: 'AUTHORIZED', committed: true }]);
    },
  );

  it.each(['cl', 'pe'] as const)('%s: killed after the gateway commit while the order expired meanwhile, the next process refunds it once', async (siteId) => {
    const site = sites[siteId];
    await sweepOrders(site.app, afterGrace());
    const stock = await stockOf(site);
    const { v, number } = await order(site, siteId, '203.0.113.62');
    await returnAndDie(site, v, await payAtGateway(site.app, v), 'after commit');
    // another buyer's order creation expires it before any sweep runs
    const late = new Date(Date.now() + 31 * 60_000);
    expect(await expireStaleOrders(site.app, late)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(site)).toBe(stock);

    const restarted = await site.restart();
    expect((await sweepOrders(restarted, late)).reconciled).toBe(1);
    const after = await orderOf(v, number);
    expect(after).toMatchObject({ status: 'expired', fulfilmentReference: null, refunds: [{ amount: after.totalPrice, reason: 'late' }] });
    expect(await attemptsOf(site, number)).toEqual([{ status: 'refunded' }]);
    expect(await ledgerOf(site, number)).toEqual([{ status: 'NULLIFIED', committed: true }]);
    const refund = vi.spyOn(restarted.adapters.payments, 'refund');
    expect((await sweepOrders(restarted, late)).reconciled).toBe(0);
    expect(refund).not.toHaveBeenCalled();
    expect(await stockOf(site)).toBe(stock);
  });

  it.each(['cl', 'pe'] as const)(
    '%s: a return asking again about an attempt already given up, killed after the gateway approved it, is refunded once by the next process, never fulfilled',
    async (siteId) => {
      const site = sites[siteId];
      await sweepOrders(site.app, afterGrace());
      const { v, number } = await order(site, siteId, '203.0.113.66');
      const back = await payAtGateway(site.app, v);
      // settled on our side without the gateway hearing of it (decision 008), then paid there
      await site.database.db.execute(sql.raw(`update payment_attempts set status = 'failed' where buy_order = '${number}-1'`));
      await returnAndDie(site, v, back, 'after commit');
      expect(await ledgerOf(site, number)).toEqual([{ status: 'AUTHORIZED', committed: true }]);
      expect(await attemptsOf(site, number)).toEqual([{ status: 'failed' }]);

      const restarted = await site.restart();
      const handOver = vi.spyOn(restarted.adapters.logistics, 'submit');
      expect((await sweepOrders(restarted)).reconciled).toBe(0);
      expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(1);
      const after = await orderOf(v, number);
      expect(after).toMatchObject({
        status: 'awaiting_payment',
        payment: null,
        fulfilmentReference: null,
        refunds: [{ amount: after.totalPrice, reason: 'late' }],
      });
      expect(await attemptsOf(site, number)).toEqual([{ status: 'refunded' }]);
      expect(await ledgerOf(site, number)).toEqual([{ status: 'NULLIFIED', committed: true }]);
      expect(handOver).not.toHaveBeenCalled();
      const status = vi.spyOn(restarted.adapters.payments, 'status');
      expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(0);
      expect(status).not.toHaveBeenCalled();
      vi.restoreAllMocks();
    },
  );

  it.each(['cl', 'pe'] as const)('%s: a return asking again about an attempt the gateway refused leaves the order sweep nothing to do', async (siteId) => {
    const site = sites[siteId];
    await sweepOrders(site.app, afterGrace());
    const { v, number } = await order(site, siteId, '203.0.113.67');
    const { url } = (await v.call('GET', '/restpp/order/payment')).json();
    const token = new URL(url, 'http://x').searchParams.get('token_ws')!;
    const abort = await site.app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${token}`, payload: { action: 'abort' } });
    const back = String(abort.headers.location);
    expect((await v.call('GET', back)).headers.location).toContain('pp.error.payment.aborted');
    // the browser brings the abort again: the gateway is asked again and answers the same
    expect((await v.call('GET', back)).headers.location).toContain('pp.error.payment.aborted');
    expect(await attemptsOf(site, number)).toEqual([{ status: 'aborted' }]);
    const status = vi.spyOn(site.app.adapters.payments, 'status');
    expect((await sweepOrders(site.app, afterGrace())).reconciled).toBe(0);
    expect(status).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it.each(['cl', 'pe'] as const)('%s: killed before the commit left the shop, the next process commits it and pays the order', async (siteId) => {
    const site = sites[siteId];
    await sweepOrders(site.app, afterGrace());
    const { v, number } = await order(site, siteId, '203.0.113.63');
    await returnAndDie(site, v, await payAtGateway(site.app, v), 'before commit');
    expect(await ledgerOf(site, number)).toEqual([{ status: 'AUTHORIZED', committed: false }]);

    const restarted = await site.restart();
    expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(1);
    expect(await orderOf(v, number)).toMatchObject({ status: 'paid', fulfilmentReference: `LOG-${number}` });
    expect(await ledgerOf(site, number)).toEqual([{ status: 'AUTHORIZED', committed: true }]);
  });

  it.each(['cl', 'pe'] as const)('%s: two processes sweeping at once settle the payment once', async (siteId) => {
    const site = sites[siteId];
    await sweepOrders(site.app, afterGrace());
    const { v, number } = await order(site, siteId, '203.0.113.64');
    await returnAndDie(site, v, await payAtGateway(site.app, v), 'after commit');

    const [a, b] = [await site.restart(), await site.restart()];
    const when = afterGrace();
    const done = await Promise.all([sweepOrders(a, when), sweepOrders(b, when)]);
    expect(done[0].reconciled + done[1].reconciled).toBe(1);
    expect(await orderOf(v, number)).toMatchObject({ status: 'paid', fulfilmentReference: `LOG-${number}`, refunds: [] });
    expect(await attemptsOf(site, number)).toEqual([{ status: 'authorized' }]);
    expect(await ledgerOf(site, number)).toEqual([{ status: 'AUTHORIZED', committed: true }]);
  });

  it.each(['cl', 'pe'] as const)(
    '%s: a card top-up killed between the gateway commit and the balance credit is credited once by the next process',
    async (siteId) => {
      const site = sites[siteId];
      const { user, secret, phone, topup } = prepaid[siteId];
      const v = await new Visitor(site.app).open();
      expect((await v.login(user, secret)).statusCode).toBe(200);
      const balance = async () => (await v.call('GET', `/REST/asset/${phone}/balance`)).json().balance.principal.amount as number;
      const before = await balance();
      const started = (await v.call('POST', `/restpp/asset/${phone}/topups`, { amount: topup, idempotencyKey: `topup-${siteId}-killed-1` })).json();
      const back = await cardPage(site.app, started.response.redirectRUL);
      await killedAfterCommit(site, () => v.call('GET', back));
      expect(await balance()).toBe(before);

      const restarted = await site.restart();
      expect((await sweepOrders(restarted)).reconciled).toBe(0);
      expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(1);
      expect(await balance()).toBe(before + topup);
      expect((await v.call('GET', `/restpp/asset/${phone}/topups/${started.buyOrder}`)).json()).toMatchObject({ status: 'approved' });
      // the browser comes back late, and the sweep runs again: credited once
      expect((await v.call('GET', back)).headers.location).toMatch(/resultado=approved/);
      expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(0);
      expect(await balance()).toBe(before + topup);
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a move to a plan killed between the gateway commit and the line change is finished once by the next process; a refund the gateway did not take is given back later',
    async (siteId) => {
      const site = sites[siteId];
      const { user, secret, phone } = prepaid[siteId];
      const v = await new Visitor(site.app).open();
      expect((await v.login(user, secret)).statusCode).toBe(200);
      const kind = async () => (await v.call('GET', `/REST/asset/${phone}/plan`)).json().kind as string;
      const start = async (key: string) =>
        (await v.call('POST', `/restpp/asset/${phone}/migration`, { planId: 'PO_PLAN_LIBRE_30', idempotencyKey: key })).json();
      // two tabs start before either pays
      const [first, second] = [await start(`mig-${siteId}-killed-1`), await start(`mig-${siteId}-killed-2`)];
      const firstBack = await cardPage(site.app, first.response.redirectRUL);
      await killedAfterCommit(site, () => v.call('GET', firstBack));
      expect(await kind()).toBe('prepaid');

      const restarted = await site.restart();
      expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(1);
      expect(await kind()).not.toBe('prepaid');
      expect((await v.call('GET', `/restpp/asset/${phone}/migration/${first.buyOrder}`)).json()).toMatchObject({ state: 'approved' });

      // the second tab's payment comes back for a line already moved: refunded, but the gateway is away
      vi.spyOn(restarted.adapters.payments, 'refund').mockRejectedValueOnce(new Error('gateway down'));
      const secondBack = await cardPage(restarted, second.response.redirectRUL);
      expect((await restarted.inject({ method: 'GET', url: secondBack })).headers.location).toMatch(/resultado=refunded/);
      const refundOf = async () =>
        (await rows<{ status: string }>(site, `select status from gateway_transactions where buy_order = '${second.buyOrder}'`))[0].status;
      expect(await refundOf()).toBe('AUTHORIZED');
      expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(1);
      expect(await refundOf()).toBe('NULLIFIED');
      expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(0);
      vi.restoreAllMocks();
    },
  );

  it('pe: a cash code paid at an agent whose notification never got through pays its order instead of expiring it', async () => {
    const site = sites.pe;
    await sweepOrders(site.app, afterGrace());
    const { v, number } = await order(site, 'pe', '203.0.113.65');
    expect((await v.call('POST', '/restpp/order/verifyRecaptcha', { token: 'sandbox-ok' })).statusCode).toBe(200);
    expect((await v.call('GET', '/restpp/order/updateOrderPaymentFlag?paymentMethod=cashCode')).statusCode).toBe(200);
    expect((await v.call('GET', '/restpp/order/payment?paymentMethod=cashCode')).statusCode).toBe(200);
    const { cashCode, expiresAt } = await orderOf(v, number);
    // the shop dies handling the provider's notification
    vi.spyOn(site.app.adapters.payments, 'readPaidNotification').mockImplementationOnce(() => {
      throw new Error('the process was killed');
    });
    expect((await site.app.inject({ method: 'POST', url: `/sandbox/pagoefectivo/pay?cip=${cashCode}` })).statusCode).toBe(200);
    vi.restoreAllMocks();
    expect((await orderOf(v, number)).status).toBe('awaiting_payment');

    const restarted = await site.restart();
    // while the code is valid the provider's repeated notification is awaited; at its end the gateway is asked
    expect((await sweepOrders(restarted, afterGrace())).reconciled).toBe(0);
    const expired = new Date(new Date(expiresAt).getTime() + 1_000);
    expect(await sweepOrders(restarted, expired)).toMatchObject({ reconciled: 1 });
    expect(await orderOf(v, number)).toMatchObject({ status: 'paid', fulfilmentReference: `LOG-${number}`, refunds: [] });
    expect((await sweepOrders(restarted, expired)).reconciled).toBe(0);
  });
});
