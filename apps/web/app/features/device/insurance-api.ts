import type { Answer } from '@andes/contract/caller';

/** The insurance routes' answer the page reads, as the contract types it. */
export type InsuranceOverview = Answer<'GET /restpp/asset/:phoneNumber/insurance'>;
export type LineInsurance = InsuranceOverview['insurances'][number];
export type InsuranceClaim = NonNullable<InsuranceOverview['current']>;
export type InsuranceFacts = InsuranceOverview['offer'][number];
