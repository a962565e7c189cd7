import type { FastifyInstance } from 'fastify';
import { smartLineRoutes } from './smart-line.routes.ts';

/** Registers the smart line capability: the line's number on a smartwatch (docs/decisions/028). */
export async function smartLineModule(app: FastifyInstance) {
  await smartLineRoutes(app);
}
