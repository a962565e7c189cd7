/**
 * Both markets' servers as a customer meets them: the compiled server (`npm run serve`'s) with the built
 * web app (`npm run build` first), an in-memory database seeded at start, each market on its own port.
 * Benchmarks start and stop them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteId } from '@andes/domain/market';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 120_000;
/** What production runs (package.json "serve", the Dockerfile), not the sources through tsx. */
const SERVER = 'apps/server/dist/main.js';

export interface MarketServer {
  site: SiteId;
  base: string;
}

export interface RunningServers {
  servers: MarketServer[];
  stop(): Promise<void>;
}

/** Starts Chile on `portBase` and Peru on `portBase + 1` (E2E_PORT_BASE-style ranges keep engineers apart). */
export async function startMarketServers(portBase: number): Promise<RunningServers> {
  for (const built of ['apps/web/build/server/index.js', SERVER]) {
    if (!existsSync(path.join(ROOT, built))) throw new Error(`No ${built}: run npm run build first.`);
  }
  const sites: SiteId[] = ['cl', 'pe'];
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    const servers = await Promise.all(
      sites.map(async (site, i) => {
        const port = portBase + i;
        // a server left from an earlier run would answer instead, with its own build: figures of the wrong code
        if (await answers(`http://127.0.0.1:${port}`)) throw new Error(`port ${port} is taken: stop what listens there or set BENCH_PORT_BASE`);
        const child = spawn(process.execPath, ['--max-semi-space-size=64', '--enable-source-maps', SERVER], {
          cwd: ROOT,
          env: {
            ...process.env,
            SITE: site,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: 'memory',
            LOG_LEVEL: 'warn',
            SANDBOX: '1',
            RATE_LIMIT_PER_MINUTE: '0',
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        children.push(child);
        const base = `http://127.0.0.1:${port}`;
        await waitUntilUp(base, child);
        return { site, base };
      }),
    );
    return { servers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function answers(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function waitUntilUp(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server for ${base} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/restpp/security/token`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server for ${base} did not start in ${START_TIMEOUT_MS / 1000} s`);
}

/** The public pages of issue 12, per market (Peru's plan catalogue has its own path, SPEC §2). */
export const PUBLIC_PAGES: Record<SiteId, string[]> = {
  cl: ['/', '/lista-productos', '/personas/producto/Equipos/PO_EQ_SAMSUNG_GALAXY_A55_5G', '/personas/catalogo/postpago'],
  pe: ['/', '/lista-productos', '/personas/producto/Equipos/PO_EQ_SAMSUNG_GALAXY_A55_5G', '/catalogo/postpago'],
};

/** The port base benchmarks use unless BENCH_PORT_BASE says otherwise. */
export function benchPortBase(): number {
  return Number(process.env.BENCH_PORT_BASE ?? process.env.E2E_PORT_BASE ?? 4525);
}
