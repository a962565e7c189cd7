import type { FastifyInstance } from 'fastify';
import { migrationRoutes } from './migration.routes.ts';
import { reconcileMigrations } from './migration.service.ts';

/** Prepaid-to-plan migration (`/personas/migra-a-plan`). */
export async function migrationModule(app: FastifyInstance) {
  await migrationRoutes(app);
  app.paymentReconcilers.push((now) => reconcileMigrations(app, now));
}
