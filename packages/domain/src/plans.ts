/**
 * Plan card and plan list rules (SPEC §3 "Plan", §4 "Plan selection", §9 plan carousel and default tab).
 */
import { constants } from './market.ts';
import { promotionIsCardPrice } from './plan-promotion.ts';

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
  return widthPx < constants.planCarouselNarrowBelowPx ? constants.planCarouselPerViewNarrow : constants.planCarouselPerView;
}

/**
 * Marks only the plan with this id as selected, returning new objects. An id not in the list leaves
 * the plans unchanged (same array), so a stale click cannot clear the current choice.
 */
export function selectPlan<T extends { id: string; selected?: boolean }>(plans: T[], id: string): T[] {
  if (!plans.some((p) => p.id === id)) return plans;
  return plans.map((p) => ({ ...p, selected: p.id === id }));
}

/**
 * What a plan costs month by month: a promotional price (`commercePrice`, below the list `price`) for
 * the first `discountMonths` months of the contract, or for as long as the plan when that is null,
 * then the list price. Without a promotion `commercePrice` equals `price`.
 */
export interface PlanPriceTerms {
  price: number;
  commercePrice: number;
  discountMonths: number | null;
}

/**
 * The plan's price in month `month` (1 = the first) of the contract: the one rule behind the plan
 * card, "A pagar el próximo mes" (cart, order, success pages) and the bills. The contract's months are
 * whole billing periods counted from the line's first bill: a first bill prorated because the line
 * started mid-cycle charges month 1's price for its days and does not use up a promotional month, so a
 * "50% por 6 meses" is always six whole bills at half price (docs/api-plans.md, "Promotional price").
 */
export function planPriceInMonth(terms: PlanPriceTerms, month: number): number {
  const promoted = terms.commercePrice < terms.price && (terms.discountMonths === null || month <= terms.discountMonths);
  return promoted ? terms.commercePrice : terms.price;
}

/** The price of the contract's first month: what the card offers and the first bill charges. */
export function firstMonthPrice(terms: PlanPriceTerms): number {
  return planPriceInMonth(terms, 1);
}

/** The price terms of a plan card as `GET /restpp/subscriber/plans` answers it (its months are `planDiscountMonths`). */
export function planTerms(card: { price: number; commercePrice: number; planDiscountMonths: number | null }): PlanPriceTerms {
  return { price: card.price, commercePrice: card.commercePrice, discountMonths: card.planDiscountMonths };
}

/**
 * A plan card's first month's price, the one the cart and the first bill charge ('A pagar el próximo
 * mes'): the promotion's only when its terms name the journey's lines (`lineKind`: activeSimType;
 * `planDiscountLineKinds` null: every line).
 */
export function cardFirstMonthPrice(
  card: { price: number; commercePrice: number; planDiscountMonths: number | null; planDiscountLineKinds: ReadonlyArray<string> | null },
  lineKind: string | undefined,
): number {
  return promotionIsCardPrice(card.planDiscountLineKinds, lineKind) ? firstMonthPrice(planTerms(card)) : card.price;
}

/** The promotion a line keeps from its sale (`lines.promo_price`, `lines.promo_months`). */
export interface LinePromotion {
  promoPrice: number;
  /** Whole billing periods left at the promotional price; null: as long as the plan. */
  promoMonths: number | null;
}

/**
 * What a line sold on `terms` keeps of the promotion once `monthsPaid` of its months were paid up
 * front (a prepaid line moved to a plan pays the first at the migration): null when none is left.
 */
export function linePromotion(terms: PlanPriceTerms, monthsPaid = 0): LinePromotion | null {
  if (terms.commercePrice >= terms.price) return null;
  if (terms.discountMonths === null) return { promoPrice: terms.commercePrice, promoMonths: null };
  const left = terms.discountMonths - monthsPaid;
  return left > 0 ? { promoPrice: terms.commercePrice, promoMonths: left } : null;
}

/** The terms a line is billed on: its plan's list price and the promotion it keeps (promo price null: none). */
export function lineTerms(price: number, promotion: { promoPrice: number | null; promoMonths: number | null }): PlanPriceTerms {
  if (promotion.promoPrice === null) return { price, commercePrice: price, discountMonths: null };
  return { price, commercePrice: promotion.promoPrice, discountMonths: promotion.promoMonths };
}
