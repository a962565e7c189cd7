import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SiteId } from '@andes/domain/market';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

/**
 * Malformed requests to every route the app registers (issue 10 §3): whatever arrives, no answer is
 * a 5xx or missing, and every API refusal is the envelope with an error key that does not echo the
 * page token. Fixed seed and a bounded number of runs per route, so CI sees the same requests each
 * time. Page routes are fuzzed too when the web build exists (`npm test` builds it before the unit
 * tests; the browser test bad-input.spec.ts covers pages with odd hosts on every run).
 */

const SEED = 20_261_010;
const RUNS_PER_ROUTE = 4;
const ANSWER_WITHIN_MS = 10_000;
const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const withPages = existsSync(`${webBuild}/server/index.js`);

const API_PREFIXES = ['/restpp/', '/REST/', '/oam/', '/sandbox/', '/img/'];

/** The demo customer each market's fuzzing signs in as, and one of their lines. */
const customers: Record<SiteId, { username: string; secret: string; phone: string }> = {
  cl: { username: '12.345.678-5', secret: '1234', phone: '912345678' },
  pe: { username: '987654321', secret: '123456', phone: '987654321' },
};

interface Route {
  method: string;
  url: string;
  /** Routed by the catalogue constraint: reached only with its two query fields. */
  constrained: boolean;
}

/** Every route of the app, read from Fastify's own route tree, so a route added later is fuzzed too. */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?( \{.*\})?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    // the tree prints the root's catch-all as `*`
    const url = depth > 0 ? parents[depth - 1] + m[2] : m[2].replace(/^(?!\/)/, '/');
    parents.length = depth;
    parents.push(url);
    const methods = m[3]?.split(', ') ?? [];
    // a HEAD beside a GET is Fastify's copy of that route; fuzzed requests try HEAD on every route anyway
    for (const method of methods.filter((x) => x !== 'HEAD' || !methods.includes('GET'))) routes.push({ method, url, constrained: Boolean(m[4]) });
  }
  return routes;
}

/** Percent-encodes every byte of the UTF-8 encoding except unreserved ASCII, as a sloppy client would. */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) => (/[\w.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`))
    .join('');

const nastyText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00',
    '\uFFFD',
    '',
    ' ',
    '../../etc/passwd',
    "1' or '1'='1",
    '<script>x</script>',
    '9'.repeat(300),
    '١٢٣',
    'ß😀',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ maxLength: 12 }),
  fc.integer().map(String),
);
/** Text as it appears in a URL: encoded, or malformed on purpose (NUL, bytes that are not UTF-8, broken escapes). */
const urlText = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('%00', 'a%00', '%C3%28', '%FF', '%ED%A0%80', '%E0%A4%A', '%', '%zz', '%2F..%2F', '%C0%AF', '') },
  { weight: 3, arbitrary: nastyText.map(percentEncode) },
);
const fieldNames = [
  'order',
  'token_ws',
  'TBK_TOKEN',
  'TBK_ORDEN_COMPRA',
  'kind',
  'brand',
  'page',
  'id',
  'phoneNumber',
  'document',
  'username',
  'password',
  'recipient',
  'campaignID',
  'paymentMethod',
  'parent',
  'mode',
  'number',
  'skuId',
  'productId',
  'idempotencyKey',
  'amount',
  'tokenId',
  'code',
  'email',
  'name',
  'region',
  'commune',
  'storeId',
  'deliveryType',
  'buyOrder',
  'successurl',
  'activeSimType',
  'items',
  'offerId',
];
const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fieldNames) }, { weight: 1, arbitrary: nastyText });

const jsonValue = fc.oneof(nastyText, fc.jsonValue({ maxDepth: 2 }), fc.array(nastyText, { maxLength: 3 }));
const jsonObject = fc.dictionary(fieldName, jsonValue, { maxKeys: 5 });

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 6, arbitrary: jsonObject.map((o) => ({ payload: JSON.stringify(o), contentType: 'application/json' })) },
  { weight: 1, arbitrary: fc.array(jsonObject, { maxLength: 3 }).map((a) => ({ payload: JSON.stringify(a), contentType: 'application/json' })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 40 }).map((b) => ({ payload: Buffer.from(b), contentType: 'application/json' })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('{"order":', '[', '"\\u0000"', 'null', '1e999999', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}')
      .map((p) => ({ payload: p, contentType: 'application/json' })),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fieldName.map(percentEncode), urlText), { maxLength: 4 })
      .map((pairs) => ({ payload: pairs.map(([k, v]) => `${k}=${v}`).join('&'), contentType: 'application/x-www-form-urlencoded' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('text/xml', 'multipart/form-data', 'application/json; charset=latin1', 'text/plain', '')
      .map((contentType) => ({ payload: '<a>\u0000</a>', contentType })),
  },
  { weight: 1, arbitrary: fc.constant({ payload: `{"order":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' }) },
);

/** Header values as they can arrive over HTTP: Latin-1 text without NUL or line breaks. */
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const host = fc.oneof(
  { weight: 6, arbitrary: fc.constant('127.0.0.1') },
  { weight: 4, arbitrary: fc.constantFrom('a b', '[', '', '127.0.0.1:abc', 'x:99999', 'evil.example/x', '[::1]', 'ÿ', 'localhost:0') },
);
const pagePath = fc.oneof(
  fc.constantFrom('', 'inicio-sesion', 'lista-productos', 'carrito-compra', 'personas/producto/Equipos/x', 'miandes/mi-cuenta', 'restpp/x', '/x:99999'),
  urlText,
);

type TokenUse = 'valid' | 'none' | 'repeated';

interface FuzzRequest {
  method: string;
  /** Without the page token: it is the visitor's, added when sending (see withToken). */
  url: string;
  token: TokenUse;
  path: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  signedIn: boolean;
}

function requestFor(route: Route, phone: string): fc.Arbitrary<FuzzRequest> {
  const segments = route.url.split('/').map((segment) => {
    if (segment === '*') return pagePath;
    if (!segment.startsWith(':')) return fc.constant(segment);
    const plausible = segment === ':phoneNumber' ? phone : '1';
    return fc.oneof(
      { weight: 1, arbitrary: fc.constant(plausible) },
      { weight: 3, arbitrary: urlText },
      { weight: 1, arbitrary: fc.constantFrom('9'.repeat(101), 'a'.repeat(8000)) },
    );
  });
  const otherMethod = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'SEARCH');
  return fc
    .record({
      segments: fc.tuple(...segments),
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: otherMethod }),
      query: fc.array(fc.tuple(fieldName.map(percentEncode), urlText), { maxLength: 4 }),
      repeat: fc.boolean(),
      token: fc.constantFrom<TokenUse>('valid', 'valid', 'valid', 'none', 'repeated'),
      body,
      host,
      extra: fc.dictionary(fc.constantFrom('atg_phonenumber', 'atg_regionid', 'x-forwarded-for', 'x-request-id', 'cookie', 'accept'), headerText, {
        maxKeys: 2,
      }),
      remoteAddress: fc.ipV4(),
      signedIn: fc.boolean(),
    })
    .map(({ segments, method, query, repeat, token, body, host, extra, remoteAddress, signedIn }) => {
      const pairs = [...query, ...(repeat && query.length ? [[query[0][0], 'again'] as [string, string]] : [])];
      if (route.constrained) pairs.push(['contentType', 'ppEquipmentList'], ['format', 'json-rest']);
      const path = segments.join('/');
      const queryText = pairs.map(([k, v]) => `${k}=${v}`).join('&');
      const hasBody = !['GET', 'HEAD'].includes(method) && body.payload !== undefined;
      return {
        method,
        path,
        url: `${path}?${queryText}`,
        token,
        headers: { ...extra, host, ...(hasBody && body.contentType ? { 'content-type': body.contentType } : {}) },
        payload: hasBody ? body.payload : undefined,
        remoteAddress,
        signedIn,
      };
    });
}

function withToken(url: string, use: TokenUse, token: string): string {
  const field = `&f__key__=${encodeURIComponent(token)}`;
  return use === 'none' ? url : `${url}${field}${use === 'repeated' ? field : ''}`;
}

function withinTime<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${what}`)), ANSWER_WITHIN_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

describe.each(drivers)('malformed requests to every route (%s database)', (driver) => {
  const sites = {} as Record<SiteId, TestSite>;
  beforeAll(async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '0', ...(withPages ? { WEB_BUILD_DIR: webBuild } : {}) };
    [sites.cl, sites.pe] = await Promise.all([startTestSite('cl', driver, env), startTestSite('pe', driver, env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([sites.cl?.close(), sites.pe?.close()]);
  });

  it.each(['cl', 'pe'] as const)(
    `%s: no 5xx, no lost answer, and the envelope with an error key on every API refusal (${withPages ? 'API and pages' : 'API only: no web build'})`,
    async (site) => {
      const { app } = sites[site];
      await app.ready();
      const routes = routesOf(app);
      expect(routes.length).toBeGreaterThan(100);
      expect(routes).toEqual(
        expect.arrayContaining([
          { method: 'POST', url: '/restpp/password/:option/validatePhoneNumberTwo', constrained: false },
          { method: 'GET', url: '/lista-productos', constrained: true },
          ...(withPages ? [{ method: 'POST', url: '/*', constrained: false }] : []),
        ]),
      );

      const customer = customers[site];
      const anonymous = await new Visitor(app, '198.51.100.50').open();
      const signedIn = new Visitor(app, '198.51.100.51');
      // a fuzzed request may sign the customer out (logout, the sandbox's session expiry): sign in again with a fresh session
      const ensureSignedIn = async () => {
        const profile = await signedIn.call('POST', '/REST/profile/current');
        if (profile.json().profile?.securityStatus === 4) return;
        await signedIn.open();
        expect((await signedIn.login(customer.username, customer.secret)).statusCode).toBe(200);
      };

      for (const route of routes) {
        await ensureSignedIn();
        await fc.assert(
          fc.asyncProperty(requestFor(route, customer.phone), async (req) => {
            const visitor = req.signedIn ? signedIn : anonymous;
            const what = `${req.method} ${req.url.slice(0, 200)} (route ${route.method} ${route.url})`;
            const res = await withinTime(
              app.inject({
                method: req.method as 'GET',
                url: withToken(req.url, req.token, visitor.token),
                headers: { ...req.headers, cookie: visitor.cookie },
                payload: req.payload,
                remoteAddress: req.remoteAddress,
              }),
              what,
            );
            expect(res.statusCode, what).toBeLessThan(500);
            if (res.statusCode < 400 || req.method === 'HEAD' || !API_PREFIXES.some((p) => req.path.startsWith(p))) return;
            expect(res.headers['content-type'], what).toMatch(/^application\/json/);
            expect(res.json(), what).toMatchObject({
              success: false,
              response: { systemMessage: [{ exceptionKey: expect.any(String), messages: [expect.any(String)] }] },
            });
            expect(res.body, what).not.toContain(visitor.token);
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
      }
    },
    300_000,
  );
});
