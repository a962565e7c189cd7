import type { Answer } from '@andes/contract/caller';

/** The number change routes' answers the page reads, as the contract types them. */
export type NumberOverview = Answer<'GET /restpp/asset/:phoneNumber/number'>;
export type NumberChanged = Answer<'POST /restpp/asset/:phoneNumber/number/change'>;
