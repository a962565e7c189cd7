import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '@andes/db/client';
import { seedIfEmpty } from '@andes/db/seed/index';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';

const defaultWebBuild = fileURLToPath(new URL('../../web/build', import.meta.url));

/**
 * Opens (and on first start seeds) the market's database, then serves the app on its port; stopping it is
 * the caller's (shutdown.ts). A start that fails closes what it opened before it rejects.
 */
export async function startSite(config: AppConfig): Promise<FastifyInstance> {
  let dropped: (error: Error) => void = () => {};
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
    onConnectionError: (error) => dropped(error),
  });
  let opened: FastifyInstance | undefined;
  try {
    const app = (opened = await buildApp({
      config: { ...config, webBuildDir: config.webBuildDir ?? (existsSync(defaultWebBuild) ? defaultWebBuild : undefined) },
      database,
    }));
    dropped = (error) => app.log.warn({ err: error }, 'database connection dropped');
    const seeded = await seedIfEmpty(database.db, app.market);
    if (seeded) app.log.info('demo data loaded');
    await app.listen({ port: config.port, host: config.host });
    return app;
  } catch (error) {
    // a start that fails (seeding, a port in use) leaves nothing open: the shutdown has nothing of it to
    // close (shutdown.ts). The app closes its sweeps and the database; the start's error is the one to report
    await (opened ? opened.close() : database.close()).catch(() => {});
    throw error;
  }
}
