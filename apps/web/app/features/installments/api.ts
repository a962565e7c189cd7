import type { Answer } from '@andes/contract/caller';

/** The installments route's answer the page reads, as the contract types it (docs/api-account.md). */
export type InstallmentsView = Answer<'GET /restpp/asset/:phoneNumber/installments'>;
export type FinancedPhone = InstallmentsView['equipment'][number];

/** The gateway's outcomes the page is sent back with (`?resultado=`). */
export const RESULTS = ['approved', 'rejected', 'aborted', 'duplicate', 'unknown'] as const;
export type PaymentResult = (typeof RESULTS)[number];
