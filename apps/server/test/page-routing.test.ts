import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SiteId } from '@andes/domain/market';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bothSites } from './helpers.ts';

const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const withPages = existsSync(`${webBuild}/server/index.js`);
const markets: SiteId[] = ['cl', 'pe'];

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

/**
 * The server keeps which route branch each address matched (apps/web/router-caches.ts): a page asked
 * for again, or an address of the same route with other parameters, must still get its own route and
 * its own data, and an address no route matches stays a 404 however often it is asked for.
 */
describe.runIf(withPages)('page routing with the kept route matches', () => {
  const sites = bothSites('embedded');
  const apps = {} as Record<SiteId, FastifyInstance>;
  beforeAll(async () => {
    for (const site of markets) {
      const config = loadConfig({ SITE: site, SANDBOX: '1', LOG_LEVEL: 'silent', WEB_BUILD_DIR: webBuild });
      apps[site] = await buildApp({ config, database: sites[site].database, ownsDatabase: false, logger: false });
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(Object.values(apps).map((a) => a.close()));
  });

  const page = async (site: SiteId, url: string) => {
    const res = await apps[site].inject({ url, headers: { accept: 'text/html' } });
    return { status: res.statusCode, title: titleOf(res.body), body: res.body };
  };

  it.each(markets)('%s: a list page past the end goes to the last page, its filters kept', async (site) => {
    const { paging } = (await apps[site].inject({ url: '/restpp/catalogue/products?kind=phones&brand=Samsung' })).json();
    const last = (query: string) => apps[site].inject({ url: `/lista-productos?${query}`, headers: { accept: 'text/html' } });
    const past = await last(`brand=Samsung&page=${paging.totalPages + 3}`);
    expect(past.statusCode).toBe(302);
    const expected = paging.totalPages > 1 ? `/lista-productos?brand=Samsung&page=${paging.totalPages}` : '/lista-productos?brand=Samsung';
    expect(past.headers.location).toBe(expected);
    expect((await page(site, expected)).status).toBe(200);
    const all = await last('page=9999');
    expect(all.statusCode).toBe(302);
    expect(all.headers.location).toMatch(/^\/lista-productos\?page=\d+$/);
  });

  it.each(markets)('%s: each address gets its own route and data, the first time and every time after', async (site) => {
    const addresses = [
      '/personas/producto/Equipos/PO_EQ_SAMSUNG_GALAXY_A55_5G',
      '/lista-productos',
      '/personas/producto/Equipos/PO_EQ_SAMSUNG_GALAXY_S24',
      '/',
      '/no-existe/de-verdad',
      '/personas/catalogo/postpago',
    ];
    const first = [];
    for (const url of addresses) first.push(await page(site, url));
    expect(first.map((p) => p.status)).toEqual([200, 200, 200, 200, 404, 200]);
    // a product page's route with two different products: the kept match carries each one's parameters
    expect(first[0]!.title).toContain('Galaxy A55 5G');
    expect(first[2]!.title).toContain('Galaxy S24');
    expect(first[2]!.title).not.toContain('A55');
    expect(new Set(first.map((p) => p.title)).size).toBe(addresses.length);
    // asked for again in another order, each answers as it did
    for (const i of [4, 2, 5, 0, 3, 1, 4]) {
      const again = await page(site, addresses[i]!);
      expect(again.status, addresses[i]).toBe(first[i]!.status);
      expect(again.title, addresses[i]).toBe(first[i]!.title);
    }
  });

  it.each(markets)('%s: an address too long to be kept is routed anew each time', async (site) => {
    const unknown = `/${'a'.repeat(600)}`;
    expect((await page(site, unknown)).status).toBe(404);
    expect((await page(site, unknown)).status).toBe(404);
    const product = `/personas/producto/Equipos/${'X'.repeat(600)}`;
    const [once, twice] = [await page(site, product), await page(site, product)];
    expect(twice.status).toBe(once.status);
    expect(twice.title).toBe(once.title);
    expect(titleOf((await page(site, '/personas/producto/Equipos/PO_EQ_SAMSUNG_GALAXY_S24')).body)).toContain('Galaxy S24');
  });
});
