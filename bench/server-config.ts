/**
 * The settings of every server a benchmark builds in its own process: sandboxed outside systems, no
 * log, one load generator standing for many visitors (the per-address limit counts but never refuses),
 * and no timed sweeps, so the SQL statements a figure counts are its answers' (the session and throttle
 * purges keep their fixed hours). PUBLIC_ROWS_SECONDS passes through from the bench's environment.
 */
import type { SiteId } from '@andes/domain/market';
import { loadConfig, type AppConfig } from '../apps/server/src/config.ts';

export function benchConfig(site: SiteId, extra: NodeJS.ProcessEnv = {}): AppConfig {
  return loadConfig({
    SITE: site,
    LOG_LEVEL: 'silent',
    SANDBOX: '1',
    RATE_LIMIT_PER_MINUTE: String(1e9),
    ORDER_SWEEP_SECONDS: '0',
    BILLING_SWEEP_SECONDS: '0',
    LEAD_SYNC_SECONDS: '0',
    PUBLIC_ROWS_SECONDS: process.env.PUBLIC_ROWS_SECONDS,
    ...extra,
  });
}

/** How the servers share catalogue rows, for a part's title. */
export function publicRowsNote(): string {
  const seconds = benchConfig('cl').publicRowsSeconds;
  return seconds > 0 ? `catalogue rows shared ${seconds} s per process (PUBLIC_ROWS_SECONDS)` : 'catalogue rows read for every answer (PUBLIC_ROWS_SECONDS=0)';
}
