/**
 * Plan card and plan list rules (SPEC §3 "Plan", §4 "Plan selection", §9 plan carousel and default tab).
 */
import { constants } from './market.ts';

type PlansTab = 'postpaidPlans' | 'hybridPlans' | 'blue';

/** A plan id without its version suffix: `plan_30gb_V2` → `plan_30gb`, so versions of a plan match. */
export function planBaseId(id: string): string {
  return id.replace(/_V\d+$/, '');
}

/** How many lines a plan counts for in cart analytics events: 2 for `multi_` plans, else 1. */
export function planEventQuantity(id: string): number {
  return id.startsWith('multi_') ? 2 : 1;
}

/**
 * A plan line's quantity in the cart is always 1: one plan per cart, one contract. A `multi_` plan
 * is one contract for two lines ("dos líneas, una sola boleta"), so it too is one cart line of
 * quantity 1; it counts as 2 in analytics and opens two lines when paid ({@link linesOpenedBy}).
 */
export const PLAN_LINE_QUANTITY = 1;

/** The lines a paid plan opens: 2 for a `multi_` plan, else 1 (the same count analytics reports). */
export function linesOpenedBy(id: string): number {
  return planEventQuantity(id);
}

/**
 * Whether a plan is mobile broadband (BAM), which shows data, minutes and SMS as not included.
 * "bam" must stand on its own among letters (`Plan BAM 20GB`, `bam_20gb`, `BAM10`), so names that
 * merely contain the letters (`Bamboo`) do not match.
 */
export function isBamPlan(name: string): boolean {
  return /(?<!\p{L})bam(?!\p{L})/iu.test(name);
}

/** The social-media icons on a plan card: more than 5 shows the first 4 and a `+N` tile for the rest. */
export function socialMediaTiles(icons: string[]): { shown: string[]; more: number } {
  if (icons.length > 5) return { shown: icons.slice(0, 4), more: icons.length - 4 };
  return { shown: [...icons], more: 0 };
}

const UNLIMITED = /^(ilimitad[oa]s?|unlimited|sin\s+l[ií]mite)$/i;
const UNITS = { data: 'GB', voice: 'min', sms: 'SMS' } as const;

/**
 * The text for a plan's data, voice or SMS allowance.
 *
 * - BAM plans: `No incluye`.
 * - Unlimited (`'ilimitada'`, `'ilimitados'`, `'unlimited'`, `'sin límite'`, or null, meaning no
 *   limit was set): `Ilimitados`.
 * - A bare number, or a string of digits, gets its kind's unit: data in GB (`30` → `30 GB`), voice in
 *   minutes (`300 min`), SMS as a count (`100 SMS`).
 * - Any other string already carries its unit (`'30 GB'`, `'500 MB'`) and is shown trimmed.
 */
export function formatAllowance(kind: 'data' | 'voice' | 'sms', value: string | number | null, bam: boolean): string {
  if (bam) return 'No incluye';
  if (value === null) return 'Ilimitados';
  const text = String(value).trim().replace(/\s+/g, ' ');
  if (UNLIMITED.test(text)) return 'Ilimitados';
  if (/^\d+(\.\d+)?$/.test(text)) return `${text} ${UNITS[kind]}`;
  return text;
}

/** The tab opened first: the first group with plans, in the order postpaid, hybrid, blue; postpaid when all are empty. */
export function defaultPlansTab(groups: { postpaidPlans: unknown[]; hybridPlans: unknown[]; blue: unknown[] }): PlansTab {
  const order: PlansTab[] = ['postpaidPlans', 'hybridPlans', 'blue'];
  return order.find((tab) => groups[tab].length > 0) ?? constants.defaultPlansTab;
}

/** Plan cards per carousel view: 3, or 2 when the viewport is narrower than 1280 px. */
export function plansPerView(widthPx: number): number {
  return widthPx < constants.planCarouselNarrowBelowPx
    ? constants.planCarouselPerViewNarrow
    : constants.planCarouselPerView;
}

/**
 * Marks only the plan with this id as selected, returning new objects. An id not in the list leaves
 * the plans unchanged (same array), so a stale click cannot clear the current choice.
 */
export function selectPlan<T extends { id: string; selected?: boolean }>(plans: T[], id: string): T[] {
  if (!plans.some((p) => p.id === id)) return plans;
  return plans.map((p) => ({ ...p, selected: p.id === id }));
}
