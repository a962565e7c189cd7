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

/** A site of the process: started, or its start still under way. */
export type ProcessSite = FastifyInstance | Promise<FastifyInstance>;

/** The process's one shutdown: `stop` begins it; `stopping` tells the entry to start no further site. */
export interface Shutdown {
  readonly stopping: boolean;
  stop: () => void;
}

/** Waits for a site's start and closes it; false when the start failed (its starter reports why) or the close did. */
async function closeWhenStarted(site: ProcessSite, timeoutSeconds: number): Promise<boolean> {
  let app: FastifyInstance;
  try {
    app = await site;
  } catch {
    return false;
  }
  return closeSites([app], timeoutSeconds);
}

/**
 * Closes every site of the process (`sites` as it is at `stop`) and only then ends it with `exit`:
 * with `npm start` one site's database must not be cut off by the other's shutdown, and a site still
 * starting (migrating, seeding) is closed once its start ends, each site as soon as it can be. A start
 * that fails leaves nothing to close and makes the exit code 1. `exit` is a test's; process.exit otherwise.
 */
export function processShutdown(sites: readonly ProcessSite[], timeoutSeconds: number, exit: (code: number) => void = (code) => process.exit(code)): Shutdown {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    stop: () => {
      if (stopping) return;
      stopping = true;
      // a close or a start that hangs must not keep the process forever
      const backstop = setTimeout(() => exit(1), (timeoutSeconds + CLOSE_GRACE_SECONDS) * 1000).unref();
      void Promise.all(sites.map((site) => closeWhenStarted(site, timeoutSeconds))).then((closed) => {
        clearTimeout(backstop); // one exit: a test's exit returns
        exit(closed.every(Boolean) ? 0 : 1);
      });
    },
  };
}

/**
 * SIGTERM (a container stop) or SIGINT (Ctrl+C) runs the process's shutdown (processShutdown). The
 * signal often comes twice (npm passes Ctrl+C on to the process the terminal already told): one shutdown.
 */
export function stopOnSignals(sites: readonly ProcessSite[], timeoutSeconds: number): Shutdown {
  const shutdown = processShutdown(sites, timeoutSeconds);
  process.on('SIGTERM', shutdown.stop);
  process.on('SIGINT', shutdown.stop);
  return shutdown;
}
