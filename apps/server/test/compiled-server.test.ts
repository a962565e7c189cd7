import { execFileSync, spawn } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const manifest = (dir: string) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
/** What `npm ci --omit=dev` installs for the server: the dependencies of the server and of the workspace packages bundled into it. */
const dependenciesOf = (...dirs: string[]) => new Set(dirs.flatMap((dir) => Object.keys(manifest(dir).dependencies ?? {})));
const productionDependencies = dependenciesOf('.', 'apps/server', 'packages/db', 'packages/domain');

/** The package a bare import names: `pg`, `drizzle-orm/pglite` → `drizzle-orm`, `@fastify/static`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every module the compiled files import, statically or dynamically. */
function importsOf(dir: string): Set<string> {
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(path.join(dir, file), 'utf8');
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']((?:\.{1,2}\/|@?[a-z0-9])[\w@./:-]*)["']/g))
      found.add(match[1]);
  }
  return found;
}

describe('compiled server (apps/server/dist)', () => {
  let outdir: string;
  beforeAll(() => {
    // inside the repository, so the compiled files find node_modules as apps/server/dist does
    outdir = mkdtempSync(path.join(root, 'apps/server/dist-test-'));
    execFileSync(process.execPath, [path.join(root, 'apps/server/build.mjs'), outdir], { cwd: root, stdio: 'pipe' });
  }, 60_000);
  afterAll(() => {
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  it('imports only Node built-ins and production dependencies: no dev dependency (tsx, vite, …), no workspace source', () => {
    const bare = [...importsOf(outdir)].filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s));
    expect(bare.length).toBeGreaterThan(5);
    expect(bare.filter((s) => s.startsWith('@andes/'))).toEqual([]);
    expect(bare.map(packageOf).filter((name) => !productionDependencies.has(name))).toEqual([]);
  });

  // `npm test` builds the web app first, so CI never skips this; a bare `vitest run` may
  it.skipIf(!existsSync(path.join(root, 'apps/web/build/server')) && !process.env.CI)(
    'the web build the server loads imports only production dependencies too',
    () => {
      const bare = [...importsOf(path.join(root, 'apps/web/build/server'))].filter(
        (s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s),
      );
      const web = dependenciesOf('apps/web', 'packages/domain');
      expect(bare.map(packageOf).filter((name) => !web.has(name))).toEqual([]);
    },
  );

  it('carries the migrations and the geography data beside it', () => {
    const journal = JSON.parse(readFileSync(path.join(outdir, 'db/migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    for (const { tag } of journal.entries) expect(existsSync(path.join(outdir, `db/migrations/${tag}.sql`))).toBe(true);
    expect(readdirSync(path.join(outdir, 'db/data'))).toEqual(readdirSync(path.join(root, 'packages/db/data')));
    expect(readFileSync(path.join(outdir, 'main.js'), 'utf8')).not.toContain('tsx');
  });

  /** The compiled main.js as the compose example runs it (sandbox forced, production), serving Peru on this file's port. */
  function serve(dataDir: string) {
    const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SANDBOX: '1',
        SANDBOX_FORCE: '1',
        SITE: 'pe',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        METRICS_TOKEN: 'k'.repeat(40),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = { child, output: '', exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
    child.stdout.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
    return run;
  }

  it('runs with plain node in production (sandbox forced, as the compose example does) and ends with exit code 0 on SIGTERM', async () => {
    const run = serve('memory');
    try {
      await expect.poll(() => run.output, { timeout: 60_000, interval: 200 }).toContain(`:${PORT}`);
      expect(await status(PORT, '/ready')).toBe(200);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
  }, 90_000);

  it('a SIGTERM while the site is still starting (migrating, seeding its database) waits for the start, closes the site and exits 0', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'andes-start-'));
    const dataDir = path.join(folder, 'pe');
    const run = serve(dataDir);
    try {
      // the start makes the database's folder first thing, after the signal handlers are in place
      await expect.poll(() => existsSync(dataDir), { timeout: 60_000, interval: 20 }).toBe(true);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      // stopped before it was announced: the start had not ended at the signal
      expect(run.output).not.toContain(`:${PORT}`);
    } finally {
      run.child.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

/** This file's port (4535; the range 4530–4539 belongs to the operations tests). */
const PORT = 4535;

function status(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}
