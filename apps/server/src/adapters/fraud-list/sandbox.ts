import type { Market } from '@andes/domain/market';
import type { FraudListPort, ListingReason } from './port.ts';

/**
 * Sandbox list (docs/sandbox.md): a fixed document per market and reason. Their last digits avoid the
 * sandbox credit bureau's rejecting (1) and failing (2) numbers, so a listed buyer is refused by the
 * list and not by the bureau.
 */
export const SANDBOX_LISTED: Record<Market['site'], Record<string, ListingReason>> = {
  cl: { '14578369-0': 'fraud', '16375948-9': 'debt' },
  pe: { '40817263': 'fraud', '43756189': 'debt' },
};

export function sandboxFraudList(market: Pick<Market, 'site'>): FraudListPort {
  const listed = SANDBOX_LISTED[market.site];
  return {
    async check(document) {
      const reason = listed[document];
      return reason ? { listed: true, reason } : { listed: false };
    },
  };
}
