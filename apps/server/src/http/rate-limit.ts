import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { ErrorKeys } from '@andes/domain/error-keys';
import { AppError } from './errors.ts';

const WINDOW_MS = 60_000;

/**
 * The counter key of a client address: an IPv4 address itself, an IPv6 address its /64 (one home or
 * phone gets a whole /64, so counting single IPv6 addresses would let one client rotate past any
 * limit). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  const [head, tail] = ip.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

export interface AddressRateLimitOptions {
  /** Requests per minute per address (TRUST_PROXY decides which address is the client's); 0 turns it off. */
  perMinute: number;
  /** The server's own in-process calls (a page's API calls) are part of the page's request: not counted again. */
  isInternalCall: (req: FastifyRequest) => boolean;
  /** A client that is not its address: a line behind the captive portal's network proxy (captive-host.ts). */
  clientKey?: (req: FastifyRequest) => string | undefined;
}

/**
 * A general limit per client address on pages and API calls, checked before anything else reads the
 * request (session, database, body), so a flood from one address costs little. Counters live in this
 * process's memory (docs/decisions/006-input-boundary.md); the limits that guard secrets (sign-in,
 * codes) are counted in the database and are exact across processes.
 */
export const addressRateLimit = fp(async (app: FastifyInstance, opts: AddressRateLimitOptions) => {
  if (opts.perMinute === 0) return;
  await app.register(rateLimit, { global: false });
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: opts.perMinute,
      timeWindow: WINDOW_MS,
      keyGenerator: (req) => opts.clientKey?.(req) ?? addressKey(req.ip),
      // routes configured `rateLimit: false` (the web build's files) are not counted
      allowList: (req) => req.routeOptions.config?.rateLimit === false || opts.isInternalCall(req),
      errorResponseBuilder: (_req, context) =>
        new AppError(ErrorKeys.rateLimited, 429, { params: { minutes: Math.max(1, Math.ceil(context.ttl / WINDOW_MS)) } }),
    }),
  );
});
