import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SiteId } from '@andes/domain/market';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ok } from '../src/http/envelope.ts';
import { addressKey } from '../src/http/rate-limit.ts';
import { bothSites, drivers } from './helpers.ts';

const markets: SiteId[] = ['cl', 'pe'];

describe.each(drivers)('client addresses and the per-address request limit (%s database)', (driver) => {
  const sites = bothSites(driver);
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  /** An app over the market's test database with these settings, and a route that shows what it takes as the client's address. */
  async function appWith(site: SiteId, env: Record<string, string>) {
    const app = await buildApp({
      config: loadConfig({ SITE: site, SANDBOX: '1', LOG_LEVEL: 'silent', ...env }),
      database: sites[site].database,
      ownsDatabase: false,
      logger: false,
    });
    app.get('/restpp/test/address', async (req) => ok({ ip: req.ip }));
    // as the web build's files are: cheap, fetched by the dozen, not counted
    app.get('/restpp/test/file', { config: { rateLimit: false } }, async () => ok());
    apps.push(app);
    return app;
  }
  const addressOf = async (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/restpp/test/address',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return res.json().ip as string;
  };

  it.each(markets)('%s: TRUST_PROXY=1 takes the address the balancer appended, never the leftmost X-Forwarded-For a client wrote', async (site) => {
    const app = await appWith(site, { TRUST_PROXY: '1' });
    expect(await addressOf(app, '10.0.0.2', '203.0.113.66, 198.51.100.7')).toBe('198.51.100.7');
    expect(await addressOf(app, '10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
    expect(await addressOf(app, '10.0.0.2')).toBe('10.0.0.2');
    // two balancers in a row: the second hop is trusted only when the setting says so
    const two = await appWith(site, { TRUST_PROXY: '2' });
    expect(await addressOf(two, '10.0.0.2', '203.0.113.66, 198.51.100.7, 10.0.0.9')).toBe('198.51.100.7');
    // no proxy trusted (the default): the peer is the client, whatever the header says
    const none = await appWith(site, {});
    expect(await addressOf(none, '198.51.100.8', '203.0.113.66')).toBe('198.51.100.8');
  });

  it.each(markets)('%s: TRUST_PROXY as a list trusts only those proxies, for the address and for the request id', async (site) => {
    const app = await appWith(site, { TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' });
    expect(await addressOf(app, '10.0.0.2', '203.0.113.66, 198.51.100.7, 192.0.2.7')).toBe('198.51.100.7');
    expect(await addressOf(app, '198.51.100.9', '203.0.113.66')).toBe('198.51.100.9');
    const call = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/restpp/security/token', remoteAddress, headers: { 'x-request-id': 'lb-0123456789' } });
    expect((await call('10.1.2.3')).headers['x-request-id']).toBe('lb-0123456789');
    expect((await call('198.51.100.9')).headers['x-request-id']).not.toBe('lb-0123456789');
  });

  it('refuses at start a TRUST_PROXY that would trust every forwarded address, or that is neither a count nor addresses', () => {
    expect(() => loadConfig({ SANDBOX: '1', TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust any X-Forwarded-For/);
    expect(() => loadConfig({ SANDBOX: '1', TRUST_PROXY: 'balancer' })).toThrow(/TRUST_PROXY: not a hop count or a list of proxy addresses/);
    expect(loadConfig({ SANDBOX: '1' }).trustProxy).toBe(0);
    expect(loadConfig({ SANDBOX: '1', TRUST_PROXY: 'loopback,10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  });

  it.each(markets)(
    "%s: past the per-address limit every answer is a 429 envelope with the wait; other addresses, forged forwarded addresses, a page's in-process calls and build files change nothing",
    async (site) => {
      const app = await appWith(site, { RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '1' });
      const get = (url: string, forwardedFor: string, headers: Record<string, string> = {}) =>
        app.inject({ method: 'GET', url, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': forwardedFor, ...headers } });
      for (let i = 0; i < 5; i++) expect((await get('/restpp/stores', `192.0.2.${i}, 198.51.100.20`)).statusCode).toBe(200);
      expect((await get('/restpp/test/file', '198.51.100.20')).statusCode).toBe(200);
      for (const url of ['/restpp/stores', '/restpp/no/such/thing', '/oam/server/authentication']) {
        const refused = await get(url, '192.0.2.99, 198.51.100.20');
        expect(refused.statusCode, url).toBe(429);
        expect(refused.json()).toMatchObject({
          success: false,
          response: {
            systemMessage: [
              {
                exceptionKey: 'pp.error.rate.limited',
                messages: ['Recibimos demasiadas solicitudes desde tu conexión. Espera 1 minuto y vuelve a intentarlo.'],
              },
            ],
          },
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect((await get('/restpp/stores', '198.51.100.21')).statusCode).toBe(200);
      expect((await get('/restpp/test/file', '198.51.100.20')).statusCode).toBe(200);
      expect((await get('/restpp/stores', '198.51.100.20', app.internalCallHeaders('page-0123456789'))).statusCode).toBe(200);
    },
  );

  it('counts an IPv6 client by its /64 and an IPv4 address written as IPv6 as itself', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
