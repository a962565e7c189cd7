import type { FastifyInstance } from 'fastify';
import { coverageRoutes } from './coverage.routes.ts';

/** Registers the coverage / feasibility capability. */
export async function coverageModule(app: FastifyInstance) {
  await app.register(coverageRoutes);
}
