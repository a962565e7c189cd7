import type { SiteId } from './market.ts';

/**
 * How each market writes a mobile number (`Market.phoneLength`, `phonePrefix`, `phoneGroups`). Kept
 * apart from the market definitions (market.ts builds them from it), so a page that formats a number
 * does not download both markets' settings.
 */
export const phoneFormats = {
  cl: { phoneLength: 9, phonePrefix: '56', phoneGroups: [1, 4, 4] },
  pe: { phoneLength: 9, phonePrefix: '51', phoneGroups: [3, 3, 3] },
} as const satisfies Record<SiteId, { phoneLength: number; phonePrefix: string; phoneGroups: readonly number[] }>;
