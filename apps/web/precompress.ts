import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import zopfli from '@gfx/zopfli';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
/** Zopfli's advice for files under a few MB; more passes gain bytes in the hundreds for seconds more. */
const ZOPFLI_ITERATIONS = 15;

/**
 * Writes a Brotli (`.br`, highest quality) and a gzip (`.gz`) copy beside every compressible file of the
 * browser build, so the server sends them as they are instead of compressing the same file on every request
 * (apps/server/src/web/routes.ts, `preCompressed`). The gzip copy comes from Zopfli: any gzip reader
 * decodes it, and it is about 3% smaller than zlib's best level (some 4 KB of every page's JavaScript), for
 * a few seconds of build once.
 */
export function precompress(): Plugin {
  return {
    name: 'andes-precompress',
    apply: 'build',
    async writeBundle(options) {
      if (this.environment.name !== 'client' || !options.dir) return;
      for (const file of filesUnder(options.dir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
        writeFileSync(`${file}.gz`, await zopfli.gzipAsync(body, { numiterations: ZOPFLI_ITERATIONS }));
      }
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}
