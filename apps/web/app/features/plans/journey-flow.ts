import { planFlow } from '@andes/domain/sale-sequence';
import { saleSequenceEvents } from '@andes/domain/sale-sequence-events';

/**
 * The journey labels a plan journey's events carry (SPEC §4: journey kind, delivery flow, option,
 * flow_tag). Apart from journey.ts, so the plan catalogue chooses a plan without downloading them.
 */
export function planFlowFields(signedIn: boolean, isPortability: boolean) {
  return saleSequenceEvents.flowFields(planFlow({ signedIn, line: isPortability ? 'portability' : 'newLine' }));
}
