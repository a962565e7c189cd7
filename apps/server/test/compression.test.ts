import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressBody } from '../src/http/whole-body-compression.ts';
import { startTestSite, type TestSite } from './helpers.ts';

/**
 * A web build as the browser build leaves it: a hashed asset with its Brotli and gzip copies beside it
 * (apps/web/precompress.ts), and a server entry that renders nothing (the pages are not under test).
 */
function fakeWebBuild(): { dir: string; asset: string; body: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'andes-web-build-'));
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'server', 'index.js'),
    [
      'export const routes = {};',
      'export const entry = { module: { default: () => new Response("") } };',
      'export const assets = { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" };',
      'export const future = {}; export const publicPath = "/"; export const assetsBuildDirectory = "";',
      'export const ssr = true; export const isSpaMode = false; export const prerender = [];',
      'export const routeDiscovery = { mode: "lazy", manifestPath: "/__manifest" };',
    ].join('\n'),
  );
  const body = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`;
  const asset = 'app-Ab12Cd34.js';
  const file = path.join(dir, 'client', 'assets', asset);
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
  return { dir, asset, body };
}

describe('compression and caching on the wire', () => {
  const build = fakeWebBuild();
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('cl', 'embedded', { WEB_BUILD_DIR: build.dir, RATE_LIMIT_PER_MINUTE: '0' });
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    rmSync(build.dir, { recursive: true, force: true });
  });

  it('sends a hashed asset precompressed by Accept-Encoding, immutable for a year, varying by encoding', async () => {
    const url = `/assets/${build.asset}`;
    const br = await site.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(build.body);
    const gz = await site.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(build.body);
    const plain = await site.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(build.body);
    for (const res of [br, gz, plain]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('compresses dynamic JSON on the wire and leaves tiny bodies as they are', async () => {
    const url = '/restpp/catalogue/products?kind=phones';
    const res = await site.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const plain = await site.app.inject({ url });
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(plain.json());
    expect(plain.headers['content-encoding']).toBeUndefined();
    const tiny = await site.app.inject({ url: '/restpp/security/token', headers: { 'accept-encoding': 'gzip' } });
    expect(tiny.rawPayload.length).toBeLessThan(1024);
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });

  it("a cached answer follows the browser's preferences: Brotli first, gzip when Brotli is refused, nothing when neither is accepted", async () => {
    const url = '/restpp/catalogue/products?kind=phones';
    const plain = (await site.app.inject({ url })).json();
    const br = await site.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain);
    const noBrotli = await site.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const neither = await site.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(neither.headers['content-encoding']).toBeUndefined();
    expect(String(neither.headers.vary)).toMatch(/accept-encoding/i);
    expect(neither.json()).toEqual(plain);
    // the shared cache answers later visitors with the copy it compressed for the first
    const hits = await Promise.all([1, 2].map(() => site.app.inject({ url, headers: { 'accept-encoding': 'br' } })));
    for (const hit of hits) {
      expect(hit.headers['x-cache']).toBe('hit');
      expect(hit.headers['content-encoding']).toBe('br');
      expect(String(hit.headers.vary)).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(hit.rawPayload).toString())).toEqual(plain);
    }
  });

  it('an answer compressed for its request alone goes out in gzip when the browser takes both, in Brotli when it takes only that', async () => {
    // an address of its own: the shared cache has no copy, so the route answers and its body is compressed for this request
    const fresh = (n: number) => `/restpp/catalogue/products?kind=phones&pagina=${n}`;
    const plain = (await site.app.inject({ url: fresh(1) })).json();
    const browser = await site.app.inject({ url: fresh(2), headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(browser.headers['x-cache']).toBeUndefined();
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(browser.rawPayload).toString())).toEqual(plain);
    const brotliOnly = await site.app.inject({ url: fresh(3), headers: { 'accept-encoding': 'br' } });
    expect(brotliOnly.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotliOnly.rawPayload).toString())).toEqual(plain);
    const brotliPreferred = await site.app.inject({ url: fresh(4), headers: { 'accept-encoding': 'gzip;q=0.5, br' } });
    expect(brotliPreferred.headers['content-encoding']).toBe('br');
  });
});

describe('compressBody', () => {
  // a small answer is compressed on the event loop, a page-sized one on the thread pool: both decode
  it.each([2_000, 16 * 1024, 16 * 1024 + 1, 200_000])('a %i-byte body comes back whole from Brotli and gzip, either way', async (size) => {
    const body = JSON.stringify({ text: 'Plan Libre 5G · Equipo con cuotas '.repeat(size) }).slice(0, size);
    for (const howOften of ['once', 'perAnswer'] as const) {
      expect(brotliDecompressSync(await compressBody(body, 'br', howOften)).toString()).toBe(body);
      expect(gunzipSync(await compressBody(Buffer.from(body), 'gzip', howOften)).toString()).toBe(body);
    }
  });

  it('a small answer compressed on the event loop holds its own bytes, not the encoder’s 64 KB chunk', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const encoded = await compressBody('{"ok":true,"plan":"Libre 5G"}'.repeat(40), encoding, 'perAnswer');
      expect(encoded.buffer.byteLength).toBeLessThan(64 * 1024);
    }
  });
});
