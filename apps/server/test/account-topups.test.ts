import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

describe.each(drivers)('card top-ups through the gateway (%s database)', (driver) => {
  let cl: TestSite;
  let pe: TestSite;
  beforeAll(async () => {
    [cl, pe] = await Promise.all([startTestSite('cl', driver), startTestSite('pe', driver)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([cl?.close(), pe?.close()]);
  });

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
    const v = await signIn(site === 'cl' ? cl : pe, user, secret);
    const before = await balanceOf(v, phone);
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
    const order = new URLSearchParams(String(done.headers.location).split('?')[1]).get('orden');
    expect((await v.call('GET', `/restpp/asset/${phone}/topups/${order}`)).json()).toMatchObject({ status: 'approved', amount: { amount } });
  });

  it('a rejected card or an aborted payment changes nothing', async () => {
    const v = await signIn(cl, '15.432.198-5', '4321');
    const before = await balanceOf(v, '987654321');
    const rejected = (await v.call('POST', '/restpp/asset/987654321/topups', { amount: 5000, idempotencyKey: 'topup-cl-rejected-1' })).json();
    const back = await gateway(v, rejected.response.redirectRUL, { card: '5186059559590568', action: 'pay' });
    expect((await v.call('GET', back)).headers.location).toMatch(/resultado=rejected/);
    const aborted = (await v.call('POST', '/restpp/asset/987654321/topups', { amount: 5000, idempotencyKey: 'topup-cl-aborted-1' })).json();
    const abortBack = await gateway(v, aborted.response.redirectRUL, { action: 'abort' });
    expect((await v.call('GET', abortBack)).headers.location).toMatch(/resultado=aborted/);
    expect(await balanceOf(v, '987654321')).toBe(before);
    expect((await v.call('GET', '/restpp/asset/topups/return?token_ws=unknown-token')).headers.location).toMatch(/resultado=unknown/);
  });

  it('refuses amounts that are not offered and other customers\' lines and top-ups', async () => {
    const v = await signIn(cl, '15.432.198-5', '4321');
    const bad = await v.call('POST', '/restpp/asset/987654321/topups', { amount: 1234, idempotencyKey: 'topup-cl-bad-0001' });
    expect(bad.statusCode).toBe(400);
    const started = (await v.call('POST', '/restpp/asset/987654321/topups', { amount: 1000, idempotencyKey: 'topup-cl-own-0001' })).json();
    const order = started.buyOrder;
    const other = await signIn(cl, '12.345.678-5', '1234');
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

  it('pays the overdue bill of a cut line by card: the bill is paid once and the line is active again', async () => {
    const v = await signIn(cl, '20.961.605-K', '5678');
    const bills = (await v.call('GET', '/restpp/asset/976543210/bills')).json().bills;
    const cut = bills.find((b: { status: string }) => b.status === 'cut');
    expect((await v.call('GET', '/REST/asset/976543210/plan')).json().status).toBe('cut');
    const started = (await v.call('POST', `/restpp/asset/976543210/bills/${cut.id}/pay`, { idempotencyKey: 'bill-pay-cut-00001' })).json();
    const back = await gateway(v, started.response.redirectRUL, { card: '4051884239937763', action: 'pay' });
    const done = await v.call('GET', back);
    expect(done.headers.location).toMatch(/^\/personas\/mientel\/boleta\?resultado=approved&orden=BP/);
    await v.call('GET', back);
    const after = (await v.call('GET', '/restpp/asset/976543210/bills')).json().bills;
    expect(after.find((b: { id: number }) => b.id === cut.id).status).toBe('paid');
    expect((await v.call('GET', '/REST/asset/976543210/plan')).json().status).toBe('active');
    const paid = (await v.call('GET', '/restpp/asset/976543210/payments')).json().payments.filter((p: { billId: number | null }) => p.billId === cut.id);
    expect(paid).toHaveLength(1);
    const again = await v.call('POST', `/restpp/asset/976543210/bills/${cut.id}/pay`, { idempotencyKey: 'bill-pay-cut-00002' });
    expect(again.statusCode).toBe(409);
  });
});
