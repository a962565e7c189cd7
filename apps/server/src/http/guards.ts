import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findCustomerLine } from '../modules/profile/assets.repo.ts';
import { forbiddenLine, unauthorized } from './errors.ts';

/** The signed-in customer's id, or the SPEC §8 required_login / session_expired failure. */
export function requireCustomer(req: FastifyRequest): number {
  const id = req.session?.customerId;
  if (id == null) throw unauthorized(req.sessionExpired);
  return id;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the line guard on every route with a :phoneNumber parameter. */
    line: { id: number; phoneNumber: string; customerId: number } | null;
  }
}

/** The signed-in customer's own line `phoneNumber`, else 403 with no data (the line is never confirmed to a stranger). */
export async function requireOwnLine(app: FastifyInstance, customerId: number, phoneNumber: string) {
  const line = /^\d{9}$/.test(phoneNumber) ? await findCustomerLine(app.db, customerId, phoneNumber) : undefined;
  if (!line) throw forbiddenLine();
  return line;
}

/**
 * Every route whose path names a line (`:phoneNumber`) gets the ownership check, so a later route
 * cannot forget it: another customer's line answers 403 with no data.
 */
export const lineGuardPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('line', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.includes(':phoneNumber')) return;
    const guard = async (req: FastifyRequest) => {
      const customerId = requireCustomer(req);
      req.line = await requireOwnLine(app, customerId, String((req.params as Record<string, unknown>).phoneNumber ?? ''));
    };
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [guard, ...existing];
  });
});
