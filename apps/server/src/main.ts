import { getMarket } from '@andes/domain/market';
import { loadConfig } from './config.ts';
import { startSite } from './server.ts';
import { stopOnSignals } from './shutdown.ts';

/** One market on one port: `SITE=cl|pe PORT=nnnn npm run serve`. */
try {
  const config = loadConfig();
  stopOnSignals([await startSite(config)], config.shutdownTimeoutSeconds);
  console.log(`${getMarket(config.site, config.brand).countryName}: http://localhost:${config.port}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
