import { describe, expect, it } from 'vitest';
import { CampaignErrorKeys, campaignDiscount, campaignLineError, campaignRunning, discounted, type CampaignTerms } from '../src/campaigns.ts';

const now = new Date('2025-06-10T15:00:00Z');
const blue: CampaignTerms = {
  planId: 'PO_PLAN_BLUE_120',
  productIds: ['PO_EQ_A'],
  discountPercentage: 10,
  startsAt: new Date('2025-06-01T04:00:00Z'),
  endsAt: new Date('2025-06-11T04:00:00Z'),
};
const phoneAlone: CampaignTerms = { ...blue, planId: null, discountPercentage: 15 };

describe('campaigns', () => {
  it('run from their start included to their end excluded', () => {
    expect(campaignRunning(blue, blue.startsAt)).toBe(true);
    expect(campaignRunning(blue, new Date(blue.startsAt.getTime() - 1))).toBe(false);
    expect(campaignRunning(blue, new Date(blue.endsAt.getTime() - 1))).toBe(true);
    expect(campaignRunning(blue, blue.endsAt)).toBe(false);
  });

  it("discount a phone only with the campaign's plan in the cart, while it runs", () => {
    const phone = { productId: 'PO_EQ_A' };
    expect(campaignDiscount(blue, phone, ['PO_PLAN_BLUE_120'], now)).toBe(10);
    expect(campaignDiscount(blue, phone, [], now)).toBe(0);
    expect(campaignDiscount(blue, phone, ['PO_PLAN_LIBRE_30'], now)).toBe(0);
    expect(campaignDiscount(blue, phone, ['PO_PLAN_BLUE_120'], blue.endsAt)).toBe(0);
    expect(campaignDiscount(blue, { productId: 'PO_EQ_B' }, ['PO_PLAN_BLUE_120'], now)).toBe(0);
    expect(campaignDiscount(undefined, phone, ['PO_PLAN_BLUE_120'], now)).toBe(0);
    expect(campaignDiscount(phoneAlone, phone, [], now)).toBe(15);
  });

  it('say why a line may not carry the campaign', () => {
    expect(campaignLineError(blue, { productId: 'PO_EQ_A' }, [], now)).toBe(CampaignErrorKeys.plan);
    expect(campaignLineError(blue, { productId: null }, ['PO_PLAN_LIBRE_30'], now)).toBe(CampaignErrorKeys.plan);
    expect(campaignLineError(blue, { productId: null }, ['PO_PLAN_BLUE_120'], now)).toBeNull();
    expect(campaignLineError(blue, { productId: 'PO_EQ_A' }, ['PO_PLAN_BLUE_120'], new Date('2025-07-01T00:00:00Z'))).toBe(CampaignErrorKeys.notRunning);
    expect(campaignLineError(undefined, { productId: 'PO_EQ_A' }, [], now)).toBe(CampaignErrorKeys.notRunning);
  });

  it('round the discounted price to the unit', () => {
    expect(discounted(1_199_990, 10)).toBe(1_079_991);
    expect(discounted(59_990, 0)).toBe(59_990);
  });
});
