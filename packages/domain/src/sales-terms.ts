/**
 * The commercial terms shown where plans are sold (SPEC §9 "Terms text"): the promotion's quota per
 * document, fair use of minutes, extra minute and SMS, bags from, plans from, the contract copy and
 * the service cut. The promotion, the cheapest plan and the cheapest bag are read from the catalogue
 * (CatalogueFacts); the rest is the market's tariff below. Amounts in minor units.
 */
import type { SiteId } from './market.ts';
import { CUT_AFTER_DAYS } from './account-bills.ts';

/** A market's tariff beyond the plans: what SPEC §9's terms text states for Chile. */
export interface MarketTariff {
  /** Fair use of voice: distinct numbers a month, or minutes per number. */
  fairUse: { numbers: number; minutesPerNumber: number } | null;
  /** An extra minute past the plan's, per minute. */
  extraMinute: number | null;
  /** An extra SMS, by destination (national, international): one or more prices. */
  extraSms: readonly number[];
  /** Business days within which the customer receives a copy of the contract. */
  contractCopyBusinessDays: number;
}

/**
 * SPEC §9 gives Chile's figures; Peru's terms text is not in the spec, so Peru states what its
 * catalogue and billing rules hold (quota, plans and bags from, contract copy, cut) and no overage
 * figure it does not have.
 */
export const MARKET_TARIFFS: Readonly<Record<SiteId, MarketTariff>> = {
  cl: { fairUse: { numbers: 300, minutesPerNumber: 1000 }, extraMinute: 99, extraSms: [50, 99], contractCopyBusinessDays: 5 },
  pe: { fairUse: null, extraMinute: null, extraSms: [], contractCopyBusinessDays: 5 },
};

/** What the catalogue holds for the terms: its capped promotion (if any), its cheapest plan and bag. */
export interface CatalogueFacts {
  promotion: { perDocument: number; percentage: number } | null;
  plansFrom: number | null;
  bagsFrom: number | null;
}

/** One line of the terms: a message key of the `plans` texts, its amounts (formatted by the page) and counts. */
export interface TermsLine {
  key: string;
  amounts?: Record<string, number>;
  /** Several amounts joined by the page ("$50 o $99"). */
  amountLists?: Record<string, readonly number[]>;
  counts?: Record<string, number>;
}

/** The terms lines, in the order SPEC §9 states them; a figure the market does not have is left out. */
export function salesTerms(site: SiteId, facts: CatalogueFacts): TermsLine[] {
  const tariff = MARKET_TARIFFS[site];
  const out: TermsLine[] = [];
  if (facts.promotion) out.push({ key: 'plans.terms.promotion', counts: { count: facts.promotion.perDocument, percentage: facts.promotion.percentage } });
  if (tariff.fairUse) out.push({ key: 'plans.terms.fairUse', counts: { numbers: tariff.fairUse.numbers, minutes: tariff.fairUse.minutesPerNumber } });
  if (tariff.extraMinute !== null) out.push({ key: 'plans.terms.extraMinute', amounts: { price: tariff.extraMinute } });
  if (tariff.extraSms.length) out.push({ key: 'plans.terms.extraSms', amountLists: { prices: tariff.extraSms } });
  if (facts.bagsFrom !== null) out.push({ key: 'plans.terms.bagsFrom', amounts: { price: facts.bagsFrom } });
  if (facts.plansFrom !== null) out.push({ key: 'plans.terms.plansFrom', amounts: { price: facts.plansFrom } });
  out.push({ key: 'plans.terms.contractCopy', counts: { days: tariff.contractCopyBusinessDays } });
  out.push({ key: 'plans.terms.cut', counts: { days: CUT_AFTER_DAYS } });
  return out;
}
