import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorKeys } from '@andes/domain/error-keys';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for calls that come from outside systems (gateway callbacks), never from our pages. */
    csrf?: boolean;
    /**
     * A GET that changes state. SPEC §7 fixes some of these as GET (order creation, payment start,
     * logout), so the method alone cannot tell: such a route needs the page token like a POST.
     */
    stateChanging?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether this request must carry the page token: a state-changing method or a route marked so. */
export function needsToken(req: FastifyRequest): boolean {
  const config = req.routeOptions.config;
  if (config?.csrf === false) return false;
  return STATE_CHANGING.has(req.method) || config?.stateChanging === true;
}

/**
 * The page's hidden token travels as `f__key__` on every call (SPEC §7); state changes need it: the
 * session's token, or a page token signed for this browser (the first state change of a visitor
 * without a session, which then gets one: session.ts).
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (req: FastifyRequest, reply) => {
    if (!needsToken(req)) return;
    const sent = (req.query as Record<string, unknown> | undefined)?.f__key__;
    if (typeof sent !== 'string') throw new AppError(ErrorKeys.csrf, 403);
    if (req.session && sameToken(sent, req.session.csrfToken)) return;
    if (!(await app.sessions.fromPageToken(req, reply, sent))) throw new AppError(ErrorKeys.csrf, 403);
  });
});
