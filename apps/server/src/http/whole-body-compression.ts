import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import { negotiate } from '@fastify/accept-negotiator';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies under this gain nothing from compression (the headers alone are about that size). */
const THRESHOLD_BYTES = 1024;
/** Texts: pages and JSON answers. Files of the web build come precompressed (web/routes.ts). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml)|application\/[\w.+-]+\+json)/;
/** One output buffer for a whole page rather than 16 KB pieces joined afterwards. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Quality 3 compresses a product page in half the time of quality 4 for 3% more bytes; a page is
 * compressed on every request, unlike the build's files. The window fits the body: Brotli's default
 * 4 MB window is allocated and cleared on the event loop for every body, which cost more than the
 * compression itself (decision 011 addendum).
 */
function brotliOptions(size: number): zlib.BrotliOptions {
  const window = Math.min(24, Math.max(16, Math.ceil(Math.log2(size))));
  return {
    chunkSize: CHUNK_BYTES,
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
      [zlib.constants.BROTLI_PARAM_LGWIN]: window,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/**
 * Pages and JSON answers, which are whole in memory, compressed in one call on libuv's thread pool.
 * @fastify/compress turns each into a stream of chunks piped through a zlib stream with Brotli's
 * largest window: for a product page that cost the event loop about 1 ms per request, now about 0.1. Streams (a file, a PDF) stay the plugin's,
 * registered after this hook; it leaves a body that already has a Content-Encoding as it is.
 */
export const wholeBodyCompression = fp(
  async (app) => {
    app.addHook('onSend', async (req, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const size = Buffer.byteLength(payload);
      if (reply.hasHeader('content-encoding') || size < THRESHOLD_BYTES) return payload;
      if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
      const encoding = negotiate(String(req.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
      varyOnEncoding(reply);
      if (encoding !== 'br' && encoding !== 'gzip') return payload;
      const body = encoding === 'br' ? await brotli(payload, brotliOptions(size)) : await gzip(payload, { chunkSize: CHUNK_BYTES });
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return body;
    });
  },
  { name: 'whole-body-compression' },
);

function varyOnEncoding(reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown }): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
