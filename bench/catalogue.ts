/**
 * Catalogue endpoints under load next to a bare Fastify "hello" route, same machine, same run. Every
 * call accepts compression and carries a page token in its address and a nonce cookie, as a browser's
 * does, a different token on each request (many visitors), so the shared cache must ignore it to answer. Budgets: warm (the response cache shared by every visitor) ≥ 50% of hello (ARCHITECTURE §9,
 * not issue 12: printed, not counted in the exit code); uncached (a new address each request, so the
 * response cache never answers) ≥ 5% of hello (issue 12). An uncached answer is made from the rows the
 * process shares for PUBLIC_ROWS_SECONDS (5 by default; 0 reads them for every answer): each figure
 * names the SQL statements per answer. On PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 * set, else the embedded database. `npm run bench:catalogue`; not part of npm test.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteId } from '@andes/domain/market';
import { buildApp } from '../apps/server/src/app.ts';
import { PAGE_TOKEN_COOKIE, pageTokens } from '../apps/server/src/http/page-token.ts';
import { benchDatabase, statementCounter } from './database.ts';
import { figure, printFigures, type BenchFigure } from './figures.ts';
import { BROWSER_FETCH, helloServer, load, sqlPerAnswer } from './load.ts';
import { benchConfig, publicRowsNote } from './server-config.ts';

const CONNECTIONS = 50;
const WARM_BUDGET_PCT = 50;
const WARM_BUDGET_SOURCE = 'ARCHITECTURE §9';
const UNCACHED_BUDGET_PCT = 5;

const TARGETS = {
  'catalogue list (phones)': '/restpp/catalogue/products?kind=phones',
  'catalogue JSON (accessories page)': '/lista-accesorios?contentType=ppEquipmentList&format=json-rest&parentCategoryName=Accesorios',
  product: '/restpp/catalogue/product/PO_EQ_SAMSUNG_GALAXY_A55_5G',
  prices: '/restpp/equipments/prices/PO_EQ_SAMSUNG_GALAXY_A55_5G',
  // full-text and trigram search over products and plans, a typo included (issue 36: p99 within 50 ms)
  'search (typo)': '/restpp/catalogue/search?q=samsumg+galaxi',
};

export interface CatalogueOptions {
  seconds?: number;
  site?: SiteId;
}

const withField = (url: string, field: string) => `${url}${url.includes('?') ? '&' : '?'}${field}`;

export const catalogueTitle = () => `Catalogue JSON against hello, 50 connections, page token in every address as a browser sends it, ${publicRowsNote()}`;

export async function measureCatalogue(options: CatalogueOptions = {}): Promise<BenchFigure[]> {
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 5);
  const site = options.site ?? 'cl';
  const counter = statementCounter();
  const database = await benchDatabase(site, undefined, { onQuery: counter.onQuery });
  const engine = database.kind === 'server' ? 'PostgreSQL' : 'PGlite';
  const app = await buildApp({
    config: benchConfig(site),
    database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // a token shaped as a page hands its visitor (page-token.ts), its nonce a new one on every request, and a
  // nonce cookie as a browser sends: a read checks no token (only a state change does, csrf.ts), so neither
  // the signature (made for one nonce) nor the cookie (the same on every request) is checked; the cookie
  // is there for the parsing every browser call costs
  const nonce = 'x'.repeat(22);
  const [prefix, , expires, signature] = pageTokens(app.config.secrets.PAGE_TOKEN_KEY!, site).issue(nonce, Date.now()).split('.');
  const token = `f__key__=${prefix}.[<id>].${expires}.${signature}`;
  const headers = { ...BROWSER_FETCH, cookie: `${PAGE_TOKEN_COOKIE}=${nonce}` };
  const hello = await helloServer();
  const figures: BenchFigure[] = [];
  try {
    for (const [name, url] of Object.entries(TARGETS)) {
      const shares = async (fresh: boolean) => {
        const { rps: helloRps } = await load(hello.url, { connections: CONNECTIONS, seconds });
        const target = withField(`${base}${url}`, fresh ? `bench=[<id>]&${token}` : token);
        const { rps, answers, statements } = await counter.during(() => load(target, { connections: CONNECTIONS, seconds, fresh: true, headers }));
        return { share: (rps / helloRps) * 100, sql: sqlPerAnswer(statements / answers) };
      };
      const warm = await shares(false);
      figures.push(
        figure(`${site} ${name} warm, token per visitor (${engine}; ${warm.sql})`, warm.share, '% of hello', {
          atLeast: WARM_BUDGET_PCT,
          outside: WARM_BUDGET_SOURCE,
        }),
      );
      const uncached = await shares(true);
      figures.push(figure(`${site} ${name} uncached (${engine}; ${uncached.sql})`, uncached.share, '% of hello', { atLeast: UNCACHED_BUDGET_PCT }));
    }
  } finally {
    await hello.close();
    await app.close();
  }
  return figures;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const passed = printFigures(catalogueTitle(), await measureCatalogue());
  process.exitCode = passed ? 0 : 1;
}
