import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public, customer-independent GET answers (the catalogue) may be served from memory this long. */
    cacheSeconds?: number;
  }
}

const MAX_ENTRIES = 1000;

/**
 * A small in-process cache for public catalogue answers: they are the same for every visitor and
 * change rarely, so a few seconds of staleness is fine (checkout re-checks price and stock anyway).
 * Each process keeps its own; nothing customer-specific may use it.
 */
export const responseCache = fp(async (app: FastifyInstance) => {
  // Buffers, so a hit skips re-encoding the JSON text on every send
  const entries = new Map<string, { body: Buffer; expires: number }>();

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.cacheSeconds) return;
    const hit = entries.get(req.url);
    if (!hit) return;
    if (hit.expires <= Date.now()) {
      entries.delete(req.url);
      return;
    }
    return reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit').send(hit.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const seconds = req.routeOptions.config?.cacheSeconds;
    if (!seconds || req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (reply.getHeader('x-cache') === 'hit') return payload;
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(req.url, { body: Buffer.from(payload), expires: Date.now() + seconds * 1000 });
    return payload;
  });
});
