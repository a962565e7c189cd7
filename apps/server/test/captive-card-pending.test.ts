import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { captiveCardBagAnswer, captiveLineActivated, captiveLineAnswer, captiveOffersAnswer } from '@andes/contract/inputs/captive';
import { drivers, startTestSite, type TestSite } from './helpers.ts';
import { captive, pageToken, PROXY, type CaptiveRequest } from './captive-helpers.ts';
import { SANDBOX_CAPTIVE } from '../src/config.ts';
import { CAPTIVE_LINE_HEADER } from '../src/http/captive-host.ts';

/** The pages render from the web build (npm test builds it first). */
const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));

/**
 * The captive host's card roaming bags (their gateway return on the captive host) and the activation of
 * a postpaid line waiting for its holder (decision 023 addendum).
 */

/** Demo prepaid lines with balance (seed), and each market's dialling prefix. */
const LINE: Record<SiteId, string> = { cl: '934512886', pe: '934512887' };
const PREFIX: Record<SiteId, string> = { cl: '56', pe: '51' };
/** Pending postpaid lines these tests open (this file's number range). */
const PENDING: Record<SiteId, string> = { cl: '934660001', pe: '934660002' };
/** Another demo prepaid line of each market (seed). */
const NEIGHBOUR: Record<SiteId, string> = { cl: '934512888', pe: '934512889' };
const BURST_LINE = '934660003';
/** Pending lines the page test activates through the forms. */
const PAGE_LINE: Record<SiteId, string> = { cl: '934660004', pe: '934660005' };
const APPROVE = '4051885600446623';
const REJECT = '5186059559590568';
const BUY = '/restpp/captive/roaming/bag';
const OFFERS = '/restpp/captive/roaming/offers';

let keys = 0;
const key = () => `captive2-${Date.now()}-${++keys}`;

/**
 * A postpaid line as a paid plan order opens it (open-plan-lines.flow.ts): `pending` until its holder
 * activates the SIM; owned here by the roaming line's customer.
 */
async function openPendingLine(app: FastifyInstance, site: SiteId, phoneNumber: string) {
  const [owner] = await app.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, LINE[site]));
  const [plan] = await app.db.select().from(schema.plans).where(eq(schema.plans.customerGroup, 'postpaidPlans')).limit(1);
  await app.db.insert(schema.lines).values({
    customerId: owner!.customerId,
    phoneNumber,
    kind: 'postpaid',
    planId: plan!.id,
    status: 'pending',
    simCode: `89${phoneNumber}0000000000`,
  });
  return plan!;
}

/** Pays a card bag at the sandbox gateway and follows its return on the captive host. */
async function payAtGateway(app: FastifyInstance, msisdn: string, gateway: string, card: string) {
  const paid = await captive(app, 'POST', gateway, { card, action: 'pay' }, { msisdn });
  expect(paid.statusCode).toBe(303);
  return paid.headers.location as string;
}

const bagsOf = async (app: FastifyInstance, phoneNumber: string, offerId: string) => {
  const [line] = await app.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, phoneNumber));
  return app.db
    .select()
    .from(schema.lineBags)
    .where(and(eq(schema.lineBags.lineId, line!.id), eq(schema.lineBags.offerId, offerId)));
};

describe.each(drivers)('captive host: card bags and pending lines (%s database)', (driver) => {
  const started = {} as Record<SiteId, TestSite>;
  beforeAll(async () => {
    [started.cl, started.pe] = await Promise.all([
      startTestSite('cl', driver, { WEB_BUILD_DIR: webBuild }),
      startTestSite('pe', driver, { WEB_BUILD_DIR: webBuild }),
    ]);
  }, 120_000);
  afterAll(() => Promise.all([started.cl?.close(), started.pe?.close()]));

  describe.each(['cl', 'pe'] as const)('%s', (site) => {
    const app = () => started[site].app;
    const other: SiteId = site === 'cl' ? 'pe' : 'cl';

    it('buys a roaming bag by card: the gateway returns to the captive host, the bag is credited once at the price shown', async () => {
      const token = await pageToken(app());
      const offers = captiveOffersAnswer.parse((await captive(app(), 'GET', OFFERS, undefined, { msisdn: LINE[site] })).json()).offers;
      const offer = offers.find((o) => o.id === 'BAG_VIAJERO_EUROPA')!;
      expect(offer.payments).toContain('card');
      const before = (await bagsOf(app(), LINE[site], offer.id)).length;
      const body = { offerId: offer.id, payment: 'card', idempotencyKey: key() };

      // a refused card: the error page with its reason, and no bag
      const refusedStart = await captive(app(), 'POST', BUY, body, { msisdn: LINE[site], token });
      expect(refusedStart.statusCode).toBe(200);
      const refusedBack = await payAtGateway(app(), LINE[site], refusedStart.json().response.redirectRUL, REJECT);
      expect(refusedBack).toMatch(/^\/restpp\/captive\/roaming\/return\?/);
      const refused = await captive(app(), 'GET', refusedBack, undefined, { msisdn: LINE[site] });
      expect(refused.headers.location).toBe('/roamingpostbolsas/error?motivo=pago');
      expect(await bagsOf(app(), LINE[site], offer.id)).toHaveLength(before);

      body.idempotencyKey = key();
      const first = await captive(app(), 'POST', BUY, body, { msisdn: LINE[site], token });
      // a double submit of the confirmation opens one payment
      const again = await captive(app(), 'POST', BUY, body, { msisdn: LINE[site], token });
      expect(again.json()).toMatchObject({ replayed: true, buyOrder: first.json().buyOrder });
      const back = await payAtGateway(app(), LINE[site], first.json().response.redirectRUL, APPROVE);
      const done = await captive(app(), 'GET', back, undefined, { msisdn: LINE[site] });
      expect(done.headers.location).toBe(`/roamingpostbolsas/confirmacion?orden=${first.json().buyOrder}&oferta=${offer.id}`);
      // the gateway comes back again: nothing more is credited
      expect((await captive(app(), 'GET', back, undefined, { msisdn: LINE[site] })).headers.location).toBe(done.headers.location);
      const bags = await bagsOf(app(), LINE[site], offer.id);
      expect(bags).toHaveLength(before + 1);

      const shown = captiveCardBagAnswer.parse(
        (await captive(app(), 'GET', `/restpp/captive/roaming/card/${first.json().buyOrder}`, undefined, { msisdn: LINE[site] })).json(),
      );
      expect(shown).toMatchObject({ state: 'approved', offerId: offer.id, name: offer.name, phoneNumber: LINE[site], amount: { amount: offer.price } });
      expect(shown.expiresAt).toBe(bags.at(-1)!.expiresAt.toISOString());
      // what the gateway charged is the price the page showed
      const [charge] = await app().db.select().from(schema.topups).where(eq(schema.topups.buyOrder, first.json().buyOrder));
      expect(charge).toMatchObject({ amount: offer.price, status: 'approved', purpose: 'bag' });
      // another line, or no line, cannot read it
      expect((await captive(app(), 'GET', `/restpp/captive/roaming/card/${first.json().buyOrder}`, undefined, { msisdn: NEIGHBOUR[site] })).statusCode).toBe(
        404,
      );
      expect((await captive(app(), 'GET', `/restpp/captive/roaming/card/${first.json().buyOrder}`, undefined, { msisdn: null })).statusCode).toBe(403);
    });

    it('refuses a card purchase from another address, without the header, or naming another market’s number', async () => {
      const token = await pageToken(app());
      const cases: CaptiveRequest[] = [
        { msisdn: LINE[site], address: '203.0.113.77' },
        { msisdn: null },
        { msisdn: `${PREFIX[other]}${LINE[site]}` },
        { msisdn: LINE[other] },
      ];
      for (const c of cases) {
        const res = await captive(app(), 'POST', BUY, { offerId: 'BAG_VIAJERO_AMERICA', payment: 'card', idempotencyKey: key() }, { ...c, token });
        expect(res.statusCode, JSON.stringify(c)).toBe(403);
        expect(res.json().response.systemMessage[0].exceptionKey).toBe('captive.error.unidentified');
      }
    });

    it('activates the network’s pending postpaid line once per key, and refuses lines that do not wait or are not the header’s', async () => {
      const plan = await openPendingLine(app(), site, PENDING[site]);
      const token = await pageToken(app());
      const view = captiveLineAnswer.parse((await captive(app(), 'GET', '/restpp/captive/line', undefined, { msisdn: PENDING[site] })).json());
      expect(view).toMatchObject({
        phoneNumber: PENDING[site],
        kind: 'postpaid',
        status: 'pending',
        pending: true,
        planName: plan.commerceName,
        activatedAt: null,
      });

      const activate = (body: object, req: CaptiveRequest = {}) =>
        captive(app(), 'POST', '/restpp/captive/line/activate', body, { msisdn: PENDING[site], token, ...req });
      // not the header's line: the page named another
      const notMine = await activate({ phoneNumber: LINE[site], idempotencyKey: key() });
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json().response.systemMessage[0].exceptionKey).toBe('captive.error.notYourLine');
      // refused from elsewhere, without the header, with another market's prefix, and without the page token
      for (const req of [{ address: '203.0.113.77' }, { msisdn: null }, { msisdn: `${PREFIX[other]}${PENDING[site]}` }] as CaptiveRequest[]) {
        const res = await activate({ phoneNumber: PENDING[site], idempotencyKey: key() }, req);
        expect(res.statusCode, JSON.stringify(req)).toBe(403);
        expect(res.json().response.systemMessage[0].exceptionKey).toBe('captive.error.unidentified');
      }
      expect((await activate({ phoneNumber: PENDING[site], idempotencyKey: key() }, { token: null })).statusCode).toBe(403);
      const [still] = await app().db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, PENDING[site]));
      expect(still!.status).toBe('pending');
      // nothing to use a bag on before the line works
      const bag = await captive(
        app(),
        'POST',
        BUY,
        { offerId: 'BAG_VIAJERO_AMERICA', payment: 'bill', idempotencyKey: key() },
        { msisdn: PENDING[site], token },
      );
      expect(bag.statusCode).toBe(409);
      expect(bag.json().response.systemMessage[0].exceptionKey).toBe('account.error.line.pending');

      const body = { phoneNumber: PENDING[site], idempotencyKey: key() };
      const first = await activate(body);
      expect(first.statusCode).toBe(200);
      const done = captiveLineActivated.parse(first.json());
      expect(done.replayed).toBe(false);
      // the same confirmation again: the first answer
      expect(captiveLineActivated.parse((await activate(body)).json())).toEqual({ ...done, replayed: true });
      const [line] = await app().db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, PENDING[site]));
      // its service, and its billing, start at the activation
      expect(line).toMatchObject({ status: 'active', activatedAt: new Date(done.activatedAt) });
      const after = captiveLineAnswer.parse((await captive(app(), 'GET', '/restpp/captive/line', undefined, { msisdn: PENDING[site] })).json());
      expect(after).toMatchObject({ status: 'active', pending: false, activatedAt: done.activatedAt });

      // a new key on a line that no longer waits, and a prepaid line, are refused
      const twice = await activate({ phoneNumber: PENDING[site], idempotencyKey: key() });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().response.systemMessage[0].exceptionKey).toBe('captive.error.notPending');
      const prepaid = await activate({ phoneNumber: LINE[site], idempotencyKey: key() }, { msisdn: LINE[site] });
      expect(prepaid.statusCode).toBe(409);
      expect(captiveLineAnswer.parse((await captive(app(), 'GET', '/restpp/captive/line', undefined, { msisdn: LINE[site] })).json()).pending).toBe(false);
    });

    it('the /activacionpost page offers a pending line its activation and confirms it, before any JavaScript', async () => {
      await openPendingLine(app(), site, PAGE_LINE[site]);
      const page = (url: string, init: { method?: 'GET' | 'POST'; cookie?: string; form?: string } = {}) =>
        app().inject({
          method: init.method ?? 'GET',
          url,
          headers: {
            host: SANDBOX_CAPTIVE.host,
            [CAPTIVE_LINE_HEADER]: PAGE_LINE[site],
            ...(init.cookie ? { cookie: init.cookie } : {}),
            ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          payload: init.form,
          remoteAddress: PROXY,
        });
      const shown = await page('/activacionpost');
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('Activa tu línea');
      const cookie = shown.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const action = shown.body.match(/<form[^>]* action="([^"]+)"/)![1]!.replace(/&amp;/g, '&');
      const idempotencyKey = shown.body.match(/name="idempotencyKey" value="([^"]+)"/)![1]!;
      const form = new URLSearchParams({ intent: 'activate', phoneNumber: PAGE_LINE[site], idempotencyKey }).toString();
      const posted = await page(action, { method: 'POST', cookie, form });
      expect(posted.statusCode).toBe(302);
      expect(posted.headers.location).toBe('/activacionpost/confirmacion?linea=activada');
      const done = await page('/activacionpost/confirmacion?linea=activada');
      expect(done.body).toContain('¡Listo! Tu línea está activa');
      // the same form again (a second press): the line is already active, nothing changes
      expect((await page(action, { method: 'POST', cookie, form })).headers.location).toBe('/activacionpost/confirmacion?linea=activada');
      // a new confirmation on a line that no longer waits: the error page says why
      const again = new URLSearchParams({ intent: 'activate', phoneNumber: PAGE_LINE[site], idempotencyKey: key() }).toString();
      expect((await page(action, { method: 'POST', cookie, form: again })).headers.location).toBe('/activacionpost/error?motivo=activacion');
      expect((await page('/activacionpost/error?motivo=activacion')).body).toContain('No activamos tu línea');
    });
  });
});

describe.each(drivers.filter((d) => d === 'server'))('captive host under a burst (%s database)', (driver) => {
  it('40 gateway returns of one card bag credit it once; 40 activations with one key activate once', async () => {
    const site = await startTestSite('cl', driver);
    try {
      const app = site.app;
      const token = await pageToken(app);
      const started = await captive(app, 'POST', BUY, { offerId: 'BAG_VIAJERO_MUNDO', payment: 'card', idempotencyKey: key() }, { msisdn: LINE.cl, token });
      const back = await payAtGateway(app, LINE.cl, started.json().response.redirectRUL, APPROVE);
      const returns = await Promise.all(Array.from({ length: 40 }, () => captive(app, 'GET', back, undefined, { msisdn: LINE.cl })));
      const locations = new Set(returns.map((r) => r.headers.location));
      expect([...locations]).toEqual([`/roamingpostbolsas/confirmacion?orden=${started.json().buyOrder}&oferta=BAG_VIAJERO_MUNDO`]);
      expect(await bagsOf(app, LINE.cl, 'BAG_VIAJERO_MUNDO')).toHaveLength(1);

      await openPendingLine(app, 'cl', BURST_LINE);
      const body = { phoneNumber: BURST_LINE, idempotencyKey: key() };
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => captive(app, 'POST', '/restpp/captive/line/activate', body, { msisdn: BURST_LINE, token })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
      const activated = answers.map((a) => captiveLineActivated.parse(a.json()));
      expect(activated.filter((a) => !a.replayed)).toHaveLength(1);
      expect(new Set(activated.map((a) => a.activatedAt)).size).toBe(1);
    } finally {
      await site.close();
    }
  }, 60_000);
});
