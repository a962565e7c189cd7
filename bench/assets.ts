/**
 * What a phone downloads for a public page (issue 12 budgets): the HTML's gzip size and the gzip size of
 * the JavaScript loaded before the page is interactive — the module scripts and modulepreloads the page
 * names and every module they import statically. Run alone with `npm run bench:assets` (after
 * `npm run build`); it starts both markets' servers and stops them.
 */
import { gzipSync } from 'node:zlib';
import { figure, printFigures, type BenchFigure } from './figures.ts';
import { benchPortBase, PUBLIC_PAGES, startMarketServers } from './market-servers.ts';

const HTML_BUDGET_KB = 20;
const JS_BUDGET_KB = 120;

export interface AssetOptions {
  portBase?: number;
  pages?: string[];
}

export async function measureAssets(options: AssetOptions = {}): Promise<BenchFigure[]> {
  const running = await startMarketServers(options.portBase ?? benchPortBase());
  try {
    const figures: BenchFigure[] = [];
    for (const { site, base } of running.servers) {
      for (const page of options.pages ?? PUBLIC_PAGES[site]) {
        const html = await text(`${base}${page}`);
        figures.push(figure(`${site} ${page} HTML gzip`, kb(gzipSize(html)), 'KB', { atMost: HTML_BUDGET_KB }));
        const js = await scriptsBeforeInteractive(html, base);
        figures.push(figure(`${site} ${page} JS gzip (${js.files} files)`, kb(js.bytes), 'KB', { atMost: JS_BUDGET_KB }));
      }
    }
    return figures;
  } finally {
    await running.stop();
  }
}

/** The modules a page's own tags name (module scripts, modulepreloads, inline imports) and their static imports. */
async function scriptsBeforeInteractive(html: string, base: string): Promise<{ files: number; bytes: number }> {
  const named = [
    ...matches(html, /<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...matches(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...matches(html, /<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g),
    ...inlineModules(html).flatMap((code) => matches(code, /import\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g)),
  ];
  const seen = new Set<string>();
  const queue = named.map((href) => new URL(href, base).href);
  let bytes = 0;
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await text(url);
    bytes += gzipSize(code);
    for (const spec of matches(code, /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) queue.push(new URL(spec, url).href);
  }
  return { files: seen.size, bytes };
}

function inlineModules(html: string): string[] {
  return matches(html, /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g).filter((code) => code.trim().length > 0);
}

function matches(source: string, pattern: RegExp): string[] {
  return [...source.matchAll(pattern)].map((m) => m[1]!);
}

async function text(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.text();
}

function gzipSize(body: string): number {
  return gzipSync(body).length;
}

function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = printFigures('Public pages: HTML and JavaScript before interactive (gzip)', await measureAssets());
  process.exitCode = ok ? 0 : 1;
}
