import { redirect } from 'react-router';
import type { WebContext } from '@andes/contract/caller';
import { apiRefusal, type IntentHandlers } from '../../lib/form-action.ts';
import { FILED_QUERY } from './insurance-fields.ts';

/**
 * Filing a claim before JavaScript loads (decision 018's forms): posts what the form holds to the API
 * the page calls and answers the page with the claim filed, or the page again with the server's
 * messages beside each field and what was written.
 */
export function insuranceIntents(context: WebContext, pagePath: string): IntentHandlers {
  return {
    claim: async (fields) => {
      // a number the form did not send stays a string, so the API refuses it on its field
      const insuranceId = /^\d{1,10}$/.test(fields.insuranceId ?? '') ? Number(fields.insuranceId) : (fields.insuranceId ?? '');
      const answer = await context.api<'POST /restpp/asset/:phoneNumber/insurance/claims'>(
        `/restpp/asset/${encodeURIComponent(fields.line ?? '')}/insurance/claims`,
        { method: 'POST', body: { insuranceId, kind: fields.kind, description: fields.description ?? '' } },
      );
      if (!answer.body.success || !answer.body.current) return apiRefusal(fields, answer);
      return redirect(`${pagePath}?${new URLSearchParams({ [FILED_QUERY]: answer.body.current.number })}`);
    },
  };
}
