import type { FastifyInstance } from 'fastify';
import { portabilityRoutes } from './portability.routes.ts';

/** Number portability (SPEC §7 subscriber flows): company of origin, security code, registry answer. */
export async function portabilityModule(app: FastifyInstance) {
  await app.register(portabilityRoutes);
}
