/** The campaign's answers: their schemas are the contract's (packages/contract). */
export type { CampaignDetails, CampaignItem, Money } from '@andes/contract/answers';

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
