import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.ts';
import { MINUTE, takeOrRefuse } from '../http/throttle.ts';
import { CamaraError } from '../modules/device/index.ts';

/** Counts one SIM Swap API call of the client first (docs/decisions/005), in the shared throttle table so every process sees it. */
export async function takeClientCall(app: FastifyInstance, clientId: string): Promise<void> {
  const limit = { windowMs: MINUTE, lockAfter: Math.max(2, app.config.simSwapClientPerMinute), lockMs: MINUTE };
  try {
    await takeOrRefuse(app.db, [{ key: `simswap:${clientId}`, limit }], new Date());
  } catch (error) {
    if (error instanceof AppError && error.status === 429)
      throw new CamaraError(429, 'TOO_MANY_REQUESTS', 'Either out of resource quota or reaching rate limiting.');
    throw error;
  }
}
