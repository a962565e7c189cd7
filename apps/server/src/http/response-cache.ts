import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refuseUncleanInput } from './input-boundary.ts';
import { compressBody, encodingFor, markEncoded, type BodyEncoding } from './whole-body-compression.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public, customer-independent GET answers (the catalogue) may be served from memory this long. */
    cacheSeconds?: number;
  }
  interface FastifyRequest {
    /** Set on the request making a missing cache entry: tells the requests waiting for it that it is done. */
    madeEntry?: () => void;
  }
  interface FastifyInstance {
    /**
     * The cached answer of a GET of this address, if one is fresh, as its parsed body: a page's own calls
     * read it without a request. Frozen: every page that reads it shares the one object.
     */
    cachedAnswer(url: string): unknown;
  }
}

const MAX_ENTRIES = 1000;
/** The share of an entry's life, at its end, in which the next request asking for it makes it anew. */
const REFRESH_AHEAD_SHARE = 0.2;

interface Entry {
  body: Buffer;
  expires: number;
  lifeMs: number;
  parsed?: unknown;
  encoded: Partial<Record<BodyEncoding, Promise<Buffer>>>;
}

/**
 * How long requests for an entry being made wait for it, at most. Past it (the request making it went
 * quiet: a client gone, a slow database) they make it themselves.
 */
const WAIT_FOR_ENTRY_MS = 1000;

/** Query fields that differ per visitor and never change a public answer: the page token every call carries. */
const PER_VISITOR_FIELDS = ['f__key__'];

/** The entry of an address: its path and query without the per-visitor fields, so every visitor shares it. */
export function cacheKey(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  for (const name of PER_VISITOR_FIELDS) query.delete(name);
  const rest = query.toString();
  return rest ? `${url.slice(0, at)}?${rest}` : url.slice(0, at);
}

/**
 * A small in-process cache for public catalogue answers: they are the same for every visitor and
 * change rarely, so a few seconds of staleness is fine (checkout re-checks price and stock anyway).
 * Each process keeps its own. Shared by every visitor: the key leaves out the page token, and a
 * cacheable route is never shown the visitor's session (session.ts), so no answer can carry one.
 */
export const responseCache = fp(async (app: FastifyInstance) => {
  // Buffers, so a hit skips re-encoding the JSON text on every send; parsed once, on a page's first read;
  // compressed once per encoding, not on every hit
  const entries = new Map<string, Entry>();

  function fresh(key: string): Entry | undefined {
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (hit.expires > Date.now()) return hit;
    entries.delete(key);
    return undefined;
  }

  /**
   * The entries being made, by key: when one expires, the page renders and browsers asking for it at
   * that moment would each run the route (the query, the building) at once; the first makes it and the
   * rest wait for it. Measured: every 5 s the product page's p99 doubled at 20 connections.
   */
  const making = new Map<string, { done: Promise<void>; since: number }>();

  /** The request making this entry, unless it went quiet (a client gone, a slow database). */
  function activeMaker(key: string) {
    const other = making.get(key);
    return other && Date.now() - other.since < WAIT_FOR_ENTRY_MS ? other : undefined;
  }

  function becomeMaker(req: FastifyRequest, key: string): void {
    let finish!: () => void;
    const made = { done: new Promise<void>((resolve) => (finish = resolve)), since: Date.now() };
    making.set(key, made);
    req.madeEntry = () => {
      if (making.get(key) === made) making.delete(key);
      finish();
    };
  }

  /**
   * An entry in its last fifth of life that nobody is making again yet: the request asking now makes
   * the next one while every other keeps being answered from this one, so an entry asked for all the
   * time never expires and no answer waits for another (the waits were a page's p99).
   */
  function dueForRefresh(key: string, hit: Entry): boolean {
    return hit.expires - Date.now() <= hit.lifeMs * REFRESH_AHEAD_SHARE && !activeMaker(key);
  }

  // only cacheable routes' answers are ever stored, so an entry found is one such route's answer
  app.decorate('cachedAnswer', (url: string) => {
    const key = cacheKey(url);
    const hit = fresh(key);
    // the page's call goes through the stack and makes the next entry
    if (!hit || dueForRefresh(key, hit)) return undefined;
    hit.parsed ??= deepFreeze(JSON.parse(hit.body.toString()));
    return hit.parsed;
  });

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.cacheSeconds) return;
    // a request the route would refuse is refused before a hit could answer it
    refuseUncleanInput(req);
    const key = cacheKey(req.url);
    let hit = fresh(key);
    if (hit && dueForRefresh(key, hit)) return becomeMaker(req, key);
    if (!hit) {
      const other = activeMaker(key);
      if (!other) return becomeMaker(req, key);
      const giveUp = new AbortController();
      await Promise.race([other.done, setTimeout(WAIT_FOR_ENTRY_MS, undefined, { signal: giveUp.signal }).catch(() => undefined)]);
      giveUp.abort();
      hit = fresh(key);
    }
    if (!hit) return;
    reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit');
    const encoding = encodingFor(req, reply, hit.body.length, 'once');
    if (!encoding) return reply.send(hit.body);
    const body = await (hit.encoded[encoding] ??= compressBody(hit.body, encoding, 'once'));
    markEncoded(reply, encoding);
    return reply.send(body);
  });

  // every answer ends here, an error's too: whoever waits for it goes on
  app.addHook('onResponse', async (req) => {
    req.madeEntry?.();
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const seconds = req.routeOptions.config?.cacheSeconds;
    if (!seconds || req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    // an answer that sets a cookie is someone's: never shared
    if (reply.getHeader('x-cache') === 'hit' || reply.hasHeader('set-cookie')) return payload;
    const key = cacheKey(req.url);
    // a remade entry goes to the end, so the entries evicted first are those made longest ago
    const remade = entries.delete(key);
    if (!remade && entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, { body: Buffer.from(payload), expires: Date.now() + seconds * 1000, lifeMs: seconds * 1000, encoded: {} });
    return payload;
  });
});

/** A parsed answer shared by the pages that read it: a page changing it would change it for every other. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
