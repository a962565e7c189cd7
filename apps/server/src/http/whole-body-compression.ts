import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * Per answer, gzip level 4 (a product page: 8.6 KB in half the time of level 6's 8.3 KB) and Brotli
 * quality 3 (half quality 4's time for 3% more bytes); what is compressed once for every client after
 * (see CompressedHowOften) is worth more time.
 */
const GZIP_LEVEL: Record<CompressedHowOften, number> = { once: 9, perAnswer: 4 };
const BROTLI_QUALITY: Record<CompressedHowOften, number> = { once: 6, perAnswer: 3 };

/**
 * The window fits the body: Brotli's default 4 MB window is allocated and cleared on the event loop for
 * every body, which cost more than the compression itself (decision 011 addendum).
 */
function brotliOptions(size: number, howOften: CompressedHowOften): zlib.BrotliOptions {
  const window = Math.min(24, Math.max(16, Math.ceil(Math.log2(size))));
  return {
    chunkSize: CHUNK_BYTES,
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[howOften],
      [zlib.constants.BROTLI_PARAM_LGWIN]: window,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

export type BodyEncoding = 'br' | 'gzip';

/**
 * Which encoding a body compressed once (a cached answer, kept for every client after) or per answer
 * (a page, a fresh JSON answer) goes out in when the client accepts both. Per answer gzip: Brotli's
 * encoder, made anew for each body, is external memory V8 counts, and under load the pages spent about
 * 7% more of the event loop than with gzip level 4 (measured at 20 connections), for 2% fewer bytes.
 */
export type CompressedHowOften = 'once' | 'perAnswer';
const PREFERENCE: Record<CompressedHowOften, BodyEncoding[]> = { once: ['br', 'gzip'], perAnswer: ['gzip', 'br'] };

/**
 * The encoding this body goes out in: the client's preferred one of Brotli and gzip (ours on a tie), or
 * none (too small, not text, or the client accepts neither). Marks the answer as varying by
 * Accept-Encoding either way.
 */
export function encodingFor(req: FastifyRequest, reply: FastifyReply, size: number, howOften: CompressedHowOften): BodyEncoding | undefined {
  if (size < THRESHOLD_BYTES || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return undefined;
  varyOnEncoding(reply);
  const encoding = negotiate(String(req.headers['accept-encoding'] ?? ''), PREFERENCE[howOften]);
  return encoding === 'br' || encoding === 'gzip' ? encoding : undefined;
}

/**
 * Answers up to this size compressed for one request are compressed on the event loop (what is
 * compressed once, at higher levels, stays on the pool). Handing one to libuv's thread pool costs
 * more than compressing it: for a 1.5 KB JSON answer about 50 µs of the event loop and 170-270 µs of CPU
 * in all, against 20-50 µs done here (gzip level 4; a 16 KB body about 70 µs either way on the event
 * loop, three times the CPU through the pool). Under a burst, the pool's threads took cores the event
 * loop and the database needed (decision 011 addendum).
 */
const ON_LOOP_MAX_BYTES = 16 * 1024;

export async function compressBody(body: Buffer | string, encoding: BodyEncoding, howOften: CompressedHowOften): Promise<Buffer> {
  const size = Buffer.byteLength(body);
  const gzipOptions = { chunkSize: CHUNK_BYTES, level: GZIP_LEVEL[howOften] };
  if (howOften === 'perAnswer' && size <= ON_LOOP_MAX_BYTES) {
    const encoded = encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(size, howOften)) : zlib.gzipSync(body, gzipOptions);
    // a view into the encoder's 64 KB output chunk: copied, so a kept answer does not hold the whole chunk
    return Buffer.from(encoded);
  }
  return encoding === 'br' ? brotli(body, brotliOptions(size, howOften)) : gzip(body, gzipOptions);
}

/** Sends an encoded body: the Content-Encoding set here also tells the hook below to leave it. */
export function markEncoded(reply: FastifyReply, encoding: BodyEncoding): void {
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
}

/**
 * Pages and JSON answers, which are whole in memory, compressed in one call on libuv's thread pool.
 * @fastify/compress turns each into a stream of chunks piped through a zlib stream with Brotli's largest
 * window: for a product page that cost the event loop about 1 ms per request, now about 0.1. Streams (a
 * file, a PDF) stay the plugin's, registered after this hook; a body already encoded is left as it is
 * (the response cache keeps its entries' encoded copies, response-cache.ts).
 */
export const wholeBodyCompression = fp(
  async (app) => {
    app.addHook('onSend', async (req, reply, payload) => {
      if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || reply.hasHeader('content-encoding')) return payload;
      const encoding = encodingFor(req, reply, Buffer.byteLength(payload), 'perAnswer');
      if (!encoding) return payload;
      const body = await compressBody(payload, encoding, 'perAnswer');
      markEncoded(reply, encoding);
      return body;
    });
  },
  { name: 'whole-body-compression' },
);

function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
