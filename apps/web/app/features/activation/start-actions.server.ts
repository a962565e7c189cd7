import { data, redirect } from 'react-router';
import type { ActivationJourney } from '@andes/domain/sim-activation';
import type { WebContext } from '@andes/contract/caller';
import { ErrorKeys } from '@andes/domain/error-keys';
import { apiRefusal, INTENT, readForm, refused, type FormFields } from '../../lib/form-action.ts';
import { pagesOf } from './journey.ts';

/** The identity bureau's round the holder's post opened, shown by the page that answered the post. */
export interface IdentityRound {
  round: { challengeId: string; questions: Array<{ id: string; text: string; options: Array<{ id: string; text: string }> }> };
}

/**
 * The activation's first steps posted without JavaScript (decision 018): the chip, the holder's data and
 * the identity questions, each through the API call the page makes with JavaScript. A step done goes back
 * to the page (POST/redirect/GET), which resumes this browser's activation; the holder's post answers the
 * page with the bureau's questions (they live only in that answer); a refusal answers the page with the
 * server's message beside what was typed.
 */
export async function startAction(request: Request, context: WebContext, journey: ActivationJourney) {
  const fields = await readForm(request);
  const start = pagesOf(journey).start;
  switch (fields[INTENT]) {
    case 'chip': {
      const res = await context.api<'POST /restpp/subscriber/active/iccid'>('/restpp/subscriber/active/iccid', {
        method: 'POST',
        body: { iccid: fields.iccid ?? '', journey },
      });
      return res.body.success ? redirect(start) : apiRefusal(fields, res);
    }
    case 'holder': {
      const holder = { document: fields.document ?? '', name: fields.name ?? '', email: fields.email ?? '', phoneNumber: fields.phoneNumber ?? '' };
      const res = await context.api<'POST /restpp/subscriber/active/holder'>('/restpp/subscriber/active/holder', { method: 'POST', body: holder });
      if (!res.body.success) return apiRefusal(fields, res);
      return data<IdentityRound>({ round: { challengeId: res.body.challengeId, questions: res.body.questions } });
    }
    case 'answers':
      return answer(context, fields, start);
    default:
      return refused(fields, { key: ErrorKeys.validation }, 400);
  }
}

async function answer(context: WebContext, fields: FormFields, start: string) {
  const { [INTENT]: _intent, challengeId = '', ...answers } = fields;
  const res = await context.api<'POST /restpp/subscriber/active/holder/answers'>('/restpp/subscriber/active/holder/answers', {
    method: 'POST',
    body: { challengeId, answers },
  });
  if (!res.body.success) return apiRefusal(fields, res);
  return res.body.passed ? redirect(start) : refused(fields, { key: 'activation.error.identity.failed' }, 400);
}
