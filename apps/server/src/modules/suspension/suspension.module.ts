import type { FastifyInstance } from 'fastify';
import { suspensionRoutes } from './suspension.routes.ts';

/** Registers the suspension capability: a line suspended for travel or a break (docs/decisions/024). */
export async function suspensionModule(app: FastifyInstance) {
  await suspensionRoutes(app);
}
