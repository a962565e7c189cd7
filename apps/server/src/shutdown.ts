import type { FastifyInstance } from 'fastify';

/** After the drain timeout, how long closing the rest (sweeps, database) may take before the process gives up on it. */
const CLOSE_GRACE_SECONDS = 5;

/**
 * Stops accepting connections at once (the balancer's next probe fails and it moves on), lets the
 * requests under way finish, their connections closing after the answer (modules/ops/routes.ts), and
 * after `timeoutSeconds` closes the connections still open. Resolves once none is left.
 */
function drain(app: FastifyInstance, timeoutSeconds: number): Promise<void> {
  const server = app.server;
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const late = setTimeout(() => {
      app.log.warn({ timeoutSeconds }, 'shutdown: requests still under way at the timeout; closing their connections');
      server.closeAllConnections();
    }, timeoutSeconds * 1000);
    server.close(() => {
      clearTimeout(late);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * Stops one site: `/ready` answers 503 from now on, the requests under way drain (up to
 * `timeoutSeconds`), and only then does the app close: the sweeps stop (waiting for a pass under way)
 * and the database closes last. Fastify's own close would close the database while requests still
 * use it, so the draining comes first.
 */
export async function closeGracefully(app: FastifyInstance, timeoutSeconds: number): Promise<void> {
  app.draining = true;
  await drain(app, timeoutSeconds);
  await app.close();
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
 * SIGTERM (a container stop) or SIGINT (Ctrl+C) closes every site of the process (`apps` as it is at
 * the signal) and only then ends it: with `npm start` one site's database must not be cut off by the
 * other's shutdown. The signal often comes twice (npm passes Ctrl+C on to the process the terminal
 * already told): one shutdown.
 */
export function stopOnSignals(apps: readonly FastifyInstance[], timeoutSeconds: number): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), (timeoutSeconds + CLOSE_GRACE_SECONDS) * 1000).unref();
    // the sites started by now (npm start may still be starting the second)
    void closeSites([...apps], timeoutSeconds).then((closed) => process.exit(closed ? 0 : 1));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
