import type { Answer } from '@andes/contract/caller';

/** The suspension routes' answer the page reads, as the contract types it. */
export type SuspensionOverview = Answer<'GET /restpp/asset/:phoneNumber/suspension'>;
export type Suspension = NonNullable<SuspensionOverview['current']>;

/** The query the page is answered at after a change made without JavaScript: what was done. */
export const DONE_QUERY = 'hecho';
export type Done = 'scheduled' | 'ended';
