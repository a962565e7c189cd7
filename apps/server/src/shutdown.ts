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

/**
 * How long a signal waits for a site still starting before the process gives up on it (exit 1). A first
 * start on an embedded database migrates and loads the demo data, tens of seconds on a slow machine, and
 * cutting it off leaves that database open: the wait is long, but a start that hangs must not keep the
 * process forever. Closing a site, once started, has its own limit (the drain timeout + CLOSE_GRACE_SECONDS).
 */
export const START_WAIT_SECONDS = 120;

/**
 * Closes every site of the process (`sites` as it is at `stop`) and only then ends it with `exit`:
 * with `npm start` one site's database must not be cut off by the other's shutdown, and a site still
 * starting (migrating, seeding) is closed once its start ends, each site as soon as it can be. A start
 * that fails leaves nothing to close (startSite closes what it opened) and makes the exit code 1, as a
 * wait or a close over its limit does. `exit` is a test's; process.exit otherwise.
 */
export function processShutdown(sites: readonly ProcessSite[], timeoutSeconds: number, exit: (code: number) => void = (code) => process.exit(code)): Shutdown {
  let stopping = false;
  let ended = false;
  // once: a limit may run out while the rest of the shutdown goes on and ends later (a test's exit returns)
  const end = (code: number) => {
    if (ended) return;
    ended = true;
    exit(code);
  };
  /** `step`'s outcome; if it takes longer than `seconds` the process ends with 1 meanwhile. */
  async function within<T>(seconds: number, step: () => Promise<T>): Promise<T> {
    const limit = setTimeout(() => end(1), seconds * 1000).unref();
    try {
      return await step();
    } finally {
      clearTimeout(limit);
    }
  }
  /** Waits for a site's start and closes it; false when the start failed (its starter reports why) or the close did. */
  async function closeWhenStarted(site: ProcessSite): Promise<boolean> {
    let app: FastifyInstance;
    try {
      app = await within(START_WAIT_SECONDS, async () => site);
    } catch {
      return false;
    }
    return within(timeoutSeconds + CLOSE_GRACE_SECONDS, () => closeSites([app], timeoutSeconds));
  }
  return {
    get stopping() {
      return stopping;
    },
    stop: () => {
      if (stopping) return;
      stopping = true;
      void Promise.all(sites.map(closeWhenStarted)).then((closed) => end(closed.every(Boolean) ? 0 : 1));
    },
  };
}

/**
 * Starts the process's sites one after another (npm start: Chile, then Peru), each joining `sites` (the
 * shutdown's) before its start is awaited, so a signal during a start closes that site once started.
 * After the signal no further site starts: it would outlive the shutdown. A start that fails begins the
 * shutdown, so the sites already started are closed before the process ends (code 1), and is rethrown
 * for the entry to report. True when every site started and no signal came.
 */
export async function startInTurn(starts: readonly (() => Promise<FastifyInstance>)[], sites: ProcessSite[], shutdown: Shutdown): Promise<boolean> {
  for (const start of starts) {
    if (shutdown.stopping) return false;
    const site = start();
    sites.push(site);
    try {
      await site;
    } catch (error) {
      shutdown.stop();
      throw error;
    }
  }
  return !shutdown.stopping;
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
