/**
 * Seeds the market databases: `npm run seed [-- --scale N]`.
 *
 *   SITE          cl | pe; unset: both markets (each in ./data/<site>)
 *   DATA_DIR      embedded database folder (default ./data/<site>, relative to the working directory;
 *                 'memory' for a throwaway in-memory database); needs SITE when set
 *   DATABASE_URL  a PostgreSQL server instead of the embedded database (SITE defaults to cl)
 *   BRAND         brand slug (default andes)
 *   --scale N     also add N synthetic customers (PIN 0000 in Chile, password 000000 in Peru),
 *                 numbered after the scale customers already there
 */
import { resolve } from 'node:path';
import { getMarket, isSiteId, type SiteId } from '@andes/domain/market';
import { openDatabase } from './client.ts';
import { seedIfEmpty } from './seed/index.ts';
import { MAX_SCALE_INDEX, nextScaleIndex, SCALE_SECRET, seedScale } from './seed/scale.ts';

const USAGE = `usage: npm run seed [-- --scale N]
  env: SITE=cl|pe (default both), DATA_DIR, DATABASE_URL, BRAND (default andes)`;

class UsageError extends Error {}

interface Options {
  scale: number | null;
  help: boolean;
}

function parseScale(value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`--scale needs a positive whole number, got ${value ?? 'nothing'}`);
  const n = Number(value);
  if (n < 1 || n > MAX_SCALE_INDEX + 1) throw new UsageError(`--scale must be between 1 and ${MAX_SCALE_INDEX + 1}, got ${value}`);
  return n;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { scale: null, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--scale') options.scale = parseScale(argv[++i]);
    else if (arg.startsWith('--scale=')) options.scale = parseScale(arg.slice('--scale='.length));
    else throw new UsageError(`unknown argument: ${arg}`);
  }
  return options;
}

interface Target {
  site: SiteId;
  dataDir?: string;
  databaseUrl?: string;
  label: string;
}

function resolveTargets(env: NodeJS.ProcessEnv): Target[] {
  const site = env.SITE?.trim() || undefined;
  if (site !== undefined && !isSiteId(site)) throw new UsageError(`SITE must be cl or pe, got '${site}'`);
  const brand = env.BRAND?.trim() || 'andes';
  // Same rule as the server's config (apps/server/src/config.ts).
  if (!/^[a-z][a-z0-9]{1,19}$/.test(brand)) throw new UsageError(`BRAND must be a lowercase slug, got '${brand}'`);
  if (env.DATABASE_URL) {
    return [{ site: site ?? 'cl', databaseUrl: env.DATABASE_URL, label: 'DATABASE_URL' }];
  }
  if (env.DATA_DIR && site === undefined) throw new UsageError('DATA_DIR names one database: set SITE=cl or SITE=pe as well');
  const sites: SiteId[] = site ? [site] : ['cl', 'pe'];
  return sites.map((s) => {
    const dir = env.DATA_DIR ?? `./data/${s}`;
    return dir === 'memory' ? { site: s, label: 'memory' } : { site: s, dataDir: resolve(process.cwd(), dir), label: dir };
  });
}

async function run(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const targets = resolveTargets(process.env);
  const brand = process.env.BRAND?.trim() || 'andes';
  for (const target of targets) {
    const market = getMarket(target.site, brand);
    const database = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    try {
      const started = Date.now();
      const seeded = await seedIfEmpty(database.db, market);
      console.log(
        seeded
          ? `${target.site}: seeded reference data and demo customers into ${target.label} (${Date.now() - started} ms)`
          : `${target.site}: ${target.label} was already seeded, left as is`,
      );
      if (options.scale !== null) {
        const start = await nextScaleIndex(database.db, market);
        const t = Date.now();
        await seedScale(database.db, market, options.scale, { startIndex: start });
        console.log(
          `${target.site}: added ${options.scale} scale customers (#${start}–#${start + options.scale - 1}, ` +
            `secret ${SCALE_SECRET[target.site]}) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
        );
      }
    } finally {
      await database.close();
    }
  }
}

run().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`seed: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  const describe = (e: unknown): string => (e instanceof Error ? e.message + (e.cause !== undefined ? ` (${describe(e.cause)})` : '') : String(e));
  console.error(`seed failed: ${describe(error)}`);
  process.exit(1);
});
