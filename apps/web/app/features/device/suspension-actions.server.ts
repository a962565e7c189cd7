import { redirect } from 'react-router';
import type { WebContext } from '@andes/contract/caller';
import { apiRefusal, type IntentHandlers } from '../../lib/form-action.ts';
import { DONE_QUERY, type Done } from './suspension-api.ts';

/**
 * The suspension forms before JavaScript loads (decision 018): each posts to the API the page calls
 * and answers the page again, with what was done or the server's refusal beside what was typed.
 */
export function suspensionIntents(context: WebContext, pagePath: string): IntentHandlers {
  const back = (done: Done) => redirect(`${pagePath}?${new URLSearchParams({ [DONE_QUERY]: done })}`);
  const url = (fields: Record<string, string>, rest = '') => `/restpp/asset/${encodeURIComponent(fields.line ?? '')}/suspension${rest}`;
  return {
    start: async (fields) => {
      const body = { reason: fields.reason, startsOn: fields.startsOn, endsOn: fields.endsOn };
      const answer = await context.api<'POST /restpp/asset/:phoneNumber/suspension'>(url(fields), { method: 'POST', body });
      return answer.body.success ? back('scheduled') : apiRefusal(fields, answer);
    },
    end: async (fields) => {
      const answer = await context.api<'POST /restpp/asset/:phoneNumber/suspension/end'>(url(fields, '/end'), { method: 'POST' });
      return answer.body.success ? back('ended') : apiRefusal(fields, answer);
    },
  };
}
