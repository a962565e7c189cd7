import type { FastifyInstance } from 'fastify';
import { linesRoutes } from './lines.routes.ts';

/** Line pages outside the account area: ownership check and profiled offers. */
export async function linesModule(app: FastifyInstance) {
  await linesRoutes(app);
}
