import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FEATURES_CACHE_MS } from '../src/http/site-features.ts';
import { bothSites, drivers } from './helpers.ts';

const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));

const setFeature = (app: FastifyInstance, active: boolean, headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url: '/ops/features/clickToCall', payload: { active }, headers });
const config = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/restpp/site/config' })).json().activeFeatures;

// SPEC §3, §6: the site config's list of active features, per market, changed without a deploy
describe.each(drivers)('site features (%s database)', (driver) => {
  const sites = bothSites(driver);
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const s of Object.values(sites)) await setFeature(s.app, true);
  });

  it.each(['cl', 'pe'] as const)('%s: a feature turned off refuses its calls at once, and on again serves them', async (site) => {
    const { app } = sites[site];
    expect(await config(app)).toEqual(['clickToCall']);
    expect((await app.inject({ method: 'GET', url: '/restpp/clicktocall/v1/info' })).statusCode).toBe(200);

    const off = await setFeature(app, false);
    expect(off.statusCode).toBe(200);
    expect(off.json().activeFeatures).toEqual([]);
    expect(await config(app)).toEqual([]);
    const refused = await app.inject({ method: 'GET', url: '/restpp/clicktocall/v1/info' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().response.systemMessage[0]).toMatchObject({
      exceptionKey: 'pp.error.feature.off',
      messages: [expect.stringMatching(/no está disponible/)],
    });
    const call = await app.inject({ method: 'POST', url: '/restpp/clicktocall/v1/call', payload: {} });
    expect(call.json().response.systemMessage[0].exceptionKey).toBe('pp.error.feature.off');

    await setFeature(app, true);
    expect((await app.inject({ method: 'GET', url: '/restpp/clicktocall/v1/info' })).statusCode).toBe(200);
  });

  it('one market’s switch leaves the other alone', async () => {
    await setFeature(sites.cl.app, false);
    expect(await config(sites.cl.app)).toEqual([]);
    expect(await config(sites.pe.app)).toEqual(['clickToCall']);
  });

  it('another process of the site sees the change within the cache time, without a restart', async () => {
    const other = await sites.cl.restart();
    expect(await config(other)).toEqual(['clickToCall']);
    await setFeature(sites.cl.app, false);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + FEATURES_CACHE_MS + 1);
    expect(await config(other)).toEqual([]);
  });

  it('only this machine or the operations token may switch; a feature this build does not know is bad input', async () => {
    const { app } = sites.cl;
    const stranger = await app.inject({ method: 'PUT', url: '/ops/features/clickToCall', payload: { active: false }, remoteAddress: '203.0.113.9' });
    expect(stranger.statusCode).toBe(404);
    const unknown = await app.inject({ method: 'PUT', url: '/ops/features/teleport', payload: { active: false } });
    expect(unknown.statusCode).toBe(400);
    expect(await config(app)).toEqual(['clickToCall']);
  });

  it.runIf(existsSync(`${webBuild}/server/index.js`))('a feature off hides its entry points: no "Te llamamos" on a plan page', async () => {
    const site = sites.cl;
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const web = await buildApp({
      config: loadConfig({ SITE: 'cl', SANDBOX: '1', LOG_LEVEL: 'silent', WEB_BUILD_DIR: webBuild, RATE_LIMIT_PER_MINUTE: '0' }),
      database: site.database,
      ownsDatabase: false,
      logger: false,
    });
    try {
      const page = async () => (await web.inject({ method: 'GET', url: '/personas/catalogo/postpago' })).body;
      expect(await page()).toContain('Te llamamos');
      await setFeature(web, false);
      expect(await page()).not.toContain('Te llamamos');
    } finally {
      await setFeature(web, true);
      await web.close();
    }
  });
});
