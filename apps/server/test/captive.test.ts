import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteId } from '@andes/domain/market';
import { captiveActivationStatus, captiveBagAnswer, captiveBagBought, captiveOffersAnswer } from '@andes/contract/inputs/captive';
import { migrationOffer } from '@andes/contract/answers/journeys';
import { drivers, startTestSite, type TestSite } from './helpers.ts';
import { captive, pageToken, type CaptiveRequest as Request } from './captive-helpers.ts';

/** The pages render from the web build (npm test builds it first), so a main-site page really exists. */
const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));

/** The demo prepaid lines of the captive journeys (seed/demo-customers.ts), and each market's dialling prefix. */
const LINE: Record<SiteId, string> = { cl: '934512886', pe: '934512887' };
const PREFIX: Record<SiteId, string> = { cl: '56', pe: '51' };
/** Prepaid lines the activation tests move to a plan (the roaming lines stay prepaid for the other tests). */
const MOVER: Record<SiteId, string> = { cl: '934512888', pe: '934512889' };
const APPROVE = '4051885600446623';
const REJECT = '5186059559590568';
const OFFERS = '/restpp/captive/roaming/offers';
const BUY = '/restpp/captive/roaming/bag';

let keys = 0;
const key = () => `captive-${Date.now()}-${++keys}`;

describe.each(drivers)('captive portal host (%s database)', (driver) => {
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

    it('names the network’s line and its roaming bags, one per zone, paid from the balance', async () => {
      const res = await captive(app(), 'GET', OFFERS, undefined, { msisdn: LINE[site] });
      expect(res.statusCode).toBe(200);
      const body = captiveOffersAnswer.parse(res.json());
      expect(body.line).toEqual({ phoneNumber: LINE[site], kind: 'prepaid' });
      expect(body.offers.map((o) => o.zone).sort()).toEqual(['América', 'Europa', 'Mundo']);
      for (const o of body.offers) expect(o.payments).toEqual(['balance', 'card']);
      // the network may send the number in international form: the market's own prefix is the same line
      expect((await captive(app(), 'GET', OFFERS, undefined, { msisdn: `${PREFIX[site]}${LINE[site]}` })).statusCode).toBe(200);
    });

    it('buys a bag once per idempotency key and tells what was bought and until when', async () => {
      const token = await pageToken(app());
      const offer = captiveOffersAnswer.parse((await captive(app(), 'GET', OFFERS, undefined, { msisdn: LINE[site] })).json()).offers[0]!;
      const body = { offerId: offer.id, payment: 'balance', idempotencyKey: key() };
      const first = await captive(app(), 'POST', BUY, body, { msisdn: LINE[site], token });
      expect(first.statusCode).toBe(200);
      const bought = captiveBagBought.parse(first.json());
      expect(bought).toMatchObject({ replayed: false, offerId: offer.id, payment: 'balance' });
      const again = captiveBagBought.parse((await captive(app(), 'POST', BUY, body, { msisdn: LINE[site], token })).json());
      expect(again).toMatchObject({ replayed: true, bagId: bought.bagId, balance: bought.balance });

      const shown = await captive(app(), 'GET', `${BUY}/${bought.bagId}`, undefined, { msisdn: LINE[site] });
      expect(captiveBagAnswer.parse(shown.json())).toMatchObject({ id: bought.bagId, name: offer.name, expiresAt: bought.expiresAt });
      // another line of the market cannot read it
      const stranger = await captive(app(), 'GET', `${BUY}/${bought.bagId}`, undefined, { msisdn: '934512841' });
      expect(stranger.statusCode).toBe(404);
    });

    it('refuses the purchase without the page token', async () => {
      const body = { offerId: 'BAG_VIAJERO_AMERICA', payment: 'balance', idempotencyKey: key() };
      expect((await captive(app(), 'POST', BUY, body, { msisdn: LINE[site] })).statusCode).toBe(403);
    });

    it('refuses points (no sign-in to spend them), and a bag that is not a roaming one', async () => {
      const token = await pageToken(app());
      const res0 = await captive(
        app(),
        'POST',
        BUY,
        { offerId: 'BAG_VIAJERO_AMERICA', payment: 'points', idempotencyKey: key() },
        { msisdn: LINE[site], token },
      );
      expect(res0.statusCode).toBe(400);
      const res = await captive(app(), 'POST', BUY, { offerId: 'BAG_1GB_7D', payment: 'balance', idempotencyKey: key() }, { msisdn: LINE[site], token });
      expect(res.statusCode).toBe(404);
    });

    it('refuses a request from another address, without the header, or naming another market’s or an unknown number', async () => {
      const token = await pageToken(app());
      const cases: Request[] = [
        { msisdn: LINE[site], address: '203.0.113.77' },
        { msisdn: null },
        { msisdn: `${PREFIX[other]}${LINE[site]}` },
        { msisdn: LINE[other] },
        { msisdn: '999999999' },
        { msisdn: 'not-a-number' },
      ];
      for (const c of cases) {
        for (const path of [OFFERS, '/restpp/captive/activation/plans']) {
          const refused = await captive(app(), 'GET', path, undefined, c);
          expect(refused.statusCode, JSON.stringify(c)).toBe(403);
          expect(refused.json().response.systemMessage[0].exceptionKey).toBe('captive.error.unidentified');
        }
        const buy = await captive(app(), 'POST', BUY, { offerId: 'BAG_VIAJERO_AMERICA', payment: 'balance', idempotencyKey: key() }, { ...c, token });
        expect(buy.statusCode, JSON.stringify(c)).toBe(403);
      }
    });

    it('a balance short of the bag buys nothing', async () => {
      const token = await pageToken(app());
      const body = { offerId: 'BAG_VIAJERO_MUNDO', payment: 'balance', idempotencyKey: key() };
      const res = await captive(app(), 'POST', BUY, body, { msisdn: MOVER[site], token });
      expect(res.statusCode).toBe(409);
      expect(res.json().response.systemMessage[0].exceptionKey).toBe('account.error.balance.short');
      // nothing changed, so the key may be used again
      expect((await captive(app(), 'POST', BUY, body, { msisdn: MOVER[site], token })).statusCode).toBe(409);
    });

    it('moves the network’s prepaid line to a plan through the gateway, once per key, back on the captive host', async () => {
      const token = await pageToken(app());
      const plans = migrationOffer.parse((await captive(app(), 'GET', '/restpp/captive/activation/plans', undefined, { msisdn: MOVER[site] })).json());
      expect(plans.blocker).toBeNull();
      const plan = plans.plans[0]!;
      const body = { planId: plan.id, idempotencyKey: key() };
      const pay = async (card: string) => {
        const started = await captive(app(), 'POST', '/restpp/captive/activation', body, { msisdn: MOVER[site], token });
        expect(started.statusCode).toBe(200);
        // a double submit of the confirmation opens one payment
        const again = await captive(app(), 'POST', '/restpp/captive/activation', body, { msisdn: MOVER[site], token });
        expect(again.json()).toMatchObject({ replayed: true, buyOrder: started.json().buyOrder });
        const gateway = started.json().response.redirectRUL as string;
        // the sandbox gateway's page is reachable from the captive host, as the real gateway's host would be
        expect((await captive(app(), 'GET', gateway, undefined, { msisdn: MOVER[site] })).statusCode).toBe(200);
        const paid = await captive(app(), 'POST', gateway, { card, action: 'pay' }, { msisdn: MOVER[site] });
        expect(paid.statusCode).toBe(303);
        return { started: started.json(), back: await captive(app(), 'GET', paid.headers.location as string, undefined, { msisdn: MOVER[site] }) };
      };
      const rejected = await pay(REJECT);
      expect(rejected.back.headers.location).toBe('/activacionpost/error?motivo=pago');
      body.idempotencyKey = key();
      const approved = await pay(APPROVE);
      expect(approved.back.headers.location).toBe(`/activacionpost/confirmacion?orden=${approved.started.buyOrder}`);
      const status = captiveActivationStatus.parse(
        (await captive(app(), 'GET', `/restpp/captive/activation/${approved.started.buyOrder}`, undefined, { msisdn: MOVER[site] })).json(),
      );
      expect(status).toMatchObject({ state: 'approved', phoneNumber: MOVER[site], plan: { id: plan.id }, amount: plan.charge });
      // another line cannot read it, and the line is no longer one that can move
      expect((await captive(app(), 'GET', `/restpp/captive/activation/${approved.started.buyOrder}`, undefined, { msisdn: LINE[site] })).statusCode).toBe(403);
      const after = migrationOffer.parse((await captive(app(), 'GET', '/restpp/captive/activation/plans', undefined, { msisdn: MOVER[site] })).json());
      expect(after.blocker).toBe('migration.error.notPrepaid');
    });

    it('the main host does not answer the captive paths, and the captive host answers nothing else', async () => {
      const main = { host: 'localhost', msisdn: LINE[site] };
      const paths = [OFFERS, '/restpp/captive/activation/plans', '/restpp/captive/activation/return?token_ws=x', '/roamingpostbolsas', '/activacionpost'];
      for (const path of [...paths, '/roamingpostbolsas/confirmacion', '/roamingpostbolsas/error', '/activacionpost/confirmacion', '/activacionpost/error']) {
        expect((await captive(app(), 'GET', path, undefined, main)).statusCode, path).toBe(404);
      }
      // the main host's own page and calls still answer there
      expect((await captive(app(), 'GET', '/personas/catalogo/postpago', undefined, main)).statusCode).toBe(200);
      for (const path of ['/', '/personas/catalogo/postpago', '/restpp/security/token', '/restpp/asset/bags/offers', '/sandbox/outbox']) {
        expect((await captive(app(), 'GET', path, undefined, { msisdn: LINE[site] })).statusCode, path).toBe(404);
      }
    });
  });
});

describe.each(drivers.filter((d) => d === 'server'))('captive purchase under a burst (%s database)', (driver) => {
  it('40 purchases at once with one idempotency key charge the balance once', async () => {
    const site = await startTestSite('cl', driver);
    try {
      const token = await pageToken(site.app);
      const body = { offerId: 'BAG_VIAJERO_EUROPA', payment: 'balance', idempotencyKey: key() };
      const answers = await Promise.all(Array.from({ length: 40 }, () => captive(site.app, 'POST', BUY, body, { msisdn: LINE.cl, token })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
      const bought = answers.map((a) => captiveBagBought.parse(a.json()));
      expect(bought.filter((b) => !b.replayed)).toHaveLength(1);
      expect(new Set(bought.map((b) => b.bagId)).size).toBe(1);
      const after = bought[0]!.balance.amount;
      // a new key buys again, from the balance the burst left: the burst took the price once
      const next = captiveBagBought.parse((await captive(site.app, 'POST', BUY, { ...body, idempotencyKey: key() }, { msisdn: LINE.cl, token })).json());
      const offer = captiveOffersAnswer
        .parse((await captive(site.app, 'GET', OFFERS, undefined, { msisdn: LINE.cl })).json())
        .offers.find((o) => o.id === body.offerId)!;
      expect(after).toBe(60000 - offer.price);
      expect(next.balance.amount).toBe(after - offer.price);
    } finally {
      await site.close();
    }
  }, 60_000);
});

describe('captive traffic and the per-address limit', () => {
  it('counts each line behind the network proxy on its own, and the proxy’s other traffic by its address', async () => {
    const site = await startTestSite('cl', 'embedded', { RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses = async (req: Request, path = OFFERS) => {
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) codes.push((await captive(site.app, 'GET', path, undefined, req)).statusCode);
        return codes;
      };
      expect(await statuses({ msisdn: LINE.cl })).toEqual([200, 200, 200, 429]);
      expect(await statuses({ msisdn: '934512888' })).toEqual([200, 200, 200, 429]);
      // without the header the proxy is one client, as is anyone else
      expect(await statuses({ msisdn: null })).toEqual([403, 403, 403, 429]);
      expect(await statuses({ msisdn: LINE.cl, address: '203.0.113.90' })).toEqual([403, 403, 403, 429]);
    } finally {
      await site.close();
    }
  }, 60_000);
});
