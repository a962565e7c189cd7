import { coverageOf } from '@andes/domain/coverage-rules';
import type { Market, SiteId } from '@andes/domain/market';
import type { CoveragePort } from './port.ts';

/**
 * The simulated network's metropolitan areas (docs/sandbox.md): Chile's Metropolitan Region (13);
 * Peru's province of Lima (1501) and the Constitutional Province of Callao (07).
 */
const METRO_AREAS: Record<SiteId, string[]> = { cl: ['13'], pe: ['1501', '07'] };

export function sandboxCoverage(market: Market): CoveragePort {
  return {
    async check(area) {
      return coverageOf(area, METRO_AREAS[market.site]);
    },
  };
}
