/** A plan card as `GET /restpp/subscriber/plans` answers it (SPEC §3 "Plan"); prices in minor units. */
export interface Plan {
  id: string;
  baseId: string;
  version: number;
  planName: string;
  commerceName: string;
  customerGroup: 'postpaidPlans' | 'hybridPlans' | 'blue';
  price: number;
  commercePrice: number;
  data: string;
  voice: string;
  sms: string;
  isBam: boolean;
  socialMedia: string[];
  advancedPlan: boolean;
  promotion: string | null;
  planDiscountPercentage: number;
  planDiscountDescription: string | null;
  /** Months the promotional price (commercePrice) lasts; null: as long as the plan (planPriceInMonth). */
  planDiscountMonths: number | null;
  showInActivationFlow: boolean;
  rentalType: string;
  planType: string;
  selected: boolean;
}

export interface PlanGroups {
  postpaidPlans: Plan[];
  hybridPlans: Plan[];
  blue: Plan[];
}

/** The answer of `GET /restpp/subscriber/plans`. */
export interface PlansAnswer extends PlanGroups {
  activeSimType: string;
  blueGroupName: string;
  defaultTab: keyof PlanGroups;
  selectValue: string | null;
}

/** What the billing-delivery form hands over: only the ticked channels are present. */
export interface BillingContact {
  billing_email?: string;
  billing_msisdn?: string;
}
