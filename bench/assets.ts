/**
 * What a phone downloads for a public page (issue 12 budgets): the HTML (alone, and with the texts files
 * it links, which it carried inline before), and the JavaScript loaded before the page is interactive — the module scripts and modulepreloads the page names and every module they
 * import statically — counted as the bytes the server sends to a browser that accepts only gzip (the
 * budget's unit; a browser that accepts Brotli gets less, printed beside). Run alone with
 * `npm run bench:assets` (after `npm run build`); it starts both markets' servers and stops them.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
        const html = await wire(`${base}${page}`, 'gzip');
        figures.push(figure(`${site} ${page} HTML gzip`, kb(html.bytes), 'KB', { atMost: HTML_BUDGET_KB }));
        // the texts files the page reads before hydrating were part of its HTML before: held to the same budget together
        const texts = await Promise.all(
          matches(html.text, /<link[^>]*href="([^"]+)"[^>]*data-route-texts/g).map((href) => wire(new URL(href, base).href, 'gzip')),
        );
        const withTexts = texts.reduce((sum, t) => sum + t.bytes, html.bytes);
        figures.push(figure(`${site} ${page} HTML + ${texts.length} texts files gzip`, kb(withTexts), 'KB', { atMost: HTML_BUDGET_KB }));
        const js = await scriptsBeforeInteractive(html.text, base);
        figures.push(figure(`${site} ${page} JS gzip (${js.files} files; Brotli ${kb(js.brotli)} KB)`, kb(js.gzip), 'KB', { atMost: JS_BUDGET_KB }));
      }
    }
    return figures;
  } finally {
    await running.stop();
  }
}

/** The modules a page's own tags name (module scripts, modulepreloads, inline imports) and their static imports. */
async function scriptsBeforeInteractive(html: string, base: string): Promise<{ files: number; gzip: number; brotli: number }> {
  const named = [
    ...matches(html, /<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...matches(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...matches(html, /<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g),
    ...inlineModules(html).flatMap((code) => matches(code, /import\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g)),
  ];
  const seen = new Set<string>();
  const queue = named.map((href) => new URL(href, base).href);
  let gzip = 0;
  let brotli = 0;
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const { text: code, bytes } = await wire(url, 'gzip');
    gzip += bytes;
    if (process.env.BENCH_ASSET_FILES) console.log(`    ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
    brotli += (await wire(url, 'br')).bytes;
    for (const spec of matches(code, /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) queue.push(new URL(spec, url).href);
  }
  return { files: seen.size, gzip, brotli };
}

function inlineModules(html: string): string[] {
  return matches(html, /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g).filter((code) => code.trim().length > 0);
}

function matches(source: string, pattern: RegExp): string[] {
  return [...source.matchAll(pattern)].map((m) => m[1]!);
}

/** The body as the server sends it for one `Accept-Encoding` (fetch would decode it and hide the size). */
function wire(url: string, encoding: 'gzip' | 'br'): Promise<{ text: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const sent = res.headers['content-encoding'];
          if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
          // the server sends bodies under 1 KB as they are (compression would not make them smaller)
          if (sent === undefined && body.length < 1024) return resolve({ text: body.toString('utf8'), bytes: body.length });
          if (sent !== encoding) return reject(new Error(`${url}: sent ${sent ?? 'uncompressed'}, asked for ${encoding}`));
          const text = (encoding === 'gzip' ? gunzipSync(body) : brotliDecompressSync(body)).toString('utf8');
          resolve({ text, bytes: body.length });
        });
      })
      .on('error', reject);
  });
}

function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = printFigures('Public pages: HTML and JavaScript before interactive (gzip)', await measureAssets());
  process.exitCode = ok ? 0 : 1;
}
