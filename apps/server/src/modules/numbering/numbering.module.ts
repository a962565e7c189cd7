import type { FastifyInstance } from 'fastify';
import { numberingRoutes } from './numbering.routes.ts';

/** Registers the numbering capability: a line's number change (docs/decisions/024). */
export async function numberingModule(app: FastifyInstance) {
  await numberingRoutes(app);
}
