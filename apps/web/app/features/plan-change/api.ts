import type { Answer } from '@andes/contract/caller';
import type { ApiBody } from '@andes/contract/envelope';

/** The plan change routes' answers the page reads, as the contract types them (docs/api-account.md). */
export type PlanChangeOverview = Answer<'GET /restpp/asset/:phoneNumber/plan-change'>;
export type PlanOption = PlanChangeOverview['plans'][number];
export type PlanChange = NonNullable<PlanChangeOverview['pending']>;
export type PlanChanged = Answer<'POST /restpp/asset/:phoneNumber/plan-change'>;

/** The refusal a page shows: the server's first message, or the network one. */
export function refusalOf(body: ApiBody | null, fallback: string): { message: string; key: string | null; fields: Record<string, string[]> } {
  const system = body?.response?.systemMessage?.[0];
  return { message: system?.messages[0] ?? fallback, key: system?.exceptionKey ?? null, fields: body?.validationError ?? {} };
}

/** The query the page is answered at after a change made without JavaScript: what was done. */
export const DONE_QUERY = 'hecho';
export type Done = 'applied' | 'scheduled' | 'cancelled';
/** The query of the plan being confirmed (a link, so choosing works before JavaScript loads). */
export const PLAN_QUERY = 'plan';
