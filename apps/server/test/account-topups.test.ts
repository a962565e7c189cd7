import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { drivers, metricValue, Visitor, type TestSite, bothSites } from './helpers.ts';

describe.each(drivers)('card top-ups through the gateway (%s database)', (driver) => {
  const sites = bothSites(driver);

  const signIn = async (site: TestSite, user: string, secret: string) => {
    const v = await new Visitor(site.app).open();
    expect((await v.login(user, secret)).statusCode).toBe(200);
    return v;
  };
  const balanceOf = async (v: Visitor, phone: string) => (await v.call('GET', `/REST/asset/${phone}/balance`)).json().balance.principal.amount as number;

  /** The customer on the gateway's hosted page: pay with a card or abort; answers the return URL. */
  async function gateway(v: Visitor, redirect: string, body: Record<string, string>) {
    const token = new URL(redirect, 'http://x').searchParams.get('token_ws')!;
    const res = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, body);
    expect(res.statusCode).toBe(303);
    return String(res.headers.location);
  }

  it.each([
    ['cl', '15.432.198-5', '4321', '987654321', 2000],
    ['pe', '912345678', '654321', '912345678', 500],
  ] as const)('%s: an approved card raises the balance once, even when the return is replayed', async (site, user, secret, phone, amount) => {
    const v = await signIn(sites[site], user, secret);
    const before = await balanceOf(v, phone);
    const approvedPayments = () => metricValue(sites[site].app, 'payments_total', { outcome: 'approved', method: 'webPay' });
    const countedBefore = await approvedPayments();
    const body = { amount, idempotencyKey: `topup-${site}-approved-1` };
    const first = (await v.call('POST', `/restpp/asset/${phone}/topups`, body)).json();
    const again = (await v.call('POST', `/restpp/asset/${phone}/topups`, body)).json();
    expect(first.response.redirectRUL).toMatch(/token_ws=/);
    expect(again).toMatchObject({ replayed: true, response: { redirectRUL: first.response.redirectRUL } });
    const back = await gateway(v, first.response.redirectRUL, { card: '4051885600446623', action: 'pay' });
    const done = await v.call('GET', back);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toMatch(/^\/personas\/mientel\/recargas\?resultado=approved&orden=TU/);
    expect(await balanceOf(v, phone)).toBe(before + amount);
    // the browser comes back twice (refresh, late callback): nothing more happens
    expect((await v.call('GET', back)).headers.location).toMatch(/resultado=approved/);
    expect(await balanceOf(v, phone)).toBe(before + amount);
    // the payment metrics count it once too
    expect(await approvedPayments()).toBe(countedBefore + 1);
    const order = new URLSearchParams(String(done.headers.location).split('?')[1]).get('orden');
    expect((await v.call('GET', `/restpp/asset/${phone}/topups/${order}`)).json()).toMatchObject({ status: 'approved', amount: { amount } });
  });

  it('a rejected card or an aborted payment changes nothing', async () => {
    const v = await signIn(sites.cl, '15.432.198-5', '4321');
    const before = await balanceOf(v, '987654321');
    const counted = (outcome: string) => metricValue(sites.cl.app, 'payments_total', { outcome });
    const [rejectedBefore, abortedBefore] = [await counted('rejected'), await counted('aborted')];
    const rejected = (await v.call('POST', '/restpp/asset/987654321/topups', { amount: 5000, idempotencyKey: 'topup-cl-rejected-1' })).json();
    const back = await gateway(v, rejected.response.redirectRUL, { card: '5186059559590568', action: 'pay' });
    expect((await v.call('GET', back)).headers.location).toMatch(/resultado=rejected/);
    const aborted = (await v.call('POST', '/restpp/asset/987654321/topups', { amount: 5000, idempotencyKey: 'topup-cl-aborted-1' })).json();
    const abortBack = await gateway(v, aborted.response.redirectRUL, { action: 'abort' });
    expect((await v.call('GET', abortBack)).headers.location).toMatch(/resultado=aborted/);
    expect(await balanceOf(v, '987654321')).toBe(before);
    expect([await counted('rejected'), await counted('aborted')]).toEqual([rejectedBefore + 1, abortedBefore + 1]);
    expect((await v.call('GET', '/restpp/asset/topups/return?token_ws=unknown-token')).headers.location).toMatch(/resultado=unknown/);
  });

  it("refuses amounts that are not offered and other customers' lines and top-ups", async () => {
    const v = await signIn(sites.cl, '15.432.198-5', '4321');
    const bad = await v.call('POST', '/restpp/asset/987654321/topups', { amount: 1234, idempotencyKey: 'topup-cl-bad-0001' });
    expect(bad.statusCode).toBe(400);
    const started = (await v.call('POST', '/restpp/asset/987654321/topups', { amount: 1000, idempotencyKey: 'topup-cl-own-0001' })).json();
    const order = started.buyOrder;
    const other = await signIn(sites.cl, '12.345.678-5', '1234');
    for (const [method, url, body] of [
      ['POST', '/restpp/asset/987654321/topups', { amount: 1000, idempotencyKey: 'topup-cl-foreign-01' }],
      ['GET', '/restpp/asset/987654321/topups', undefined],
      ['GET', `/restpp/asset/987654321/topups/${order}`, undefined],
      ['GET', `/restpp/asset/912345678/topups/${order}`, undefined],
    ] as const) {
      const res = await other.call(method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(Object.keys(res.json()).sort()).toEqual(['response', 'success']);
    }
  });

  it.each([
    ['cl', '20.961.605-K', '5678', '976543210'],
    ['pe', '934512765', '975310', '934512765'],
  ] as const)('%s: pays the overdue bill of a cut line by card: the bill is paid once and the line is active again', async (site, user, secret, phone) => {
    const market = sites[site];
    const v = await signIn(market, user, secret);
    const redeem = (key: string) => v.call('POST', `/restpp/asset/${phone}/bonuses`, { offerId: 'BONUS_GB_2_7D', idempotencyKey: key });
    const bills = (await v.call('GET', `/restpp/asset/${phone}/bills`)).json().bills;
    const cut = bills.find((b: { status: string }) => b.status === 'cut');
    expect((await v.call('GET', `/REST/asset/${phone}/plan`)).json().status).toBe('cut');
    // the cut line redeems nothing (the screens show no button for it)
    const refused = await redeem(`bonus-cut-${site}-0001`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().response.systemMessage[0].exceptionKey).toBe('account.error.line.cut');
    const started = (await v.call('POST', `/restpp/asset/${phone}/bills/${cut.id}/pay`, { idempotencyKey: `bill-pay-cut-${site}-01` })).json();
    // a double submit with the same key opens no second payment: the same gateway page, one attempt
    const twice = (await v.call('POST', `/restpp/asset/${phone}/bills/${cut.id}/pay`, { idempotencyKey: `bill-pay-cut-${site}-01` })).json();
    expect(twice).toMatchObject({ replayed: true, buyOrder: started.buyOrder, response: { redirectRUL: started.response.redirectRUL } });
    expect(await market.app.db.select().from(schema.topups).where(eq(schema.topups.billId, cut.id))).toHaveLength(1);
    const back = await gateway(v, started.response.redirectRUL, { card: '4051884239937763', action: 'pay' });
    const done = await v.call('GET', back);
    expect(done.headers.location).toMatch(/^\/personas\/mientel\/boleta\?resultado=approved&orden=BP/);
    await v.call('GET', back);
    const after = (await v.call('GET', `/restpp/asset/${phone}/bills`)).json().bills;
    expect(after.find((b: { id: number }) => b.id === cut.id).status).toBe('paid');
    expect((await v.call('GET', `/REST/asset/${phone}/plan`)).json().status).toBe('active');
    // and the line may redeem again
    expect((await redeem(`bonus-cut-${site}-0002`)).statusCode).toBe(200);
    const paid = (await v.call('GET', `/restpp/asset/${phone}/payments`)).json().payments.filter((p: { billId: number | null }) => p.billId === cut.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ kind: 'bill', method: 'debit', amount: cut.amount, reference: started.buyOrder });
    const detail = (await v.call('GET', `/restpp/asset/${phone}/payments/${paid[0].id}`)).json().payment;
    expect(detail).toMatchObject({ billNumber: cut.number, cardLast4: '7763', authorizationCode: expect.stringMatching(/^\d+$/) });
    const again = await v.call('POST', `/restpp/asset/${phone}/bills/${cut.id}/pay`, { idempotencyKey: `bill-pay-cut-${site}-02` });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    ['cl', '15.432.198-5', '4321', '987654321'],
    ['pe', '912345678', '654321', '912345678'],
  ] as const)(
    '%s: a bag paid by card is put on the line once when the gateway approves, and never on a rejected or abandoned payment',
    async (site, user, secret, phone) => {
      const v = await signIn(sites[site], user, secret);
      const before = await balanceOf(v, phone);
      const count = async (offerId: string) =>
        (await v.call('GET', `/REST/asset/${phone}/bag`)).json().bags.filter((b: { offerId: string }) => b.offerId === offerId).length as number;
      const listed = await count('BAG_UNL_7D');
      const buy = (key: string, offerId = 'BAG_UNL_7D') => v.call('POST', `/REST/asset/${phone}/bag`, { offerId, payment: 'card', idempotencyKey: key });

      const first = (await buy(`bag-card-${site}-ok-01`)).json();
      expect(first.response.redirectRUL).toMatch(/^\/sandbox\/webpay\/pay\?token_ws=/);
      expect(first.buyOrder).toMatch(/^BG/);
      expect((await buy(`bag-card-${site}-ok-01`)).json()).toMatchObject({ replayed: true, response: { redirectRUL: first.response.redirectRUL } });
      // nothing is on the line before the gateway answers
      expect(await count('BAG_UNL_7D')).toBe(listed);
      const back = await gateway(v, first.response.redirectRUL, { card: '4051885600446623', action: 'pay' });
      const done = await v.call('GET', back);
      expect(done.headers.location).toBe(`/personas/mientel/bolsas?resultado=approved&orden=${first.buyOrder}`);
      expect(await count('BAG_UNL_7D')).toBe(listed + 1);
      // the gateway's return comes again (refresh, late callback): the bag is not added twice
      expect((await v.call('GET', back)).headers.location).toMatch(/resultado=approved/);
      expect(await count('BAG_UNL_7D')).toBe(listed + 1);
      expect(await balanceOf(v, phone)).toBe(before);
      expect((await v.call('GET', `/restpp/asset/${phone}/topups/${first.buyOrder}`)).json()).toMatchObject({
        purpose: 'bag',
        offerId: 'BAG_UNL_7D',
        status: 'approved',
      });
      const payment = (await v.call('GET', `/restpp/asset/${phone}/payments`))
        .json()
        .payments.find((p: { reference: string | null }) => p.reference === first.buyOrder);
      expect(payment).toMatchObject({ kind: 'bag', method: 'webpay' });
      expect((await v.call('GET', `/restpp/asset/${phone}/payments/${payment.id}`)).json().payment).toMatchObject({
        offerName: 'Internet ilimitado por 7 días',
        cardLast4: '6623',
      });

      const rejected = (await buy(`bag-card-${site}-rej-1`)).json();
      expect((await v.call('GET', await gateway(v, rejected.response.redirectRUL, { card: '5186059559590568', action: 'pay' }))).headers.location).toMatch(
        /^\/personas\/mientel\/bolsas\?resultado=rejected/,
      );
      const abandoned = (await buy(`bag-card-${site}-abort`)).json();
      expect((await v.call('GET', await gateway(v, abandoned.response.redirectRUL, { action: 'abort' }))).headers.location).toMatch(/resultado=aborted/);
      expect(await count('BAG_UNL_7D')).toBe(listed + 1);
      expect(await balanceOf(v, phone)).toBe(before);
      // a subscription cannot be paid by card: the gateway cannot charge the renewals
      const recurring = await buy(`bag-card-${site}-rec-1`, 'BAG_UNL_REC');
      expect(recurring.statusCode).toBe(400);
      expect(recurring.json().response.systemMessage[0].exceptionKey).toBe('account.error.bag.payment');
    },
  );

  it('a gateway that cannot open the payment leaves nothing behind: the same key works again', async () => {
    const v = await signIn(sites.pe, '912345678', '654321');
    const payments = sites.pe.app.adapters.payments;
    const create = payments.create;
    payments.create = async () => {
      throw new Error('gateway unreachable');
    };
    try {
      const failed = await v.call('POST', '/restpp/asset/912345678/topups', { amount: 1000, idempotencyKey: 'topup-pe-down-00001' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().response.systemMessage[0].exceptionKey).toBe('Error.Interface.Integration.ConnectRealService');
    } finally {
      payments.create = create;
    }
    const line = (await sites.pe.app.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, '912345678')))[0]!;
    const rows = await sites.pe.app.db.select().from(schema.topups).where(eq(schema.topups.lineId, line.id));
    expect(rows.filter((r) => r.idempotencyKey === 'topup-pe-down-00001')).toEqual([]);
    const retry = await v.call('POST', '/restpp/asset/912345678/topups', { amount: 1000, idempotencyKey: 'topup-pe-down-00001' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ replayed: false, response: { redirectRUL: expect.stringMatching(/token_ws=/) } });
  });
});
