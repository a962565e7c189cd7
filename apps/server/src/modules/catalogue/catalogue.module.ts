import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './catalogue.routes.ts';
import { campaignRoutes } from './campaign.routes.ts';

/** Registers every route of the catalogue capability. */
export async function catalogueModule(app: FastifyInstance) {
  await app.register(catalogueRoutes);
  await app.register(campaignRoutes);
}
