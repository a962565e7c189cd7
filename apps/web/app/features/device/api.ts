import type { Answer } from '@andes/contract/caller';
import type { ApiBody } from '@andes/contract/envelope';

/** The device routes' answers the pages read, as the contract types them. */
export type BlockOptions = Answer<'GET /REST/asset/:phoneNumber/equipment/block'>;
export type LineBlock = BlockOptions['blocks'][number];
export type SimStatus = Answer<'GET /REST/asset/:phoneNumber/sim'>;
export type SimChange = SimStatus['changes'][number];

/** The refusal a page shows: the server's first message, or the network one. */
export function refusalOf(body: ApiBody | null, fallback: string): { message: string; key: string | null; fields: Record<string, string[]> } {
  const system = body?.response?.systemMessage?.[0];
  return { message: system?.messages[0] ?? fallback, key: system?.exceptionKey ?? null, fields: body?.validationError ?? {} };
}

/** The line's renewal verdict of `GET /restpp/order/renewal/lines` (the message already in the customer's words). */
export type RenewalVerdict = Answer<'GET /restpp/order/renewal/lines'>['lines'][number];
