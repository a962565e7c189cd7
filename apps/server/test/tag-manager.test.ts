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

// the tag manager's container comes from a setting (GTM_ID), consent mode starting denied (docs/analytics.md)
describe.runIf(withPages).each(drivers)('the tag manager container (%s database)', (driver) => {
  const sites = bothSites(driver);
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  async function appWith(site: SiteId, env: Record<string, string> = {}) {
    const config = loadConfig({ SITE: site, SANDBOX: '1', LOG_LEVEL: 'silent', WEB_BUILD_DIR: webBuild, RATE_LIMIT_PER_MINUTE: '0', ...env });
    const app = await buildApp({ config, database: sites[site].database, ownsDatabase: false, logger: false });
    apps.push(app);
    return app;
  }

  it.each(['cl', 'pe'] as const)('%s: a configured container loads with the page nonce, its hosts allowed; consent defaults denied', async (site) => {
    const app = await appWith(site, { GTM_ID: 'GTM-TEST123' });
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)![1];
    expect(page.headers['content-security-policy']).toContain('https://www.googletagmanager.com');
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self' https:\/\/\*\.google-analytics\.com/);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain(`<script nonce="${nonce}">`);
    expect(head).toContain('gtm.js?id=');
    expect(head).toContain('GTM-TEST123');
    expect(head).toContain(`"analytics_storage":"denied"`);
  });

  it('without a container no tag manager loads nor is allowed, and consent still starts denied', async () => {
    const app = await appWith('cl');
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).not.toContain('googletagmanager');
    expect(page.body).not.toContain('gtm.js');
    expect(page.body).toContain(`gtag('consent','default'`);
  });

  it('refuses a container id that is not one', () => {
    expect(() => loadConfig({ SITE: 'cl', SANDBOX: '1', GTM_ID: "GTM-1'};alert(1)//" })).toThrow(/GTM_ID/);
  });
});
