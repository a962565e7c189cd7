import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { getMarket, type SiteId } from '@andes/domain/market';
import { routes } from '@andes/contract/routes';
import { contract, entryOf, UNDOCUMENTED } from '../src/http/contract.ts';
import { ok } from '../src/http/envelope.ts';
import { startTestSite, type TestSite } from './helpers.ts';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
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
    expect(UNDOCUMENTED.pages).toBe('GET /*');

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
