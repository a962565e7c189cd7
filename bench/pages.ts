/**
 * Public pages for an anonymous visitor, rendered on every request (no response cache for HTML), on
 * PostgreSQL, beside a bare Fastify hello route in the same run (issue 12: ≥ 0.5% of hello's req/s,
 * p99 ≤ 100 ms at 20 connections). `npm run bench:pages` runs it alone; `bench:web` prints its figures
 * with the other parts'. Not part of npm test.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteId } from '@andes/domain/market';
import { buildApp } from '../apps/server/src/app.ts';
import { benchDatabase, benchServerUrl, statementCounter } from './database.ts';
import { figure, printFigures, type BenchFigure } from './figures.ts';
import { BROWSER_NAVIGATION, helloServer, load, sqlPerAnswer } from './load.ts';
import { benchConfig, publicRowsNote } from './server-config.ts';
import { PUBLIC_PAGES } from './market-servers.ts';

export interface PagesOptions {
  /** Seconds of load per page (BENCH_SECONDS, 10 by default: at 20 connections one stall of the process delays 20 answers, which in 5 s is the whole top 1%). */
  seconds?: number;
  /** PostgreSQL server to make the bench's own databases on (BENCH_DATABASE_URL, else TEST_DATABASE_URL). */
  databaseUrl?: string;
  /** The React Router build (WEB_BUILD_DIR, else apps/web/build). */
  buildDir?: string;
  sites?: SiteId[];
}

const CONNECTIONS = 20;
/** Issue 12: a public page answers at least 0.5% of hello's requests/s, p99 at most 100 ms. */
const RATIO_BUDGET_PCT = 0.5;
const P99_BUDGET_MS = 100;
/** The goal beyond the budget: 1% and 50 ms. */
const RATIO_GOAL_PCT = 1;
const P99_GOAL_MS = 50;
/** Load before each page's measured run, not counted. */
const WARM_UP_SECONDS = 2;

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * One market's pages. Each is requested as a first-time visitor's browser navigates: no cookie, no
 * token (a navigation carries none), compressed as the browser accepts, so each answer renders anew for a visitor without a session; the
 * page's own API calls carry the signed page token the server made for it, as the browser's calls do,
 * and meet only the catalogue cache every visitor shares.
 */
async function measureSite(site: SiteId, options: Required<PagesOptions>, helloUrl: string): Promise<BenchFigure[]> {
  const counter = statementCounter();
  const database = await benchDatabase(site, options.databaseUrl, { onQuery: counter.onQuery });
  const config = benchConfig(site, { WEB_BUILD_DIR: options.buildDir });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const figures: BenchFigure[] = [];
  try {
    for (const page of PUBLIC_PAGES[site]) {
      // a production server has served the page before: its code is compiled; the figures are of that
      // server, not of the first seconds after a start (the data caches still expire during the run)
      await load(`${base}${page}`, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS, headers: BROWSER_NAVIGATION });
      const hello = await load(helloUrl, { connections: CONNECTIONS, seconds: options.seconds });
      const { rps, p99, answers, statements } = await counter.during(() =>
        load(`${base}${page}`, { connections: CONNECTIONS, seconds: options.seconds, headers: BROWSER_NAVIGATION }),
      );
      const perAnswer = statements / answers;
      figures.push(
        figure(`${site} ${page} req/s vs hello (${Math.round(rps)} / ${Math.round(hello.rps)}; ${sqlPerAnswer(perAnswer)})`, (rps / hello.rps) * 100, '%', {
          atLeast: RATIO_BUDGET_PCT,
          goal: RATIO_GOAL_PCT,
        }),
      );
      figures.push(figure(`${site} ${page} p99`, p99, 'ms', { atMost: P99_BUDGET_MS, goal: P99_GOAL_MS }));
    }
  } finally {
    // the last requests autocannon gave up on may still be rendering
    await new Promise((resolve) => setTimeout(resolve, 500));
    await app.close();
  }
  return figures;
}

export const pagesTitle = () => `Public pages, anonymous visitor, rendered on every request, PostgreSQL, 20 connections, ${publicRowsNote()}`;

/** Each public page's req/s as a share of hello's (run right before it) and its p99, per market, on PostgreSQL. */
export async function measurePages(options: PagesOptions = {}): Promise<BenchFigure[]> {
  const databaseUrl = options.databaseUrl ?? benchServerUrl();
  if (!databaseUrl) throw new Error('bench:pages runs on PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const full: Required<PagesOptions> = {
    seconds: options.seconds ?? Number(process.env.BENCH_SECONDS ?? 10),
    databaseUrl,
    buildDir: options.buildDir ?? process.env.WEB_BUILD_DIR ?? path.join(root, 'apps/web/build'),
    sites: options.sites ?? ['cl', 'pe'],
  };
  const hello = await helloServer();
  try {
    await load(hello.url, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
    const figures: BenchFigure[] = [];
    for (const site of full.sites) figures.push(...(await measureSite(site, full, hello.url)));
    return figures;
  } finally {
    await hello.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sites = process.env.BENCH_SITES ? (process.env.BENCH_SITES.split(',') as SiteId[]) : undefined;
  const passed = printFigures(
    `Public pages, anonymous visitor, rendered on every request, PostgreSQL, 20 connections, ${publicRowsNote()}`,
    await measurePages({ sites }),
  );
  process.exitCode = passed ? 0 : 1;
}
