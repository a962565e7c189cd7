import type { FastifyInstance } from 'fastify';
import { claimsRoutes } from './claims.routes.ts';

/** The embeddable claims-book page: its frame-ancestors names CLAIMS_FRAME_ORIGINS (http/security-headers.ts). */
export const CLAIMS_IFRAME_PATH = '/reclamos-iframe';

/** Registers Peru's claims capability: the claims book and telecom claims (docs/decisions/020). */
export async function claimsModule(app: FastifyInstance) {
  await app.register(claimsRoutes);
}
