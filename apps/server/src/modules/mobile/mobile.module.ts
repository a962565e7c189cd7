import type { FastifyInstance } from 'fastify';
import { mobileRoutes } from './mobile.routes.ts';

/** Plan line requests with SIM delivery (`/personas/movil`). */
export async function mobileModule(app: FastifyInstance) {
  await mobileRoutes(app);
}
