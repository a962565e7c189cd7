import type { FastifyInstance } from 'fastify';
import { deviceRoutes } from './device.routes.ts';
import { simSwapRoutes } from './sim-swap.routes.ts';

/** Registers the device capability: the customer's routes, and the SIM Swap API in its own scope (its own error shape). */
export async function deviceModule(app: FastifyInstance) {
  await deviceRoutes(app);
  await app.register(simSwapRoutes);
}
