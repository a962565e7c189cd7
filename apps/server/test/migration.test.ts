import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, metricValue, startTestSite, Visitor, type TestSite, bothSites } from './helpers.ts';

/** Demo customers per market: the prepaid one migrates; the postpaid one is "another customer". */
const people = {
  cl: { prepaid: { user: '15.432.198-5', secret: '4321', phone: '987654321' }, other: { user: '12.345.678-5', secret: '1234', phone: '912345678' } },
  pe: { prepaid: { user: '912345678', secret: '654321', phone: '912345678' }, other: { user: '987654321', secret: '123456', phone: '987654321' } },
} as const;

const APPROVE = '4051885600446623';
const REJECT = '5186059559590568';

describe.each(drivers)('prepaid to plan migration (%s database)', (driver) => {
  const sites = bothSites(driver);

  const signIn = async (site: 'cl' | 'pe', who: 'prepaid' | 'other') => {
    const v = await new Visitor(sites[site].app).open();
    expect((await v.login(people[site][who].user, people[site][who].secret)).statusCode).toBe(200);
    return v;
  };
  const planOf = async (v: Visitor, phone: string) =>
    (await v.call('GET', `/REST/asset/${phone}/plan`)).json() as { kind: string; plan: { id: string } | null };

  /** The customer on the gateway's hosted page; answers the return address. */
  async function gateway(v: Visitor, redirect: string, body: Record<string, string>) {
    const token = new URL(redirect, 'http://x').searchParams.get('token_ws')!;
    const res = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, body);
    expect(res.statusCode).toBe(303);
    return String(res.headers.location);
  }

  async function start(v: Visitor, phone: string, planId: string, key: string) {
    const res = await v.call('POST', `/restpp/asset/${phone}/migration`, { planId, idempotencyKey: key });
    expect(res.statusCode).toBe(200);
    return res.json() as { buyOrder: string; replayed: boolean; response: { redirectRUL: string } };
  }

  it.each(['cl', 'pe'] as const)('%s: offers Libres and Controlado plans with the first month to pay', async (site) => {
    const v = await signIn(site, 'prepaid');
    const offer = (await v.call('GET', `/restpp/asset/${people[site].prepaid.phone}/migration/plans`)).json();
    expect(offer.blocker).toBeNull();
    expect(offer.line).toMatchObject({ kind: 'prepaid', status: 'active' });
    const groups = new Set(offer.plans.map((p: { customerGroup: string }) => p.customerGroup));
    expect([...groups].sort()).toEqual(['hybridPlans', 'postpaidPlans']);
    const libre30 = offer.plans.find((p: { id: string }) => p.id === 'PO_PLAN_LIBRE_30');
    expect(libre30.charge.amount).toBe(libre30.commercePrice);
  });

  it.each(['cl', 'pe'] as const)('%s: a rejected card and an abort change nothing; an approved card changes the plan once', async (site) => {
    const phone = people[site].prepaid.phone;
    const v = await signIn(site, 'prepaid');
    expect(await planOf(v, phone)).toMatchObject({ kind: 'prepaid', plan: null });
    const payments = async () => Promise.all(['approved', 'rejected', 'aborted'].map((outcome) => metricValue(sites[site].app, 'payments_total', { outcome })));
    const [approvedBefore, rejectedBefore, abortedBefore] = await payments();

    const rejected = await start(v, phone, 'PO_PLAN_LIBRE_30', `mig-${site}-rejected`);
    const rejectedBack = await gateway(v, rejected.response.redirectRUL, { card: REJECT, action: 'pay' });
    const rejectedPage = await v.call('GET', rejectedBack);
    expect(rejectedPage.headers.location).toBe(`/personas/migra-a-plan/fallar?resultado=rejected&orden=${rejected.buyOrder}&linea=${phone}`);
    expect(await planOf(v, phone)).toMatchObject({ kind: 'prepaid', plan: null });

    const aborted = await start(v, phone, 'PO_PLAN_LIBRE_30', `mig-${site}-aborted`);
    const abortedBack = await gateway(v, aborted.response.redirectRUL, { action: 'abort' });
    expect((await v.call('GET', abortedBack)).headers.location).toMatch(/^\/personas\/migra-a-plan\/fallar\?resultado=aborted/);
    expect(await planOf(v, phone)).toMatchObject({ kind: 'prepaid', plan: null });

    const body = { planId: 'PO_PLAN_CONTROLADO_25', idempotencyKey: `mig-${site}-approved` };
    const first = await start(v, phone, body.planId, body.idempotencyKey);
    const again = await start(v, phone, body.planId, body.idempotencyKey);
    expect(again).toMatchObject({ replayed: true, buyOrder: first.buyOrder, response: { redirectRUL: first.response.redirectRUL } });
    const back = await gateway(v, first.response.redirectRUL, { card: APPROVE, action: 'pay' });
    const done = await v.call('GET', back);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/personas/migra-a-plan/exito?resultado=approved&orden=${first.buyOrder}&linea=${phone}`);
    expect(await planOf(v, phone)).toMatchObject({ kind: 'hybrid', plan: { id: 'PO_PLAN_CONTROLADO_25' } });
    // the browser comes back again (refresh, late callback): same answer, nothing more happens
    expect((await v.call('GET', back)).headers.location).toBe(done.headers.location);
    const status = (await v.call('GET', `/restpp/asset/${phone}/migration/${first.buyOrder}`)).json();
    expect(status).toMatchObject({ state: 'approved', fromKind: 'prepaid', plan: { id: 'PO_PLAN_CONTROLADO_25' } });
    expect((await v.call('GET', `/restpp/asset/${phone}/migration/${rejected.buyOrder}`)).json()).toMatchObject({ state: 'rejected' });
    // each payment counted once in the metrics, the replayed return not again
    expect(await payments()).toEqual([approvedBefore + 1, rejectedBefore + 1, abortedBefore + 1]);
    // the line has a plan now: it cannot migrate again
    const twice = await v.call('POST', `/restpp/asset/${phone}/migration`, { planId: 'PO_PLAN_LIBRE_30', idempotencyKey: `mig-${site}-twice` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().response.systemMessage[0].exceptionKey).toBe('migration.error.notPrepaid');
    // the account's line list shows the new plan
    const assets = (await v.call('GET', '/restpp/assets')).json().assets as Array<{ phoneNumber: string; kind: string; planId: string }>;
    expect(assets.find((a) => a.phoneNumber === phone)).toMatchObject({ kind: 'hybrid', planId: 'PO_PLAN_CONTROLADO_25' });
  });

  it.each(['cl', 'pe'] as const)("%s: another customer's line answers 403 and a line with a plan cannot migrate", async (site) => {
    const other = await signIn(site, 'other');
    const prepaidPhone = people[site].prepaid.phone;
    const otherPhone = people[site].other.phone;
    expect((await other.call('GET', `/restpp/asset/${prepaidPhone}/migration/plans`)).statusCode).toBe(403);
    const foreign = await other.call('POST', `/restpp/asset/${prepaidPhone}/migration`, { planId: 'PO_PLAN_LIBRE_30', idempotencyKey: `mig-${site}-foreign` });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).not.toHaveProperty('plans');
    const postpaid = await other.call('POST', `/restpp/asset/${otherPhone}/migration`, { planId: 'PO_PLAN_LIBRE_30', idempotencyKey: `mig-${site}-postpaid` });
    expect(postpaid.statusCode).toBe(409);
    expect((await other.call('GET', `/restpp/asset/${otherPhone}/migration/plans`)).json().blocker).toBe('migration.error.notPrepaid');
    const anonymous = await new Visitor(sites[site].app).open();
    expect(
      (await anonymous.call('POST', `/restpp/asset/${prepaidPhone}/migration`, { planId: 'PO_PLAN_LIBRE_30', idempotencyKey: `mig-${site}-anon` })).statusCode,
    ).toBe(401);
  });

  it('refuses a Blue plan or an unknown plan, with the error on the field', async () => {
    const own = await signIn('pe', 'prepaid');
    for (const planId of ['PO_PLAN_BLUE_50', 'NOPE']) {
      const res = await own.call('POST', '/restpp/asset/912345678/migration', { planId, idempotencyKey: `mig-pe-bad-${planId}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().validationError).toEqual({ planId: [expect.stringContaining('plan')] });
    }
  });
});

describe.each(drivers)('two approved payments for one line (%s database)', (driver) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('cl', driver);
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });

  it('changes the line once and gives the second payment back', async () => {
    const v = await new Visitor(site.app).open();
    await v.login('15.432.198-5', '4321');
    const pay = async (key: string, planId: string) => {
      const started = (await v.call('POST', '/restpp/asset/987654321/migration', { planId, idempotencyKey: key })).json();
      const token = new URL(started.response.redirectRUL, 'http://x').searchParams.get('token_ws')!;
      const res = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, { card: APPROVE, action: 'pay' });
      return String(res.headers.location);
    };
    const counted = (outcome: string) => metricValue(site.app, 'payments_total', { outcome });
    const [approvedBefore, refundedBefore] = [await counted('approved'), await counted('refunded')];
    // two tabs start before either pays
    const tabA = await pay('mig-tab-a-1', 'PO_PLAN_LIBRE_30');
    const tabB = await pay('mig-tab-b-1', 'PO_PLAN_LIBRE_80');
    expect((await v.call('GET', tabA)).headers.location).toMatch(/\/exito\?resultado=approved/);
    expect((await v.call('GET', tabB)).headers.location).toMatch(/\/fallar\?resultado=refunded/);
    expect([await counted('approved'), await counted('refunded')]).toEqual([approvedBefore + 2, refundedBefore + 1]);
    expect((await v.call('GET', '/REST/asset/987654321/plan')).json()).toMatchObject({ kind: 'postpaid', plan: { id: 'PO_PLAN_LIBRE_30' } });
  });
});
