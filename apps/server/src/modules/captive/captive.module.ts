import type { FastifyInstance } from 'fastify';
import { captiveRoutes } from './captive.routes.ts';

/** The captive portal's host: what a line the network sent here may buy without signing in (decision 023). */
export async function captiveModule(app: FastifyInstance) {
  await captiveRoutes(app);
}
