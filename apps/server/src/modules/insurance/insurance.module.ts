import type { FastifyInstance } from 'fastify';
import { insuranceRoutes } from './insurance.routes.ts';

/** Registers the device insurance capability: a line's insurances and their claims (docs/decisions/028). */
export async function insuranceModule(app: FastifyInstance) {
  await insuranceRoutes(app);
}
