import type { FastifyInstance } from 'fastify';
import { identityRoutes } from './routes.ts';

/** Identity validation by questions and the credit check (SPEC §7 subscriber flows). */
export async function identityModule(app: FastifyInstance) {
  await app.register(identityRoutes);
}
