import type { FastifyInstance } from 'fastify';
import { plansRoutes } from './routes.ts';
import { openPlanLines } from './service.ts';

/** Registers the plan sale capability: its routes, and opening the new lines when a plan order is paid. */
export async function plansModule(app: FastifyInstance) {
  app.orderPaidSteps.push((tx, order) => openPlanLines(app, tx, order));
  await app.register(plansRoutes);
}
