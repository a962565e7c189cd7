import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../periodic.ts';
import { sweepActivations } from '../../flows/sim-activation.flow.ts';
import { activationRoutes } from './activation.routes.ts';

/**
 * SIM activation (`/personas/activacion-chip/`, decision 025): its routes, and the sweep that lets
 * unfinished activations' chips and numbers go (on the order sweep's period, one process at a time).
 */
export async function activationModule(app: FastifyInstance) {
  await activationRoutes(app);
  runPeriodically(app, 'activation sweep', app.config.orderSweepSeconds, async () => {
    const done = await sweepActivations(app);
    if (done) app.log.info({ done }, 'activation sweep');
  });
}
