import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import fp from 'fastify-plugin';
import { pendingMigrations } from '@andes/db/client';
import { notFound, unauthorized } from '../../http/errors.ts';
import { exposition, type Metrics } from '../../metrics.ts';
import { metricsAccess } from './access.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** The site is shutting down (shutdown.ts): not ready, and every connection closes after its answer. */
    draining: boolean;
  }
  interface FastifyContextConfig {
    /** The route's name in the request metrics when its pattern is not a good one (many routes, one kind). */
    metricsRoute?: string;
  }
}

/** A database that does not answer in this time is not ready (a balancer's probe must not hang). */
const READY_TIMEOUT_MS = 2000;

/**
 * Balancer probes and scrapers call these every few seconds: not counted by the per-address limit, not
 * logged per request, and they never make a session (none is set; a probe sends no cookie) or need the page token.
 */
const probe: RouteShorthandOptions = { logLevel: 'warn', config: { rateLimit: false } };

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Operations endpoints: `/health` (the process answers), `/ready` (it can serve: database reachable,
 * every migration of this build applied, not shutting down) and `/metrics` (Prometheus text), plus the
 * request figures of every route. docs/decisions/012.
 */
export const opsRoutes = fp(async (app: FastifyInstance, opts: { metrics: Metrics; metricsToken?: string }) => {
  app.decorate('metrics', opts.metrics);
  app.decorate('draining', false);
  app.addHook('onSend', async (_req, reply) => {
    // a kept-alive connection would otherwise outlive the drain and hold the shutdown to its timeout
    if (app.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.config?.metricsRoute ?? req.routeOptions.url ?? 'unmatched';
    opts.metrics.request(route, req.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/health', probe, async () => ({ status: 'up' }));

  app.get('/ready', probe, async (_req, reply) => {
    const reason = app.draining ? 'shutting down' : await notReadyReason(app);
    if (reason) return reply.status(503).send({ status: 'not ready', reason });
    return { status: 'ready' };
  });

  app.get('/metrics', probe, async (req, reply) => {
    const access = metricsAccess(req, opts.metricsToken);
    if (access === 'hidden') throw notFound();
    if (access === 'unauthorized') throw unauthorized(false);
    const { contentType, body } = await exposition(opts.metrics);
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
});

/** Why this process cannot serve now, or null when it can; the failure itself goes to the log, never to the probe. */
async function notReadyReason(app: FastifyInstance): Promise<string | null> {
  try {
    const pending = await withTimeout(pendingMigrations(app.db), READY_TIMEOUT_MS);
    return pending > 0 ? 'migrations pending' : null;
  } catch (error) {
    app.log.warn({ err: error }, 'readiness: database check failed');
    return 'database unreachable';
  }
}
