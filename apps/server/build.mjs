// Compiles the server to plain JavaScript in apps/server/dist, so production runs it with `node` alone
// (no tsx): our workspace packages are bundled in, every npm package stays an import of node_modules.
// The database package's files (migrations, geography) are copied beside the bundle (packages/db/src/files.ts).
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const DB_FILES = 'db/';

/** Bare imports that are not our workspace packages (`@andes/*`) stay external. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@andes/') ? undefined : { path: args.path, external: true }));
  },
};

/** Builds `main.js` (`npm run serve`) and `start-both.js` (`npm start`) into `outdir`. */
export async function buildServer(outdir = here('./dist')) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: here('./src/main.ts'), 'start-both': here('./src/start-both.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    plugins: [npmPackagesExternal],
    define: { ANDES_DB_FILES: JSON.stringify(`./${DB_FILES}`) },
    logLevel: 'warning',
  });
  for (const folder of ['migrations', 'data']) cpSync(here(`../../packages/db/${folder}`), `${outdir}/${DB_FILES}${folder}`, { recursive: true });
}

// `node apps/server/build.mjs [outdir]`
if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer(process.argv[2]);
