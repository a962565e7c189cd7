import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { bothSites, drivers, Visitor, type TestSite } from './helpers.ts';

/** Prepaid demo customers (their lines may top up, buy bags and move to a plan). */
const prepaid = {
  cl: { user: '15.432.198-5', secret: '4321', phone: '987654321', topup: 2000, bag: 'BAG_1GB_7D' },
  pe: { user: '912345678', secret: '654321', phone: '912345678', topup: 500, bag: 'BAG_500MB_1D' },
} as const;

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  return ((await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/** `n` submits of one form at once, as a customer double-clicking (or a flaky network retrying) sends them. */
async function burst(n: number, submit: () => Promise<LightMyRequestResponse>) {
  const answers = await Promise.all(Array.from({ length: n }, submit));
  expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
  const bodies = answers.map((a) => a.json());
  // the first outcome once, every repeat the same outcome marked as a replay
  expect(bodies.filter((b) => b.replayed === false)).toHaveLength(1);
  expect(bodies.filter((b) => b.replayed === true)).toHaveLength(n - 1);
  return bodies;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(drivers)('one money action per idempotency key, however many submits arrive at once (%s database)', (driver) => {
  const sites = bothSites(driver);
  const signIn = async (site: 'cl' | 'pe') => {
    const v = await new Visitor(sites[site].app).open();
    expect((await v.login(prepaid[site].user, prepaid[site].secret)).statusCode).toBe(200);
    return v;
  };

  describe.each([10, 40])('%i at once', (n) => {
    it.each(['cl', 'pe'] as const)('%s: a card top-up answers one gateway payment, the repeats replay it', async (site) => {
      const v = await signIn(site);
      const { phone, topup } = prepaid[site];
      const key = `topup-${site}-burst-${n}`;
      const bodies = await burst(n, () => v.call('POST', `/restpp/asset/${phone}/topups`, { amount: topup, idempotencyKey: key }));
      expect(new Set(bodies.map((b) => b.buyOrder)).size).toBe(1);
      expect(new Set(bodies.map((b) => b.response.redirectRUL)).size).toBe(1);
      const opened = await rows<{ n: number }>(sites[site], `select count(*)::int as n from gateway_transactions where buy_order = '${bodies[0].buyOrder}'`);
      expect(opened[0].n).toBe(1);
      expect((await rows<{ n: number }>(sites[site], `select count(*)::int as n from topups where idempotency_key = '${key}'`))[0].n).toBe(1);
    });

    it.each(['cl', 'pe'] as const)(
      '%s: when the gateway cannot open the first top-up, the repeats waiting for it answer that failure and the key can be used again',
      async (site) => {
        const v = await signIn(site);
        const { phone, topup } = prepaid[site];
        const body = { amount: topup, idempotencyKey: `topup-${site}-down-${n}` };
        const create = vi.spyOn(sites[site].app.adapters.payments, 'create').mockImplementationOnce(async () => {
          await pause(1_000);
          throw new Error('gateway down');
        });
        const answers = await Promise.all(Array.from({ length: n }, () => v.call('POST', `/restpp/asset/${phone}/topups`, body)));
        create.mockRestore();
        const failed = answers.filter((a) => a.statusCode === 502);
        expect(failed.map((a) => a.json().response.systemMessage[0].exceptionKey)).toEqual(failed.map(() => 'Error.Interface.Integration.ConnectRealService'));
        // a repeat arriving only after the first gave up starts the payment afresh (a failure changes nothing); the rest replay it
        const opened = answers.filter((a) => a.statusCode === 200).map((a) => a.json());
        expect(failed.length + opened.length).toBe(n);
        expect(failed.length).toBeGreaterThan(1);
        expect(opened.filter((b) => !b.replayed).length).toBe(opened.length ? 1 : 0);
        expect(new Set(opened.map((b) => b.response.redirectRUL)).size).toBeLessThanOrEqual(1);
        const retry = await v.call('POST', `/restpp/asset/${phone}/topups`, body);
        expect(retry.json()).toMatchObject({ success: true, replayed: opened.length > 0, response: { redirectRUL: expect.stringContaining('token_ws=') } });
      },
    );

    it.each(['cl', 'pe'] as const)('%s: a bag by card answers one gateway payment, the repeats replay it', async (site) => {
      const v = await signIn(site);
      const { phone, bag } = prepaid[site];
      const bodies = await burst(n, () =>
        v.call('POST', `/REST/asset/${phone}/bag`, { offerId: bag, payment: 'card', idempotencyKey: `bag-card-${site}-burst-${n}` }),
      );
      expect(new Set(bodies.map((b) => b.response.redirectRUL)).size).toBe(1);
    });

    it.each(['cl', 'pe'] as const)('%s: a bag from the balance is paid once, the repeats replay the purchase', async (site) => {
      const v = await signIn(site);
      const { phone, bag } = prepaid[site];
      const balance = async () => (await v.call('GET', `/REST/asset/${phone}/balance`)).json().balance.principal.amount as number;
      await sites[site].database.db.execute(sql.raw(`update lines set balance = 1000000 where phone_number = '${phone}'`));
      const bodies = await burst(n, () =>
        v.call('POST', `/REST/asset/${phone}/bag`, { offerId: bag, payment: 'balance', idempotencyKey: `bag-balance-${site}-burst-${n}` }),
      );
      expect(new Set(bodies.map((b) => b.bagId)).size).toBe(1);
      const price = (await v.call('GET', '/restpp/asset/bags/offers')).json().offers.find((o: { id: string }) => o.id === bag).price;
      expect(await balance()).toBe(1000000 - price);
    });

    it.each(['cl', 'pe'] as const)('%s: a move to a plan answers one gateway payment, the repeats replay it', async (site) => {
      const v = await signIn(site);
      const bodies = await burst(n, () =>
        v.call('POST', `/restpp/asset/${prepaid[site].phone}/migration`, { planId: 'PO_PLAN_LIBRE_30', idempotencyKey: `mig-${site}-burst-${n}` }),
      );
      expect(new Set(bodies.map((b) => b.response.redirectRUL)).size).toBe(1);
      const opened = await rows<{ n: number }>(sites[site], `select count(*)::int as n from gateway_transactions where buy_order = '${bodies[0].buyOrder}'`);
      expect(opened[0].n).toBe(1);
    });
  });
});
