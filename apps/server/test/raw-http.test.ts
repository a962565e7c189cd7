import net from 'node:net';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteId } from '@andes/domain/market';
import { startTestSite, type TestSite } from './helpers.ts';

// Node parses these before Fastify does: answered through its listeners or its socket (error-handler.ts)

const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const env = { RATE_LIMIT_PER_MINUTE: '0', ...(existsSync(`${webBuild}/server/index.js`) ? { WEB_BUILD_DIR: webBuild } : {}) };
const PORTS: Record<SiteId, number> = { cl: Number(process.env.E2E_PORT_BASE ?? 4570) + 8, pe: Number(process.env.E2E_PORT_BASE ?? 4570) + 9 };

interface RawAnswer {
  status: number | null;
  head: string;
  body: string;
  closed: boolean;
}

/** Sends `text` as written on a fresh socket; the answer and whether the server closed the socket. */
function raw(port: number, text: string, waitMs = 3000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const done = (closed: boolean) => {
      socket.destroy();
      const [head, ...rest] = data.split('\r\n\r\n');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      resolve({ status: status ? Number(status) : null, head, body: rest.join('\r\n\r\n'), closed });
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      done(true);
    });
    socket.on('error', () => {});
    socket.write(text, 'latin1');
  });
}

/** The envelope's first error key, or null when the body is not the envelope. */
function errorKey(body: string): string | null {
  try {
    return (JSON.parse(body) as { response: { systemMessage: { exceptionKey: string }[] } }).response.systemMessage[0].exceptionKey;
  } catch {
    return null;
  }
}

const close = 'Connection: close\r\n\r\n';

describe.each(['cl', 'pe'] as const)('%s: raw HTTP edge cases', (site) => {
  let s: TestSite;
  const port = PORTS[site];
  beforeAll(async () => {
    s = await startTestSite(site, 'embedded', env);
    // a route that echoes what it is sent into a header, as a careless redirect would
    s.app.get('/restpp/test/echo', (req, reply) =>
      reply.header('set-cookie', `x=${(req.query as { to: string }).to}`).redirect((req.query as { to: string }).to, 303),
    );
    await s.app.listen({ port, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('refuses an HTTP/1.1 request without Host in the envelope (API) and keeps HTTP/1.0 without it', async () => {
    const api = await raw(port, `GET /restpp/catalogue/products?kind=phones HTTP/1.1\r\n${close}`);
    expect(api.status).toBe(400);
    expect(errorKey(api.body)).toBe('pp.error.validation');
    expect(api.closed).toBe(true);
    if (env.WEB_BUILD_DIR) {
      const page = await raw(port, `GET / HTTP/1.1\r\nAccept: text/html\r\n${close}`);
      expect(page.status).toBe(400);
      expect(page.body).toContain('<h1>No pudimos leer tu solicitud</h1>');
    }
    const old = await raw(port, `GET /restpp/catalogue/products?kind=phones HTTP/1.0\r\n${close}`);
    expect(old.status).toBe(200);
  });

  it('answers CONNECT 405 in the envelope and closes the socket', async () => {
    const answer = await raw(port, 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n');
    expect(answer.status).toBe(405);
    expect(errorKey(answer.body)).toBe('pp.error.validation');
    expect(answer.closed).toBe(true);
  });

  it('answers OPTIONS * with a 4xx envelope', async () => {
    const answer = await raw(port, `OPTIONS * HTTP/1.1\r\nHost: localhost\r\n${close}`);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(errorKey(answer.body)).not.toBeNull();
  });

  it('reads an absolute-form target as its path', async () => {
    const api = await raw(port, `GET http://localhost/restpp/catalogue/products?kind=phones&page=1 HTTP/1.1\r\nHost: localhost\r\n${close}`);
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toMatchObject({ success: true });
    if (env.WEB_BUILD_DIR) {
      const page = await raw(port, `GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\n${close}`);
      expect(page.status).toBe(200);
    }
    const odd = await raw(port, `GET http://[/x HTTP/1.1\r\nHost: localhost\r\n${close}`);
    expect(odd.status).toBeGreaterThanOrEqual(400);
    expect(odd.status).toBeLessThan(500);
  });

  it.each([
    ['a CR LF', '/a%0D%0ASet-Cookie:%20y=1'],
    ['a character over U+00FF', '/%E2%82%AC'],
  ])('refuses a value with %s that would make an invalid header with a 400 envelope', async (_name, to) => {
    const answer = await raw(port, `GET /restpp/test/echo?to=${to} HTTP/1.1\r\nHost: localhost\r\n${close}`);
    expect(answer.status).toBe(400);
    expect(errorKey(answer.body)).toBe('pp.error.validation');
    expect(answer.head).not.toMatch(/^(location|set-cookie):/im);
  });

  it('keeps serving after all of it', async () => {
    expect((await raw(port, `GET /restpp/catalogue/products?kind=phones HTTP/1.1\r\nHost: localhost\r\n${close}`)).status).toBe(200);
  });
});
