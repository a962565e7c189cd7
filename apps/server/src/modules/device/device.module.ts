import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../periodic.ts';
import { sweepUnblocks } from '../../flows/device.flow.ts';
import { deviceRoutes } from './device.routes.ts';
import { simSwapRoutes } from './sim-swap.routes.ts';

/**
 * Registers the device capability: the customer's routes, the SIM Swap API in its own scope (its own
 * error shape), and the sweep finishing unblocks the central IMEI list failed (on the order sweep's period).
 */
export async function deviceModule(app: FastifyInstance) {
  await deviceRoutes(app);
  await app.register(simSwapRoutes);
  runPeriodically(app, 'unblock sweep', app.config.orderSweepSeconds, async () => {
    const lifted = await sweepUnblocks(app);
    if (lifted) app.log.info({ lifted }, 'unblock sweep');
  });
}
