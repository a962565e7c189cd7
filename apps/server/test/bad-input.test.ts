import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SiteId } from '@andes/domain/market';
import { pageUrl } from '../src/web/routes.ts';
import { bothSites, drivers, Visitor } from './helpers.ts';

const markets: SiteId[] = ['cl', 'pe'];

/** A failure in the envelope of ARCHITECTURE §4 with this status and error key. */
function expectFailure(res: LightMyRequestResponse, status: number, key: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, response: { systemMessage: [{ exceptionKey: key, messages: [expect.any(String)] }] } });
}

/** Sends raw bytes on a new connection and answers everything the server wrote before closing it (the requests ask it to close). */
function raw(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** The JSON body of a raw HTTP/1.1 answer. */
const rawBody = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe.each(drivers)('bad input never kills the server or answers 500 (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(markets)('%s: a NUL byte in a query, a path parameter, a JSON body or a form body is refused with a 400 naming the field', async (site) => {
    const v = await new Visitor(sites[site].app).open();
    const inQuery = await v.call('GET', '/restpp/order/status?order=%00');
    expectFailure(inQuery, 400, 'pp.error.validation');
    expect(inQuery.json().validationError.order).toEqual([expect.stringMatching(/caracteres/)]);

    const inPath = await v.call('GET', '/img/producto/%00/1.svg');
    expectFailure(inPath, 400, 'pp.error.validation');
    expect(Object.keys(inPath.json().validationError)).toEqual(['skuId']);

    const inJson = await v.call('POST', '/restpp/order/cancel', { order: 'A\u0000', idempotencyKey: 'cancel-nul-1' });
    expectFailure(inJson, 400, 'pp.error.validation');
    expect(Object.keys(inJson.json().validationError)).toEqual(['order']);

    const nested = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: 'sku\u0000', quantity: 1 }]);
    expectFailure(nested, 400, 'pp.error.validation');

    const inForm = await sites[site].app.inject({
      method: 'POST',
      url: `/restpp/order/cancel?f__key__=${v.token}`,
      headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'order=%00&idempotencyKey=cancel-nul-2',
      remoteAddress: v.address,
    });
    expectFailure(inForm, 400, 'pp.error.validation');
    expect(Object.keys(inForm.json().validationError)).toEqual(['order']);
  });

  it.each(markets)(
    '%s: text that is not valid UTF-8 (percent-encoded, raw bytes or a lone surrogate) is refused with a 400, not read as something else',
    async (site) => {
      const v = await new Visitor(sites[site].app).open();
      const encoded = await v.call('GET', '/restpp/order/status?order=%C3%28');
      expectFailure(encoded, 400, 'pp.error.validation');
      expect(Object.keys(encoded.json().validationError)).toEqual(['order']);

      const bytes = await sites[site].app.inject({
        method: 'POST',
        url: `/restpp/order/cancel?f__key__=${v.token}`,
        headers: { cookie: v.cookie, 'content-type': 'application/json' },
        payload: Buffer.concat([Buffer.from('{"order":"A'), Buffer.from([0xc3, 0x28]), Buffer.from('","idempotencyKey":"cancel-utf8-1"}')]),
        remoteAddress: v.address,
      });
      expectFailure(bytes, 400, 'pp.error.validation');
      expect(Object.keys(bytes.json().validationError)).toEqual(['order']);

      const surrogate = await sites[site].app.inject({
        method: 'POST',
        url: `/restpp/order/cancel?f__key__=${v.token}`,
        headers: { cookie: v.cookie, 'content-type': 'application/json' },
        payload: '{"order":"A\\ud800","idempotencyKey":"cancel-utf8-2"}',
        remoteAddress: v.address,
      });
      expectFailure(surrogate, 400, 'pp.error.validation');
    },
  );

  it.each(markets)('%s: a repeated query field is refused with a 400 naming it, except a field the route takes as a list', async (site) => {
    const v = await new Visitor(sites[site].app).open();
    for (const [url, field] of [
      ['/restpp/asset/topups/return?token_ws=a&token_ws=b', 'token_ws'],
      ['/restpp/asset/topups/return?TBK_TOKEN=a&TBK_TOKEN=b', 'TBK_TOKEN'],
      ['/restpp/asset/topups/return?TBK_ORDEN_COMPRA=a&TBK_ORDEN_COMPRA=b', 'TBK_ORDEN_COMPRA'],
      ['/restpp/migration/return?token_ws=a&token_ws=b', 'token_ws'],
      ['/restpp/migration/return?TBK_TOKEN=a&TBK_ORDEN_COMPRA=1&TBK_ORDEN_COMPRA=2', 'TBK_ORDEN_COMPRA'],
      ['/restpp/order/payment/return?TBK_TOKEN=a&TBK_TOKEN=b', 'TBK_TOKEN'],
      ['/restpp/order/status?order=1&order=2', 'order'],
    ] as const) {
      const res = await v.call('GET', url, undefined, { token: null });
      expectFailure(res, 400, 'pp.error.validation');
      expect(res.json().validationError).toEqual({ [field]: [expect.stringMatching(/más de una vez/)] });
    }
    // the catalogue's brand filter is a list (checkboxes of one name)
    const brands = await v.call('GET', '/restpp/catalogue/products?kind=phones&brand=Samsung&brand=Apple');
    expect(brands.statusCode).toBe(200);
    expect(brands.json().query.brands).toEqual(['Samsung', 'Apple']);
  });

  it.each(markets)(
    "%s: Fastify's own refusals (bad URL, long parameter, large or unreadable body, wrong content type) answer the envelope and never echo the URL",
    async (site) => {
      const app: FastifyInstance = sites[site].app;
      const badUrl = await app.inject({ method: 'GET', url: '/restpp/assets/%C3%28?f__key__=page-secret-token' });
      expectFailure(badUrl, 400, 'pp.error.validation');
      expect(badUrl.body).not.toMatch(/page-secret-token|%C3|assets/);

      const long = `/restpp/order/${'a'.repeat(8000)}?f__key__=page-secret-token`;
      const tooLong = await app.inject({ method: 'DELETE', url: long });
      expectFailure(tooLong, 414, 'pp.error.request.too.large');
      expect(tooLong.body).not.toMatch(/page-secret-token|aaaa/);

      const v = await new Visitor(app).open();
      const post = (payload: string | Buffer, contentType: string) =>
        app.inject({
          method: 'POST',
          url: `/restpp/order/cancel?f__key__=${v.token}`,
          headers: { cookie: v.cookie, 'content-type': contentType },
          payload,
          remoteAddress: v.address,
        });
      expectFailure(await post(JSON.stringify({ order: 'x'.repeat(1_100_000) }), 'application/json'), 413, 'pp.error.request.too.large');
      expectFailure(await post('<order/>', 'text/xml'), 415, 'pp.error.validation');
      expectFailure(await post('{"order": ', 'application/json'), 400, 'pp.error.validation');
      expectFailure(await app.inject({ method: 'GET', url: '/restpp/no/such/thing' }), 404, 'pp.error.not.found');
    },
  );

  it.each(markets)(
    '%s: over a real socket, a bad port in a protocol-relative path, a malformed header block or oversized headers answer 4xx envelopes and the server keeps serving',
    async (site) => {
      const app = await sites[site].restart();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      try {
        const crash = await raw(port, 'GET //x:99999 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
        expect(crash).toMatch(/^HTTP\/1\.1 404 /);
        expect(rawBody(crash)).toMatchObject({ success: false, response: { systemMessage: [{ exceptionKey: 'pp.error.not.found' }] } });

        const badLength = await raw(
          port,
          'POST /restpp/order/cancel HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
        );
        expect(badLength).toMatch(/^HTTP\/1\.1 400 /);
        expect(rawBody(badLength)).toMatchObject({ success: false, response: { systemMessage: [{ exceptionKey: 'pp.error.validation' }] } });

        const bigHeaders = await raw(port, `GET /restpp/stores HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        expect(bigHeaders).toMatch(/^HTTP\/1\.1 431 /);
        expect(rawBody(bigHeaders)).toMatchObject({ success: false, response: { systemMessage: [{ exceptionKey: 'pp.error.request.too.large' }] } });

        // RFC 9112 §3.2: more than one Host field is a 400; Node alone would keep the first
        const twoHosts = await raw(port, 'GET /restpp/stores HTTP/1.1\r\nHost: 127.0.0.1\r\nhost: evil.example\r\nConnection: close\r\n\r\n');
        expect(twoHosts).toMatch(/^HTTP\/1\.1 400 /);
        expect(rawBody(twoHosts)).toMatchObject({ success: false, response: { systemMessage: [{ exceptionKey: 'pp.error.validation' }] } });

        const still = await raw(port, 'GET /restpp/security/token HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
        expect(still).toMatch(/^HTTP\/1\.1 200 /);
      } finally {
        await app.close();
      }
    },
  );
});

describe('the URL a page is rendered for', () => {
  it('keeps a Host that names an origin, renders for localhost when it names none, and keeps the path a path', () => {
    expect(pageUrl('http', '127.0.0.1:3000', '/lista-productos?brand=a')).toBe('http://127.0.0.1:3000/lista-productos?brand=a');
    expect(pageUrl('https', '[::1]:8443', '/')).toBe('https://[::1]:8443/');
    for (const host of ['a b', '[', '', '127.0.0.1:abc', 'x:99999', '999.1.1.1', 'evil.example/phish', 'a?b', 'a#b', 'user@a']) {
      expect(pageUrl('http', host, '/personas'), host).toBe('http://localhost/personas');
    }
    expect(pageUrl('http', '', '//x:99999')).toBe('http://localhost//x:99999');
    expect(pageUrl('a b', 'shop.example', '/')).toBe('http://shop.example/');
    for (const url of [pageUrl('http', '', '//x:99999'), pageUrl('http', '[', '*')]) expect(() => new Request(url)).not.toThrow();
  });
});
