import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { getMarket, type SiteId } from '@andes/domain/market';
import { routes } from '@andes/contract/routes';
import { contract, entryOf, UNDOCUMENTED } from '../src/http/contract.ts';
import { ok } from '../src/http/envelope.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startTestSite, type TestSite } from './helpers.ts';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const withPages = existsSync(`${webBuild}/server/index.js`);

/** The URL of every file of the web build's client folder, as @fastify/static serves them. */
function buildFileUrls(dir = path.join(webBuild, 'client'), base = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? buildFileUrls(path.join(dir, e.name), `${base}/${e.name}`) : [`${base}/${e.name}`],
  );
}
/** `/a/{b}` of the document back to Fastify's `/a/:b`. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

describe.each(['cl', 'pe'] as SiteId[])('the API contract in %s', (siteId) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite(siteId, 'embedded');
  }, 120_000);
  afterAll(() => site?.close());

  const documentOf = async () => (await site.app.inject({ method: 'GET', url: '/restpp/docs/json' })).json();

  it('documents every registered route, and every route its entries promise this market is registered', async () => {
    await site.app.ready();
    // HEAD answers as its GET; the pages and build files are left out on purpose (UNDOCUMENTED), and the
    // API tests run without a web build, so none is registered here
    const registered = [...new Set(site.app.registeredRoutes.filter((r) => !r.startsWith('HEAD ')))].sort();
    expect(registered.filter((r) => !entryOf(r.split(' ')[0], r.split(' ')[1]))).toEqual([]);

    const doc = await documentOf();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${fastifyPath(path)}`))
      .sort();
    expect(documented).toEqual(registered);

    const promised = Object.entries(routes)
      .filter(([, entry]) => !('sites' in entry) || (entry.sites as readonly string[]).includes(siteId))
      .map(([key]) => key)
      .sort();
    expect(promised).toEqual(registered);
  });

  // the API tests run without the web build; with one (after npm run build) its routes are the only ones left out
  it.runIf(withPages)('leaves out only the pages, the web build files and the texts files (UNDOCUMENTED)', async () => {
    const config = loadConfig({ SITE: siteId, SANDBOX: '1', LOG_LEVEL: 'silent', WEB_BUILD_DIR: webBuild });
    const app = await buildApp({ config, database: site.database, ownsDatabase: false, logger: false });
    await app.ready();
    const files = new Set(buildFileUrls());
    const pages = UNDOCUMENTED.pages.split(' ')[1];
    const texts = UNDOCUMENTED.texts.split(' ')[1];
    const undocumented = app.registeredRoutes.filter((r) => !entryOf(r.split(' ')[0], r.split(' ')[1]));
    expect(undocumented.filter((r) => ![pages, texts].includes(r.split(' ')[1]!) && !files.has(r.split(' ')[1]))).toEqual([]);
    expect(undocumented).toContain(UNDOCUMENTED.pages);
    expect(undocumented).toContain(UNDOCUMENTED.texts);
    await app.close();
  });

  it('answers a valid OpenAPI document', async () => {
    const result = await new Validator().validate(await documentOf());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists the operations on a page that runs no script', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/restpp/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    expect(res.body).toContain('<code>POST /restpp/order/add</code>');
    expect(res.body).toContain('href="/restpp/docs/json"');
  });
});

describe('the answer check', () => {
  /** A bare app with the contract and one route whose answer breaks its schema (stores must be a list). */
  async function appAnswering(checkResponses: boolean) {
    const app = Fastify({ logger: false });
    app.decorate('market', getMarket('cl'));
    await app.register(contract, { checkResponses });
    app.get('/restpp/stores', async () => ok({ stores: 'none' }));
    return app;
  }

  it('fails an answer that does not match its schema when checking (tests)', async () => {
    const app = await appAnswering(true);
    const res = await app.inject({ method: 'GET', url: '/restpp/stores' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it('only serializes in production', async () => {
    const app = await appAnswering(false);
    const res = await app.inject({ method: 'GET', url: '/restpp/stores' });
    expect(res.statusCode).toBe(200);
    expect(res.json().stores).toBe('none');
    await app.close();
  });
});
