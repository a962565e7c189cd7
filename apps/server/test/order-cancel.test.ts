import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SiteId } from '@andes/domain/market';
import { sweepOrders } from '../src/modules/cart/order-sweep.service.ts';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const APPROVE = '4051885600446623';

const facts = {
  cl: { store: 'TDA_CL_PROVIDENCIA', document: '76.086.428-5', owner: ['12.345.678-5', '1234'], other: ['15.432.198-5', '4321'], pointsLine: '912345678' },
  pe: { store: 'TDA_PE_MIRAFLORES', document: '12345678', owner: ['987654321', '123456'], other: ['912345678', '654321'], pointsLine: '987654321' },
} as const;

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  return ((await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}
const stockOf = async (site: TestSite) => Number((await rows<{ stock: number }>(site, `select stock from skus where id = '${ACCESSORY}'`))[0].stock);
const orderOf = async (v: Visitor, number: string) => (await v.call('GET', `/restpp/order/status?order=${number}`)).json().order;
const key = (n: number) => `cancel-key-${n}-${Date.now()}`;

/** A signed-in customer of the market (`who`), on their own address. */
async function customer(site: TestSite, siteId: SiteId, who: 'owner' | 'other', address: string) {
  const v = await new Visitor(site.app, address).open();
  const [user, secret] = facts[siteId][who];
  expect((await v.login(user, secret)).statusCode).toBe(200);
  return v;
}

/** `v` buys one accessory for store pickup and pays it with the approving sandbox card (or places it to pay in store, or pays with the owner's points line). */
async function buy(site: TestSite, siteId: SiteId, v: Visitor, how: 'card' | 'payInStore' | 'points' = 'card'): Promise<string> {
  expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }])).statusCode).toBe(200);
  const consignee = { name: 'Ana Pérez', rut: facts[siteId].document, phoneNumber: '912345670' };
  expect((await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'storePickup', storeId: facts[siteId].store, consignee })).statusCode).toBe(
    200,
  );
  const number = (await v.call('GET', '/restpp/order/create')).json().order.number as string;
  if (how === 'payInStore') {
    expect((await v.call('GET', '/restpp/order/updateOrderPaymentFlag?paymentMethod=payInStore')).statusCode).toBe(200);
    expect((await v.call('GET', '/restpp/order/payment?paymentMethod=payInStore')).statusCode).toBe(200);
    return number;
  }
  if (how === 'points') {
    const paid = await v.call('GET', `/restpp/order/payment?paymentMethod=points&phoneNumber=${facts[siteId].pointsLine}`);
    expect(paid.json().url).toBe(`/personas/flujo-compra/compra-exitosa-puntos?order=${number}`);
    return number;
  }
  const url = (await v.call('GET', '/restpp/order/payment')).json().url as string;
  const token = new URL(url, 'http://x').searchParams.get('token_ws')!;
  const back = await site.app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${token}`, payload: { card: APPROVE, action: 'pay' } });
  expect((await v.call('GET', String(back.headers.location))).headers.location).toBe(`/personas/flujo-compra/compra-exitosa?order=${number}`);
  return number;
}

/** Everything a refused cancellation must leave as it was. */
async function snapshot(site: TestSite, number: string) {
  const [order] = await rows<{ status: string }>(site, `select status from orders where number = '${number}'`);
  const attempts = await rows<{ status: string; refunded_at: string | null }>(
    site,
    `select p.status, p.refunded_at from payment_attempts p join orders o on o.id = p.order_id where o.number = '${number}' order by p.id`,
  );
  const reservations = await rows<{ status: string }>(
    site,
    `select r.status from stock_reservations r join orders o on o.id = r.order_id where o.number = '${number}' order by r.id`,
  );
  const ledger = await rows<{ status: string }>(site, `select status from gateway_transactions where buy_order like '${number}-%' order by buy_order`);
  return { order, attempts, reservations, ledger, stock: await stockOf(site) };
}

/** The points line's balance and its points-history entries for `number`'s purchase and its return. */
async function pointsLedger(site: TestSite, siteId: SiteId, number: string) {
  const phone = facts[siteId].pointsLine;
  const [line] = await rows<{ points: number }>(site, `select points from lines where phone_number = '${phone}'`);
  const history = await rows<{ kind: string; points: number; description: string }>(
    site,
    `select h.kind, h.points, h.description from points_history h join lines l on l.id = h.line_id where l.phone_number = '${phone}' and h.description like '%${number}' order by h.id`,
  );
  return { points: Number(line.points), history: history.map((h) => ({ ...h, points: Number(h.points) })) };
}

const notices = async (v: Visitor) => (await v.call('GET', '/restpp/asset/notifications')).json().notifications as Array<{ title: string; body: string }>;

describe.each(drivers)('customer orders and their cancellation (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)('%s: lists only the signed-in customer’s accepted orders; anonymous callers must sign in', async (siteId) => {
    const site = sites[siteId];
    const owner = await customer(site, siteId, 'owner', '203.0.113.60');
    const other = await customer(site, siteId, 'other', '203.0.113.61');
    const mine = await buy(site, siteId, owner);
    const theirs = await buy(site, siteId, other);
    // a draft the cart left behind (never paid or placed) is not an order of the customer's yet
    await owner.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }]);
    const draft = (await owner.call('GET', '/restpp/order/create')).json().order.number as string;
    expect((await owner.call('DELETE', `/restpp/order/${ACCESSORY}`)).statusCode).toBe(200);

    const list = (await owner.call('GET', '/restpp/order/list')).json().orders as Array<{
      number: string;
      status: string;
      totalPrice: number;
      lines: unknown[];
    }>;
    expect(list.map((o) => o.number)).toContain(mine);
    expect(list.map((o) => o.number)).not.toContain(theirs);
    expect(list.map((o) => o.number)).not.toContain(draft);
    expect(list.find((o) => o.number === mine)).toMatchObject({ status: 'paid', lines: [{ quantity: 1, name: expect.any(String) }] });
    expect((await other.call('GET', '/restpp/order/list')).json().orders.map((o: { number: string }) => o.number)).not.toContain(mine);

    const anonymous = await new Visitor(site.app, '203.0.113.62').open();
    const refused = await anonymous.call('GET', '/restpp/order/list');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().response.systemMessage[0].exceptionKey).toBe('required_login');
    // the follow-up page's call refuses another customer's order too
    expect((await other.call('GET', `/restpp/order/status?order=${mine}`)).statusCode).toBe(404);
  });

  it.each(['cl', 'pe'] as const)(
    '%s: cancelling a paid order refunds the card, gives the stock back, tells logistics and the customer, once per key',
    async (siteId) => {
      const site = sites[siteId];
      const owner = await customer(site, siteId, 'owner', '203.0.113.63');
      const number = await buy(site, siteId, owner);
      const stock = await stockOf(site);
      const paid = await orderOf(owner, number);
      expect(paid).toMatchObject({ status: 'paid', cancellable: true, fulfilmentReference: `LOG-${number}` });
      const cancelled = vi.spyOn(site.app.adapters.logistics, 'cancel');

      const k = key(1);
      const [a, b] = await Promise.all([
        owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: k }),
        owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: k }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
      expect(a.json()).toMatchObject({
        number,
        fromStatus: 'paid',
        refund: paid.totalPrice,
        order: { status: 'cancelled', cancellable: false, refundPending: 0 },
      });
      expect(cancelled).toHaveBeenCalledTimes(1);
      expect(cancelled).toHaveBeenCalledWith({ orderNumber: number, reference: `LOG-${number}` });
      cancelled.mockRestore();

      const after = await snapshot(site, number);
      expect(after.order.status).toBe('cancelled');
      expect(after.stock).toBe(stock + 1);
      expect(after.reservations).toEqual([{ status: 'released' }]);
      // refunded once through the gateway; the attempt keeps what paid and when it was given back
      expect(after.ledger).toEqual([{ status: 'NULLIFIED' }]);
      expect(after.attempts).toHaveLength(1);
      expect(after.attempts[0]).toMatchObject({ status: 'authorized', refunded_at: expect.anything() });
      const view = await orderOf(owner, number);
      expect(view.refunds).toEqual([{ amount: paid.totalPrice, refundedAt: expect.any(String), reason: 'cancelled' }]);
      expect(view.history.map((h: { status: string }) => h.status).slice(-2)).toEqual(['paid', 'cancelled']);
      const notice = (await notices(owner)).filter((n) => n.title.includes(number));
      expect(notice).toHaveLength(1);
      expect(notice[0].body).toContain('Devolvemos');

      // the same order again with another key: refused, nothing moves
      const again = await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(2) });
      expect(again.statusCode).toBe(409);
      expect(again.json().response.systemMessage[0].exceptionKey).toBe('pp.error.order.cancel.state');
      expect(await snapshot(site, number)).toEqual(after);
      expect((await sweepOrders(site.app)).refunded).toBe(0);
    },
  );

  it.each(['cl', 'pe'] as const)('%s: an order to pay in store is cancelled with nothing to refund', async (siteId) => {
    const site = sites[siteId];
    const owner = await customer(site, siteId, 'owner', '203.0.113.64');
    const number = await buy(site, siteId, owner, 'payInStore');
    const stock = await stockOf(site);
    expect(await orderOf(owner, number)).toMatchObject({ status: 'placed', cancellable: true });
    const res = await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(3) });
    expect(res.json()).toMatchObject({ success: true, refund: 0, fromStatus: 'placed', order: { status: 'cancelled', refunds: [] } });
    expect(await stockOf(site)).toBe(stock + 1);
    expect((await notices(owner)).find((n) => n.title.includes(number))?.body).toContain('No se hizo ningún cargo');
  });

  it.each(['cl', 'pe'] as const)(
    '%s: cancelling a points purchase gives the points back to their line once, with a points-history entry, and refunds no money',
    async (siteId) => {
      const site = sites[siteId];
      const owner = await customer(site, siteId, 'owner', '203.0.113.70');
      await site.database.db.execute(sql.raw(`update lines set points = 1000000 where phone_number = '${facts[siteId].pointsLine}'`));
      const number = await buy(site, siteId, owner, 'points');
      const stock = await stockOf(site);
      const paid = await orderOf(owner, number);
      expect(paid).toMatchObject({ status: 'paid', paymentKind: 'points', cancellable: true, pointsReturned: 0 });
      const spent = paid.pointsUsed as number;
      expect(spent).toBeGreaterThan(0);
      expect(await pointsLedger(site, siteId, number)).toEqual({
        points: 1000000 - spent,
        history: [{ kind: 'redeemed', points: -spent, description: `Compra ${number}` }],
      });
      const refund = vi.spyOn(site.app.adapters.payments, 'refund');

      const k = key(11);
      const [a, b] = await Promise.all([
        owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: k }),
        owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: k }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
      expect(a.json()).toMatchObject({
        number,
        fromStatus: 'paid',
        refund: 0,
        pointsReturned: spent,
        order: { status: 'cancelled', cancellable: false, refunds: [], refundPending: 0, pointsReturned: spent },
      });
      expect(b.json()).toMatchObject({ pointsReturned: spent });
      // the points come back once, in Spanish in the points history; no money moves through the gateway
      const ledger = await pointsLedger(site, siteId, number);
      expect(ledger).toEqual({
        points: 1000000,
        history: [
          { kind: 'redeemed', points: -spent, description: `Compra ${number}` },
          { kind: 'returned', points: spent, description: `Devolución por cancelar el pedido ${number}` },
        ],
      });
      expect(refund).not.toHaveBeenCalled();
      refund.mockRestore();
      expect(await stockOf(site)).toBe(stock + 1);
      // the points pages show the entry, and the redeemed total no longer counts what came back
      const pointsPage = (await owner.call('GET', `/restpp/asset/${facts[siteId].pointsLine}/points`)).json();
      expect(pointsPage.history.filter((h: { description: string }) => h.description.endsWith(number)).map((h: { kind: string }) => h.kind)).toEqual([
        'returned',
        'redeemed',
      ]);
      const notice = (await notices(owner)).filter((n) => n.title.includes(number));
      expect(notice).toHaveLength(1);
      expect(notice[0].body).toContain(`Te devolvimos ${spent} puntos a tu línea ${facts[siteId].pointsLine}`);

      // another key on the cancelled order: refused, the points stay as they are
      const again = await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(12) });
      expect(again.statusCode).toBe(409);
      expect(await pointsLedger(site, siteId, number)).toEqual(ledger);
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a points purchase past cancelling, or cancelled by someone else or with logistics down, keeps its points spent',
    async (siteId) => {
      const site = sites[siteId];
      const owner = await customer(site, siteId, 'owner', '203.0.113.71');
      const other = await customer(site, siteId, 'other', '203.0.113.72');
      await site.database.db.execute(sql.raw(`update lines set points = 1000000 where phone_number = '${facts[siteId].pointsLine}'`));
      const number = await buy(site, siteId, owner, 'points');
      const before = { order: await snapshot(site, number), points: await pointsLedger(site, siteId, number) };

      expect((await other.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(13) })).statusCode).toBe(404);
      const down = vi.spyOn(site.app.adapters.logistics, 'cancel').mockRejectedValueOnce(new Error('warehouse down'));
      expect((await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(14) })).statusCode).toBe(502);
      down.mockRestore();
      expect({ order: await snapshot(site, number), points: await pointsLedger(site, siteId, number) }).toEqual(before);

      for (const step of ['preparing', 'ready_for_pickup']) {
        expect((await site.app.inject({ method: 'POST', url: '/sandbox/logistics/advance', payload: { order: number } })).json().status).toBe(step);
      }
      const late = await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(15) });
      expect(late.statusCode).toBe(409);
      expect(late.json().response.systemMessage[0].exceptionKey).toBe('pp.error.order.cancel.state');
      expect(await pointsLedger(site, siteId, number)).toEqual(before.points);
      expect(await orderOf(owner, number)).toMatchObject({ status: 'ready_for_pickup', pointsReturned: 0 });
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: refuses an order past cancelling, another customer’s order, no page token and a failing logistics system, changing nothing',
    async (siteId) => {
      const site = sites[siteId];
      const owner = await customer(site, siteId, 'owner', '203.0.113.65');
      const other = await customer(site, siteId, 'other', '203.0.113.66');
      const number = await buy(site, siteId, owner);
      const before = await snapshot(site, number);

      const stranger = await other.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(4) });
      expect(stranger.statusCode).toBe(404);
      const anonymous = await (
        await new Visitor(site.app, '203.0.113.67').open()
      ).call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(5) });
      expect(anonymous.statusCode).toBe(404);
      const noToken = await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(6) }, { token: null });
      expect(noToken.statusCode).toBe(403);
      const badKey = await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: 'x' });
      expect(badKey.statusCode).toBe(400);

      const down = vi.spyOn(site.app.adapters.logistics, 'cancel').mockRejectedValueOnce(new Error('warehouse down'));
      const failed = await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(7) });
      down.mockRestore();
      expect(failed.statusCode).toBe(502);
      expect(failed.json().response.systemMessage[0].exceptionKey).toBe('Error.Interface.Integration.ConnectRealService');
      expect(await snapshot(site, number)).toEqual(before);

      // it leaves the warehouse: too late, in Spanish, nothing changed
      for (const step of ['preparing', 'ready_for_pickup']) {
        expect((await site.app.inject({ method: 'POST', url: '/sandbox/logistics/advance', payload: { order: number } })).json().status).toBe(step);
      }
      const ready = await snapshot(site, number);
      expect((await orderOf(owner, number)).cancellable).toBe(false);
      const late = await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(8) });
      expect(late.statusCode).toBe(409);
      expect(late.json().response.systemMessage[0]).toMatchObject({
        exceptionKey: 'pp.error.order.cancel.state',
        messages: [expect.stringContaining('ya no se puede cancelar')],
      });
      expect(await snapshot(site, number)).toEqual(ready);
      expect(ready.order.status).toBe('ready_for_pickup');
    },
  );

  it('a refund the gateway refuses at first is recorded as pending and given back by the order sweep', async () => {
    const site = sites.cl;
    const owner = await customer(site, 'cl', 'owner', '203.0.113.68');
    const number = await buy(site, 'cl', owner);
    // preparing: the warehouse picked it, it has not left yet
    expect((await site.app.inject({ method: 'POST', url: '/sandbox/logistics/advance', payload: { order: number } })).json().status).toBe('preparing');
    const refund = vi.spyOn(site.app.adapters.payments, 'refund').mockRejectedValueOnce(new Error('gateway down'));
    const res = await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(9) });
    refund.mockRestore();
    expect(res.json()).toMatchObject({ success: true, fromStatus: 'preparing', order: { status: 'cancelled', refunds: [] } });
    expect(res.json().order.refundPending).toBeGreaterThan(0);
    expect((await sweepOrders(site.app)).refunded).toBe(1);
    expect(await orderOf(owner, number)).toMatchObject({ refundPending: 0, refunds: [{ reason: 'cancelled' }] });
    expect((await snapshot(site, number)).ledger).toEqual([{ status: 'NULLIFIED' }]);
    expect((await sweepOrders(site.app)).refunded).toBe(0);
  });

  it('an order cancelled while the logistics system was taking it is cancelled there too', async () => {
    const site = sites.pe;
    const owner = await customer(site, 'pe', 'owner', '203.0.113.69');
    const number = await buy(site, 'pe', owner);
    // its hand-over failed; the sweep hands it over again and the customer cancels meanwhile
    await site.database.db.execute(sql.raw(`update orders set fulfilment_reference = null where number = '${number}'`));
    const logistics = site.app.adapters.logistics;
    const submit = logistics.submit.bind(logistics);
    const handing = vi.spyOn(logistics, 'submit').mockImplementationOnce(async (request) => {
      expect((await owner.call('POST', '/restpp/order/cancel', { order: number, idempotencyKey: key(10) })).json()).toMatchObject({
        success: true,
        order: { status: 'cancelled' },
      });
      return submit(request);
    });
    const cancelled = vi.spyOn(logistics, 'cancel');
    expect((await sweepOrders(site.app)).handedOver).toBe(0);
    expect(cancelled.mock.calls).toEqual([[{ orderNumber: number, reference: null }], [{ orderNumber: number, reference: `LOG-${number}` }]]);
    handing.mockRestore();
    cancelled.mockRestore();
    expect(await orderOf(owner, number)).toMatchObject({ status: 'cancelled', fulfilmentReference: null });
  });
});
