import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestSite, type TestSite } from './helpers.ts';

describe.each(drivers)('sandbox payment gateway (%s database)', (driver) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('cl', driver);
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });

  const pay = async (token: string, body: Record<string, string>) =>
    site.app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${token}`, payload: body });

  it('approves the approving card and commits once', async () => {
    const { token, url } = await site.app.adapters.payments.create({ buyOrder: 'O-1', sessionId: 's1', amount: 21990, returnUrl: '/retorno' });
    const pageRes = await site.app.inject({ method: 'GET', url: `${url}?token_ws=${token}` });
    expect(pageRes.body).toContain('$21.990');
    const res = await pay(token, { card: '4051 8856 0044 6623', action: 'pay' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/retorno?token_ws=${token}`);
    const first = await site.app.adapters.payments.commit(token);
    expect(first).toMatchObject({ status: 'AUTHORIZED', responseCode: 0, amount: 21990, cardLast4: '6623', alreadyCommitted: false });
    const again = await site.app.adapters.payments.commit(token);
    expect(again).toMatchObject({ status: 'AUTHORIZED', alreadyCommitted: true });
    expect((await pay(token, { card: '5186059559590568' })).headers.location).toBe(`/retorno?token_ws=${token}`);
    expect((await site.app.adapters.payments.commit(token)).status).toBe('AUTHORIZED');
  });

  it('rejects the rejecting card, aborts on request, and refuses unknown cards and tokens', async () => {
    const rejected = await site.app.adapters.payments.create({ buyOrder: 'O-2', sessionId: 's1', amount: 990, returnUrl: '/retorno?x=1' });
    expect((await pay(rejected.token, { card: '5186059559590568' })).headers.location).toBe(`/retorno?x=1&token_ws=${rejected.token}`);
    expect(await site.app.adapters.payments.commit(rejected.token)).toMatchObject({ status: 'FAILED', responseCode: -1 });

    const aborted = await site.app.adapters.payments.create({ buyOrder: 'O-3', sessionId: 's9', amount: 990, returnUrl: '/retorno' });
    expect((await pay(aborted.token, { card: '1234123412341234' })).statusCode).toBe(422);
    const abort = await pay(aborted.token, { action: 'abort' });
    expect(abort.headers.location).toBe(`/retorno?TBK_TOKEN=${aborted.token}&TBK_ORDEN_COMPRA=O-3&TBK_ID_SESION=s9`);
    expect((await site.app.adapters.payments.commit(aborted.token)).status).toBe('ABORTED');

    expect((await pay('f'.repeat(48), { card: '4051885600446623' })).statusCode).toBe(400);
    await expect(site.app.adapters.payments.commit('nope')).rejects.toMatchObject({ key: 'pp.error.payment.token' });
  });

  it('fails a transaction the customer never paid', async () => {
    const idle = await site.app.adapters.payments.create({ buyOrder: 'O-4', sessionId: 's1', amount: 990, returnUrl: '/retorno' });
    expect(await site.app.adapters.payments.commit(idle.token)).toMatchObject({ status: 'FAILED', alreadyCommitted: false });
  });
});
