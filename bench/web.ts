/**
 * Issue 12's figures in one run, each beside its budget: public pages (req/s against a bare hello
 * route and p99, PostgreSQL), page weights (HTML and JavaScript before interactive, gzip), Lighthouse
 * mobile scores, catalogue JSON (warm and uncached) and order creation with 50 concurrent buyers.
 * Needs `npm run build` (the script runs it) and a PostgreSQL server (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL). BENCH_PARTS=pages,assets,… runs a subset.
 */
import { measureAssets } from './assets.ts';
import { measureCatalogue } from './catalogue.ts';
import { printFigures, type BenchFigure } from './figures.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureOrderCreation } from './order-creation.ts';
import { measurePages } from './pages.ts';

const parts: Record<string, { title: string; measure: () => Promise<BenchFigure[]> }> = {
  pages: { title: 'Public pages, anonymous visitor, rendered on every request, PostgreSQL, 20 connections', measure: () => measurePages() },
  assets: { title: 'Page weight on the wire (gzip)', measure: () => measureAssets() },
  lighthouse: { title: 'Lighthouse 12 mobile, Debian Chromium', measure: () => measureLighthouse({ runs: Number(process.env.LIGHTHOUSE_RUNS ?? 1) }) },
  catalogue: { title: 'Catalogue JSON against hello, page token in the URL as a browser sends it', measure: () => measureCatalogue() },
  orders: { title: 'Order creation, 50 concurrent buyers, PostgreSQL', measure: () => measureOrderCreation() },
};

const chosen = process.env.BENCH_PARTS ? process.env.BENCH_PARTS.split(',') : Object.keys(parts);
let passed = true;
for (const name of chosen) {
  const part = parts[name];
  if (!part) throw new Error(`unknown bench part ${name}: one of ${Object.keys(parts).join(', ')}`);
  passed = printFigures(part.title, await part.measure()) && passed;
}
console.log(passed ? '\nevery figure within its budget' : '\nsome figures OVER BUDGET (see above)');
process.exitCode = passed ? 0 : 1;
