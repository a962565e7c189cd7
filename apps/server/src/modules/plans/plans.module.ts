import type { FastifyInstance } from 'fastify';
import { plansRoutes } from './plans.routes.ts';

/** Registers the plan sale capability's routes (opening a paid order's lines is wired in flows/checkout-wiring.flow.ts). */
export async function plansModule(app: FastifyInstance) {
  await app.register(plansRoutes);
}
