/**
 * A plan's promotion as one line is sold on it (SPEC §9 terms: "up to 3 plans with 50% discount per
 * RUT"): the percentage off the list price, for the contract's first months, only for the lines its
 * terms name (a portability promotion is for port-in lines) and only while the buyer's document has
 * not used up its quota. The one rule behind the cart, the order, the lines opened and their bills.
 * Money is integer minor units.
 */
import type { PlanPriceTerms } from './plans.ts';

/** The kind of line a plan is sold for: a number brought from another company, or a new one. */
export type PromotionLineKind = 'portability' | 'newLine' | 'additionalLine';

/** A plan's promotion as the catalogue holds it (`plans.discount_*`). */
export interface PlanPromotionTerms {
  /** List monthly price. */
  price: number;
  discountPercentage: number;
  /** Months at the promotional price from the contract's start; null: as long as the plan. */
  discountMonths: number | null;
  /** The lines the promotion is for; null: every line. */
  discountLineKinds: ReadonlyArray<string> | null;
  /** Most lines one document (RUT, DNI) may have on this promotion, over all its orders; null: no cap. */
  discountPerDocument: number | null;
}

/**
 * `amount` less `percent`, in minor units, never rounded to whole major units: S/ 59.90 at 50% is
 * S/ 29.95 (5990 → 2995) and $24.990 is $12.495. A result that falls between two minor units (an odd
 * CLP amount halved, where the peso is the minor unit) rounds half up to the minor unit: $24.991 at
 * 50% is $12.496. Integer arithmetic, so no floating-point drift decides a peso.
 */
export function percentOff(amount: number, percent: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not an amount in minor units: ${amount}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`Not a percentage: ${percent}`);
  const hundredths = amount * (100 - percent);
  return Math.floor((2 * hundredths + 100) / 200);
}

/** The promotional monthly price of a plan in the catalogue (`plans.commerce_price`): its list price less its discount. */
export function promotionalPrice(terms: Pick<PlanPromotionTerms, 'price' | 'discountPercentage'>): number {
  return percentOff(terms.price, terms.discountPercentage);
}

/** Whether the promotion's terms name this kind of line. */
export function promotionCoversLine(terms: Pick<PlanPromotionTerms, 'discountPercentage' | 'discountLineKinds'>, kind: PromotionLineKind): boolean {
  if (terms.discountPercentage <= 0) return false;
  return terms.discountLineKinds === null || terms.discountLineKinds.includes(kind);
}

/** The promotion one line gets, or null (the line pays the list price from the first month). */
export interface LineOffer {
  percentage: number;
  promoPrice: number;
  months: number | null;
}

/**
 * What one line sold on `terms` gets: the promotion when its terms name the line and the document has
 * lines left on it (`usedByDocument`: its lines already on the promotion; unknown buyer: 0, the order
 * creation counts again under the document's lock), else nothing.
 */
export function lineOffer(terms: PlanPromotionTerms, kind: PromotionLineKind, usedByDocument: number): LineOffer | null {
  if (!promotionCoversLine(terms, kind)) return null;
  if (terms.discountPerDocument !== null && usedByDocument >= terms.discountPerDocument) return null;
  return { percentage: terms.discountPercentage, promoPrice: promotionalPrice(terms), months: terms.discountMonths };
}

/** The price terms the line is billed on ({@link planPriceInMonth}): the offer's for its months, then the list price. */
export function offerTerms(price: number, offer: LineOffer | null): PlanPriceTerms {
  return offer ? { price, commercePrice: offer.promoPrice, discountMonths: offer.months } : { price, commercePrice: price, discountMonths: null };
}

/** The kind of line a cart line is: a port-in when it brings a number, else a new number. */
export function lineKindOfCartLine(line: { isPortability: boolean }): PromotionLineKind {
  return line.isPortability ? 'portability' : 'newLine';
}

/**
 * Whether a plan card's promotion is its price in a journey selling `lineKind` lines: a promotion for
 * every line always is; one for some lines only when the journey's are among them (unknown journey: not).
 */
export function promotionIsCardPrice(discountLineKinds: ReadonlyArray<string> | null, lineKind: string | undefined): boolean {
  return discountLineKinds === null || (lineKind !== undefined && discountLineKinds.includes(lineKind));
}

/**
 * The catalogue's price terms of a plan as one kind of line is sold on them, where no per-document
 * quota is counted (a SIM activation, a prepaid line moved to a plan): its promotion only when its
 * terms name the line, else the list price from the first month.
 */
export function termsForLine(
  plan: Pick<PlanPromotionTerms, 'price' | 'discountPercentage' | 'discountMonths' | 'discountLineKinds'> & { commercePrice: number },
  kind: PromotionLineKind,
): PlanPriceTerms {
  return promotionCoversLine(plan, kind)
    ? { price: plan.price, commercePrice: plan.commercePrice, discountMonths: plan.discountMonths }
    : { price: plan.price, commercePrice: plan.price, discountMonths: null };
}
