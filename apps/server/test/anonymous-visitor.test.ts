import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { PAGE_TOKEN_COOKIE, PAGE_TOKEN_TTL_MS, pageTokens } from '../src/http/page-token.ts';
import { cacheKey } from '../src/http/response-cache.ts';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

/**
 * Issue 12: an anonymous page view writes nothing (its page token is signed, not stored: docs/decisions/010),
 * the first state change makes the session, and the catalogue's cache is shared by every visitor.
 * Pages are rendered when the web build exists (`npm test` builds it before the unit tests; the
 * browser tests add to the cart from a fresh visitor on every run).
 */

const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const withPages = existsSync(`${webBuild}/server/index.js`);
const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const PAGES: Record<SiteId, string[]> = {
  cl: ['/', '/lista-productos', '/personas/producto/Equipos/PO_EQ_SAMSUNG_GALAXY_A55_5G', '/personas/catalogo/postpago', '/lista-accesorios'],
  pe: ['/', '/lista-productos', '/personas/producto/Equipos/PO_EQ_SAMSUNG_GALAXY_A55_5G', '/catalogo/postpago', '/lista-accesorios'],
};
const CATALOGUE_CALLS = [
  '/restpp/catalogue/products?kind=phones',
  '/lista-accesorios?contentType=ppEquipmentList&format=json-rest&parentCategoryName=Accesorios',
  '/restpp/catalogue/product/PO_EQ_SAMSUNG_GALAXY_A55_5G',
  '/restpp/equipments/prices/PO_EQ_SAMSUNG_GALAXY_A55_5G',
  '/restpp/stores',
];
const CUSTOMERS: Record<SiteId, { username: string; password: string }> = {
  cl: { username: '12.345.678-5', password: '1234' },
  pe: { username: '987654321', password: '123456' },
};

const tables = Object.values(schema).flatMap((t) => (is(t, PgTable) ? [t] : []));

/** A statement that changes rows (an update that matches none still counts: the view asked to write). */
const WRITE = /\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from|truncate|merge\s+into)\b/i;

describe.each(drivers)('anonymous visitors write nothing; the first state change makes the session (%s database)', (driver) => {
  const sites = {} as Record<SiteId, TestSite>;
  /** Every writing statement each site's app sent to its database. */
  const writes: Record<SiteId, string[]> = { cl: [], pe: [] };
  beforeAll(async () => {
    // no sweep writes during the views (each would be a writing statement of its own)
    const env: Record<string, string> = {
      ...(withPages ? { WEB_BUILD_DIR: webBuild } : {}),
      ORDER_SWEEP_SECONDS: '0',
      BILLING_SWEEP_SECONDS: '0',
      LEAD_SYNC_SECONDS: '0',
    };
    const observe = (site: SiteId) => ({ onQuery: (statement: string) => void (WRITE.test(statement) && writes[site].push(statement)) });
    [sites.cl, sites.pe] = await Promise.all([startTestSite('cl', driver, env, observe('cl')), startTestSite('pe', driver, env, observe('pe'))]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([sites.cl?.close(), sites.pe?.close()]);
  });

  /** Rows per table: an anonymous visit must leave every one as it was. */
  async function rowCounts(site: SiteId): Promise<Record<string, number>> {
    const { db } = sites[site].app;
    const counts = await Promise.all(tables.map(async (t) => [getTableName(t), await db.$count(t)] as const));
    return Object.fromEntries(counts);
  }

  const tokenCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === PAGE_TOKEN_COOKIE)?.value;
  const pageTokenIn = (html: string) => /id="f__key__" value="([^"]+)"/.exec(html)?.[1];

  /** A fresh visitor's signed page token and nonce cookie: from a rendered page, else made with the site's key. */
  async function firstVisit(site: SiteId): Promise<{ token: string; cookie: string }> {
    const { app } = sites[site];
    if (withPages) {
      const page = await app.inject({ method: 'GET', url: '/lista-accesorios' });
      expect(page.statusCode).toBe(200);
      const nonce = tokenCookie(page)!;
      return { token: pageTokenIn(page.body)!, cookie: `${PAGE_TOKEN_COOKIE}=${nonce}` };
    }
    const tokens = pageTokens(app.config.secrets.PAGE_TOKEN_KEY!, site);
    const nonce = tokens.nonceFor(undefined);
    return { token: tokens.issue(nonce, Date.now()), cookie: `${PAGE_TOKEN_COOKIE}=${nonce}` };
  }

  const addToCart = (site: SiteId, token: string, cookie: string) =>
    sites[site].app.inject({
      method: 'POST',
      url: `/restpp/order/add?f__key__=${encodeURIComponent(token)}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify([{ type: 'equipment', id: ACCESSORY, quantity: 1, insurances: [] }]),
    });

  const refusedAsForged = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, response: { systemMessage: [{ exceptionKey: 'pp.error.security.token' }] } });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  };

  it.each(['cl', 'pe'] as const)(
    `%s: page views (${withPages ? 'rendered' : 'no web build'}), probes and catalogue calls leave every table as it was`,
    async (site) => {
      const { app } = sites[site];
      const before = await rowCounts(site);
      writes[site].length = 0;
      const token = (await firstVisit(site)).token;
      for (let round = 0; round < 3; round++) {
        for (const url of ['/health', '/ready']) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
        const pages = withPages ? PAGES[site] : [];
        for (const url of pages) {
          for (const method of ['GET', 'HEAD'] as const) {
            const res = await app.inject({ method, url, headers: { 'user-agent': round ? 'Googlebot/2.1' : 'kube-probe/1.29' } });
            expect(res.statusCode, `${method} ${url}`).toBe(200);
            expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
          }
        }
        for (const url of CATALOGUE_CALLS) {
          const res = await app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}f__key__=${encodeURIComponent(token)}` });
          expect(res.statusCode, url).toBe(200);
        }
      }
      // no statement that writes was even sent (an update or an insert undone would leave the counts as they were)
      expect(writes[site]).toEqual([]);
      expect(await rowCounts(site)).toEqual(before);
      expect(before.sessions).toBe(0);
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a fresh visitor adds to the cart with the page token; that makes one session, and the open page goes on working',
    async (site) => {
      const { app } = sites[site];
      const sessionsBefore = await app.db.$count(schema.sessions);
      const { token, cookie } = await firstVisit(site);
      writes[site].length = 0;
      const added = await addToCart(site, token, cookie);
      expect(added.statusCode).toBe(200);
      // the statements the views above never sent (the observer sees them)
      expect(writes[site].some((statement) => /insert into "sessions"/i.test(statement))).toBe(true);
      const sid = added.cookies.find((c) => c.name === 'sid');
      expect(sid?.value).toBeTruthy();
      expect(await app.db.$count(schema.sessions)).toBe(sessionsBefore + 1);
      // the same page (same token) adds again, now within the session it made; the cart holds both
      const both = `${cookie}; sid=${sid!.value}`;
      const again = await addToCart(site, token, both);
      expect(again.statusCode).toBe(200);
      expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      expect(await app.db.$count(schema.sessions)).toBe(sessionsBefore + 1);
      // another tab rendered later for the same browser holds a newer token for the same nonce: it works too
      const laterTab = pageTokens(app.config.secrets.PAGE_TOKEN_KEY!, site).issue(cookie.split('=')[1], Date.now() + 60_000);
      expect((await addToCart(site, laterTab, both)).statusCode).toBe(200);
      expect(await app.db.$count(schema.sessions)).toBe(sessionsBefore + 1);
      const cart = await app.inject({ method: 'GET', url: '/restpp/order/shoppingCart', headers: { cookie: both } });
      expect(JSON.stringify(cart.json())).toContain(ACCESSORY);
      if (withPages) {
        // pages rendered for the session carry its token, which is the page token it was made from
        const page = await app.inject({ method: 'GET', url: '/lista-accesorios', headers: { cookie: both } });
        expect(pageTokenIn(page.body)).toBe(token);
      }
    },
  );

  it.each(['cl', 'pe'] as const)('%s: a forged, expired, foreign or unbound page token is refused with the CSRF error and makes no session', async (site) => {
    const { app } = sites[site];
    const sessionsBefore = await app.db.$count(schema.sessions);
    const { token, cookie } = await firstVisit(site);
    const nonce = cookie.split('=')[1];
    const own = pageTokens(app.config.secrets.PAGE_TOKEN_KEY!, site);
    const [prefix, , expires, signature] = token.split('.');
    const otherSite = site === 'cl' ? 'pe' : 'cl';
    const otherKey = pageTokens('x'.repeat(64), site);
    const refused = [
      [pageTokens(app.config.secrets.PAGE_TOKEN_KEY!, otherSite).issue(nonce, Date.now()), cookie], // the other market's
      [otherKey.issue(nonce, Date.now()), cookie], // signed with another key
      [own.issue(nonce, Date.now() - PAGE_TOKEN_TTL_MS - 1000), cookie], // expired
      [`${prefix}.${nonce}.${Number(expires) + 86_400}.${signature}`, cookie], // lifetime stretched by hand
      [token, ''], // no nonce cookie: a cross-site form post does not carry it
      [token, `${PAGE_TOKEN_COOKIE}=${own.nonceFor(undefined)}`], // another browser's token
      [`${token}x`, cookie],
      ['', cookie],
    ];
    for (const [sent, jar] of refused) refusedAsForged(await addToCart(site, sent, jar));
    expect(await app.db.$count(schema.sessions)).toBe(sessionsBefore);
  });

  it.each(['cl', 'pe'] as const)('%s: the catalogue cache ignores the page token and is shared; a cached answer holds nothing of a visitor', async (site) => {
    const { app } = sites[site];
    const customer = await new Visitor(app).open();
    expect((await customer.login(CUSTOMERS[site].username, CUSTOMERS[site].password)).statusCode).toBe(200);
    await customer.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1, insurances: [] }]);
    const url = `/restpp/catalogue/products?kind=accessories&bust=${site}${Date.now()}`;
    // the signed-in customer fills the entry: it must be what anyone would see
    const first = await customer.call('GET', url);
    expect(first.headers['x-cache']).toBeUndefined();
    const stranger = await app.inject({ method: 'GET', url: `${url}&f__key__=${encodeURIComponent((await firstVisit(site)).token)}` });
    expect(stranger.headers['x-cache']).toBe('hit');
    const noToken = await app.inject({ method: 'GET', url });
    expect(noToken.headers['x-cache']).toBe('hit');
    expect(stranger.body).toBe(first.body);
    expect(noToken.body).toBe(first.body);
    for (const res of [first, stranger, noToken]) expect(res.headers['set-cookie']).toBeUndefined();
    expect(first.body).not.toContain(customer.token);
    const profile = (await customer.call('POST', '/REST/profile/current')).json().profile;
    expect(profile.securityStatus).toBe(4);
    for (const personal of [profile.firstNameFront, profile.phoneNumber, profile.email]) expect(first.body).not.toContain(personal);
  });

  it('a cacheable route is never shown the visitor, so it cannot put one in a shared answer', async () => {
    const app = await sites.cl.restart();
    app.get('/probe-cacheable', { config: { cacheSeconds: 5 } }, async (req) => ({ session: req.session, cookie: req.sessionCookie }));
    const customer = await new Visitor(app).open();
    expect((await customer.login(CUSTOMERS.cl.username, CUSTOMERS.cl.password)).statusCode).toBe(200);
    expect((await customer.call('GET', '/probe-cacheable')).json()).toEqual({ session: null, cookie: null });
    expect(cacheKey('/a?x=1&f__key__=t&y=2')).toBe(cacheKey('/a?x=1&f__key__=other&y=2'));
    expect(cacheKey('/a?f__key__=t')).toBe('/a');
    expect(cacheKey('/a?x=1&f__key__=t&y=2')).toBe('/a?x=1&y=2');
  });
});
