import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether the request came from this machine itself: the connection's own peer is a loopback address
 * and no proxy forwarded it (a proxy on the same machine connects from loopback for everyone).
 */
function fromThisMachine(req: FastifyRequest): boolean {
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(req.socket.remoteAddress ?? '');
}

/** Compared as digests, so neither the time taken nor a length difference tells anything about the token. */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * Who may read the metrics: this machine, or anyone with the `METRICS_TOKEN` bearer token. Elsewhere
 * the endpoint does not exist without a token set (404), and asks for the token when one is (401).
 */
export function metricsAccess(req: FastifyRequest, token: string | undefined): 'allowed' | 'hidden' | 'unauthorized' {
  const sent = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (token && sent && sameSecret(sent, token)) return 'allowed';
  if (fromThisMachine(req)) return 'allowed';
  return token ? 'unauthorized' : 'hidden';
}
