/** The plans' answers: their schemas are the contract's (packages/contract). */
export type { Plan, PlanGroups, PlansAnswer } from '@andes/contract/answers';

/** What the billing-delivery form hands over: only the ticked channels are present. */
export interface BillingContact {
  billing_email?: string;
  billing_msisdn?: string;
}
