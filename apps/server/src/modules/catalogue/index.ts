import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './routes.ts';

/** Registers every route of the catalogue capability. */
export async function catalogueModule(app: FastifyInstance) {
  await app.register(catalogueRoutes);
}
