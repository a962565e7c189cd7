import type { Answer } from '@andes/contract/caller';
import type { ApiBody } from '@andes/contract/envelope';
import type { LoaderArgs } from '../../lib/root-data.ts';

/** This browser's chip activation as `GET /restpp/subscriber/active/activation` answers it (decision 025). */
export type Activation = Answer<'GET /restpp/subscriber/active/activation'>['activation'];

/** The activation the session holds, or null (none started, or it lapsed). */
export async function loadActivation(args: LoaderArgs): Promise<Activation | null> {
  const res = await args.context.api<'GET /restpp/subscriber/active/activation'>('/restpp/subscriber/active/activation');
  return res.status === 200 ? res.body.activation : null;
}

/** The refusal's text for a field (or the whole form), from an envelope the helper answered. */
export function refusalOf(body: ApiBody | null | undefined, field?: string): string | null {
  if (!body || body.success) return null;
  const fieldText = field ? body.validationError?.[field]?.[0] : undefined;
  return fieldText ?? body.response?.systemMessage?.[0]?.messages?.[0] ?? null;
}

/** The message key of a refusal (for the failure event). */
export function refusalKey(body: ApiBody | null | undefined): string {
  return body?.response?.systemMessage?.[0]?.exceptionKey ?? 'pp.error.generic';
}
