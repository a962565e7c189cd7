import type { FastifyInstance } from 'fastify';

/** After the drain timeout, how long closing the rest (sweeps, database) may take before the process gives up on it. */
const CLOSE_GRACE_SECONDS = 5;

/**
 * Stops one site: refuses new connections at once (so `/ready` and every new request fail and the
 * balancer moves on), lets the requests under way finish for up to `timeoutSeconds`, then closes
 * the connections still open; the sweeps stop next and the database closes last (app.ts closes it in
 * the first onClose hook, which Fastify runs last).
 */
export async function closeGracefully(app: FastifyInstance, timeoutSeconds: number): Promise<void> {
  const late = setTimeout(() => {
    app.log.warn({ timeoutSeconds }, 'shutdown: requests still under way at the timeout; closing their connections');
    app.server.closeAllConnections();
  }, timeoutSeconds * 1000);
  late.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(late);
  }
}

/** Stops every site of the process together; true when each one closed. */
export async function closeSites(apps: FastifyInstance[], timeoutSeconds: number): Promise<boolean> {
  const results = await Promise.allSettled(apps.map((app) => closeGracefully(app, timeoutSeconds)));
  for (const [i, result] of results.entries()) {
    if (result.status === 'rejected') apps[i].log.error({ err: result.reason }, 'shutdown failed');
  }
  return results.every((r) => r.status === 'fulfilled');
}

/**
 * SIGTERM (a container stop) or SIGINT (Ctrl+C) closes every site of the process and only then ends
 * it: with `npm start` one site's database must not be cut off by the other's shutdown. The signal is
 * often sent twice (npm passes Ctrl+C on to the process the terminal already told): one shutdown.
 */
export function stopOnSignals(apps: FastifyInstance[], timeoutSeconds: number): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), (timeoutSeconds + CLOSE_GRACE_SECONDS) * 1000).unref();
    void closeSites(apps, timeoutSeconds).then((closed) => process.exit(closed ? 0 : 1));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
