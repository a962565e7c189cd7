import { getMarket } from '@andes/domain/market';
import { loadConfig } from './config.ts';
import { startSite } from './server.ts';
import { startInTurn, stopOnSignals, type ProcessSite, type Shutdown } from './shutdown.ts';

/** One market on one port: `SITE=cl|pe PORT=nnnn npm run serve`. */
let shutdown: Shutdown | undefined;
try {
  const config = loadConfig();
  // the shutdown before the start: a SIGTERM while it migrates (a container's start) closes the site once started
  const sites: ProcessSite[] = [];
  shutdown = stopOnSignals(sites, config.shutdownTimeoutSeconds);
  if (await startInTurn([() => startSite(config)], sites, shutdown)) {
    console.log(`${getMarket(config.site, config.brand).countryName}: http://localhost:${config.port}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  // a start that failed began the shutdown (startInTurn), which ends the process with 1
  if (!shutdown?.stopping) process.exit(1);
}
