import { redirect } from 'react-router';
import type { WebContext } from '@andes/contract/caller';
import { apiRefusal, type IntentHandlers } from '../../lib/form-action.ts';
import { DONE_QUERY } from './api.ts';

/**
 * The plan change forms before JavaScript loads (decision 018): each posts to the API the page calls
 * and answers the page again, with what was done or the server's refusal beside the chosen plan.
 */
export function planChangeIntents(context: WebContext, pagePath: string): IntentHandlers {
  const url = (fields: Record<string, string>, rest = '') => `/restpp/asset/${encodeURIComponent(fields.line ?? '')}/plan-change${rest}`;
  const back = (done: string) => redirect(`${pagePath}?${new URLSearchParams({ [DONE_QUERY]: done })}`);
  return {
    change: async (fields) => {
      const body = { planId: fields.planId ?? '', price: Number(fields.price), idempotencyKey: fields.idempotencyKey ?? '' };
      const answer = await context.api<'POST /restpp/asset/:phoneNumber/plan-change'>(url(fields), { method: 'POST', body });
      return answer.body.success ? back(answer.body.change.state === 'applied' ? 'applied' : 'scheduled') : apiRefusal(fields, answer);
    },
    cancel: async (fields) => {
      const answer = await context.api<'POST /restpp/asset/:phoneNumber/plan-change/cancel'>(url(fields, '/cancel'), { method: 'POST' });
      return answer.body.success ? back('cancelled') : apiRefusal(fields, answer);
    },
  };
}
