import type { FastifyInstance } from 'fastify';
import { leadsRoutes } from './leads.routes.ts';
import { startLeadSync } from './lead-sync.service.ts';

/** Registers click-to-call, lead appointments and the CRM lead-sync sweep (docs/decisions/026). */
export async function leadsModule(app: FastifyInstance) {
  await app.register(leadsRoutes);
  startLeadSync(app, app.config.leads.syncSeconds);
}
