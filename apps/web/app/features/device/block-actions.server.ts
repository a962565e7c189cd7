import { redirect } from 'react-router';
import type { WebContext } from '@andes/contract/caller';
import { apiRefusal, type IntentHandlers } from '../../lib/form-action.ts';
import { BLOCKED_QUERY, IMEI_FIELDS } from './block-fields.ts';

/**
 * Blocking before JavaScript loads (decision 018's forms): a stolen phone must not wait for a slow
 * page. Posts what the form holds to the API the page calls and answers the page with the block made,
 * or the page again with the server's refusal beside what was chosen.
 */
export function blockIntents(context: WebContext, pagePath: string): IntentHandlers {
  return {
    block: async (fields) => {
      const imei = fields[IMEI_FIELDS.choice] === IMEI_FIELDS.other ? fields[IMEI_FIELDS.typed] : fields[IMEI_FIELDS.choice];
      const body = {
        reason: fields.reason,
        blockType: fields.blockType,
        ...(fields.blockType !== 'sim' && imei ? { imei } : {}),
        ...(fields.policeReport ? { policeReport: fields.policeReport } : {}),
      };
      const answer = await context.api<'POST /REST/asset/:phoneNumber/equipment/block'>(
        `/REST/asset/${encodeURIComponent(fields.line ?? '')}/equipment/block`,
        { method: 'POST', body },
      );
      if (!answer.body.success) return apiRefusal(fields, answer);
      return redirect(`${pagePath}?${new URLSearchParams({ [BLOCKED_QUERY]: String(answer.body.block.id) })}`);
    },
  };
}
