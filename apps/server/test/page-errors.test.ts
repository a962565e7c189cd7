import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SiteId } from '@andes/domain/market';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bothSites, drivers } from './helpers.ts';

const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const withPages = existsSync(`${webBuild}/server/index.js`);
const markets: SiteId[] = ['cl', 'pe'];
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

// the refusals made before a page renders (per-address limit, input boundary) as a browser sees them
describe.runIf(withPages).each(drivers)('refusals of page navigations (%s database)', (driver) => {
  const sites = bothSites(driver);
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  async function appWith(site: SiteId, env: Record<string, string> = {}) {
    const config = loadConfig({ SITE: site, SANDBOX: '1', LOG_LEVEL: 'silent', WEB_BUILD_DIR: webBuild, ...env });
    const app = await buildApp({ config, database: sites[site].database, ownsDatabase: false, logger: false });
    apps.push(app);
    return app;
  }

  it.each(markets)('%s: over the per-address limit a page answers a Spanish 429 page with Retry-After; the API keeps the envelope', async (site) => {
    const app = await appWith(site, { RATE_LIMIT_PER_MINUTE: '2' });
    const get = (url: string, headers: Record<string, string> = html) => app.inject({ method: 'GET', url, remoteAddress: '198.51.100.60', headers });
    for (let i = 0; i < 2; i++) expect((await get('/')).statusCode).toBe(200);
    const page = await get('/');
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.body).toContain('<h1>Demasiadas solicitudes</h1>');
    expect(page.body).toContain('Espera 1 minuto y vuelve a intentarlo.');
    expect(page.body).toMatch(/<link rel="stylesheet" href="\/assets\/shell-[\w-]+\.css#?">/);
    expect(page.body).not.toMatch(/exceptionKey|<script/);
    const api = await get('/restpp/stores', { ...html });
    expect(api.statusCode).toBe(429);
    expect(api.json()).toMatchObject({ success: false, response: { systemMessage: [{ exceptionKey: 'pp.error.rate.limited' }] } });
    const script = await get('/', { accept: 'application/json' });
    expect(script.statusCode).toBe(429);
    expect(script.json().response.systemMessage[0].exceptionKey).toBe('pp.error.rate.limited');
  });

  it.each(markets)('%s: a page form post with a NUL or bytes that are not UTF-8 answers a Spanish 400 page, the API the envelope', async (site) => {
    const app = await appWith(site, { RATE_LIMIT_PER_MINUTE: '0' });
    for (const payload of ['username=a%00b&password=1', 'username=%C3%28&password=1']) {
      const page = await app.inject({
        method: 'POST',
        url: '/inicio-sesion',
        headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(page.statusCode, payload).toBe(400);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<h1>No pudimos leer tu solicitud</h1>');
      expect(page.body).toContain('Volver al inicio');
      const api = await app.inject({
        method: 'POST',
        url: '/oam/server/authentication',
        headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(api.statusCode, payload).toBe(400);
      expect(api.json().validationError.username).toBeDefined();
    }
  });
});
