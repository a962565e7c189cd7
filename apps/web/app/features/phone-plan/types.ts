/** Shapes of the API answers the phone-with-a-plan screens read (the web never imports server code). */

export interface Money {
  amount: number;
  formatted: string;
}

/** SPEC §3 "Campaign item", as `GET /restpp/asset/campaign/product/details` answers it. */
export interface CampaignItem {
  equipmentID: string;
  skuId: string;
  campaignID: string;
  brand: string;
  displayName: string;
  backCamera: string | null;
  frontCamera: string | null;
  cpu: string | null;
  price: Money;
  listPrice: Money;
  image: string;
  inStock: boolean;
  url: string;
}

export interface CampaignDetails {
  campaign: {
    campaignID: string;
    name: string;
    description: string;
    planID: string | null;
    planName: string | null;
    discountPercentage: number;
    endsAt: string;
  };
  items: CampaignItem[];
}

/** The plan the sequence carries to the cart (a card of `GET /restpp/subscriber/plans`). */
export interface ChosenPlan {
  id: string;
  name: string;
  price: number;
}

/** Where the bill goes (SPEC §5 "Billing delivery"); null until the customer has a valid choice. */
export interface BillingChoice {
  billing_email?: string;
  billing_msisdn?: string;
}
