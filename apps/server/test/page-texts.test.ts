import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { catalogueFor } from '@andes/domain/messages';
import type { SiteId } from '@andes/domain/market';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bothSites } from './helpers.ts';

const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const withPages = existsSync(`${webBuild}/server/index.js`);
const markets: SiteId[] = ['cl', 'pe'];
const PRODUCT = '/personas/producto/Equipos/PO_EQ_SAMSUNG_GALAXY_A55_5G';
const TEXTS_LINK = /<link rel="preload" as="fetch" crossorigin="anonymous" href="(\/assets\/texts\/[a-z]{2}-[0-9a-f]{16}\.json)" data-route-texts=""\/>/g;

/**
 * A page's texts travel as files of their own (decision 011 addendum): the document names them and
 * preloads them, the browser reads them before hydrating, and a client-side navigation's data carries
 * its route's texts inline.
 */
describe.runIf(withPages)('page texts', () => {
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

  it.each(markets)("%s: a document links its routes' texts files instead of carrying the texts", async (site) => {
    const app = apps[site];
    const page = await app.inject({ url: PRODUCT, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const files = [...page.body.matchAll(TEXTS_LINK)].map((m) => m[1]!);
    // the root's (shell) and the product page's
    expect(files).toHaveLength(2);
    const texts = Object.assign({}, ...(await Promise.all(files.map(async (f) => (await app.inject({ url: f })).json()))));
    const catalogue = catalogueFor(site);
    expect(texts['shell.error.title']).toBe(catalogue['shell.error.title']!.text);
    expect(texts['product.addToCart']).toBe(catalogue['product.addToCart']!.text);
    // the rendered page uses them; its data does not repeat them
    const data = page.body.slice(page.body.indexOf('streamController.enqueue'));
    expect(data).not.toContain('shell.error.title');
  });

  it.each(markets)('%s: a texts file is immutable, compressed for the browser, and an unknown name is a 404 envelope', async (site) => {
    const app = apps[site];
    const [file] = [...(await app.inject({ url: '/', headers: { accept: 'text/html' } })).body.matchAll(TEXTS_LINK)].map((m) => m[1]!);
    const res = await app.inject({ url: file!, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Object.keys(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).length).toBeGreaterThan(10);
    const unknown = await app.inject({ url: `/assets/texts/${site}-0000000000000000.json` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false });
  });

  it.each(markets)("%s: a client-side navigation's data carries its route's texts inline", async (site) => {
    const res = await apps[site].inject({ url: `${PRODUCT}.data` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('/assets/texts/');
    expect(res.body).toContain('product.');
  });
});
