/**
 * The site config's list of active features (SPEC §3, §6): features operations can turn off per market
 * without a deploy. A feature off hides its entry points on the web, and its calls answer
 * `pp.error.feature.off`. docs/api.md "Site features".
 */
import type { SiteId } from './market.ts';

export const SITE_FEATURES = ['clickToCall'] as const;
export type SiteFeature = (typeof SITE_FEATURES)[number];

/** A feature neither market has set stays as it ships: every feature is on until turned off. */
export const FEATURE_DEFAULTS: Record<SiteId, Record<SiteFeature, boolean>> = {
  cl: { clickToCall: true },
  pe: { clickToCall: true },
};

export function isSiteFeature(value: string): value is SiteFeature {
  return (SITE_FEATURES as readonly string[]).includes(value);
}

/** The market's active features: the stored settings over the defaults; a stored name this build does not know is ignored. */
export function activeFeatures(site: SiteId, stored: ReadonlyArray<{ feature: string; active: boolean }>): SiteFeature[] {
  const set = new Map(stored.filter((s) => isSiteFeature(s.feature)).map((s) => [s.feature, s.active]));
  return SITE_FEATURES.filter((f) => set.get(f) ?? FEATURE_DEFAULTS[site][f]);
}
