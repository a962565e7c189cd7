/**
 * Commercial campaigns (SPEC §3 "Campaign item"): a discount on some phones, for a while, and when
 * the campaign names a plan only for a phone sold with that plan. One rule for the add, the cart's
 * price and the order it becomes, so a campaign price can never outlive its terms unnoticed.
 */
import { percentOff } from './plan-promotion.ts';

/** What the rule needs of a campaign (the `campaigns` table). */
export interface CampaignTerms {
  /** The plan the phone must be sold with; null for a campaign on the phone alone. */
  planId: string | null;
  productIds: readonly string[];
  discountPercentage: number;
  startsAt: Date;
  endsAt: Date;
}

export const CampaignErrorKeys = {
  /** Unknown, not running, or not for this phone. */
  notRunning: 'pp.error.cart.campaign',
  /** The campaign's plan is not the cart's plan. */
  plan: 'pp.error.cart.campaign.plan',
} as const;

/**
 * Campaign times are instants stored in UTC: a campaign runs from `startsAt` included to `endsAt`
 * excluded. One that ends with a calendar day in the market is stored ending at the next day's 00:00
 * in the market's zone, so no zone arithmetic is needed here.
 */
export function campaignRunning(campaign: Pick<CampaignTerms, 'startsAt' | 'endsAt'>, now: Date): boolean {
  return campaign.startsAt <= now && now < campaign.endsAt;
}

/**
 * Why a cart line may not carry `campaign` at `now` (an error key), or null. `line.productId` is the
 * phone's product (null for the plan line); `cartPlanIds` the plans the cart holds with this line.
 */
export function campaignLineError(
  campaign: CampaignTerms | undefined,
  line: { productId: string | null },
  cartPlanIds: readonly string[],
  now: Date,
): string | null {
  if (!campaign || !campaignRunning(campaign, now)) return CampaignErrorKeys.notRunning;
  if (line.productId !== null && !campaign.productIds.includes(line.productId)) return CampaignErrorKeys.notRunning;
  if (campaign.planId !== null && !cartPlanIds.includes(campaign.planId)) return CampaignErrorKeys.plan;
  return null;
}

/** The percentage `campaign` takes off this line today: its discount while every term holds, else 0. */
export function campaignDiscount(campaign: CampaignTerms | undefined, line: { productId: string | null }, cartPlanIds: readonly string[], now: Date): number {
  return campaign && campaignLineError(campaign, line, cartPlanIds, now) === null ? campaign.discountPercentage : 0;
}

/** `price` (minor units) less `percent`, by the one rule for percentages off (plan-promotion.ts percentOff). */
export function discounted(price: number, percent: number): number {
  return percent ? percentOff(price, percent) : price;
}
