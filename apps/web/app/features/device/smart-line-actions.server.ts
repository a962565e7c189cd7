import { data } from 'react-router';
import type { WebContext } from '@andes/contract/caller';
import { apiRefusal, refused, type FormFields, type IntentHandlers } from '../../lib/form-action.ts';
import { ErrorKeys } from '@andes/domain/error-keys';
import { STEP_UP_QUESTIONS, type StepUpStage } from './step-up-fields.ts';
import type { SmartLineAdded } from './smart-line.tsx';

/** The questions the step-up's start answered, carried by the confirm form (they are the customer's to read, not a secret). */
function questionsOf(fields: FormFields): StepUpStage['started']['questions'] {
  try {
    const parsed: unknown = JSON.parse(fields[STEP_UP_QUESTIONS] ?? '[]');
    return Array.isArray(parsed) ? (parsed as StepUpStage['started']['questions']) : [];
  } catch {
    return [];
  }
}

/**
 * The smart line before JavaScript loads (decision 018's forms): the step-up's code sent, the code and
 * second factor confirmed, then the watch added, each a post to the page calling the API the page
 * calls. The step-up's stage is answered as the action's data (the page shows the next form), and so is
 * the watch added, with its activation code.
 */
export function smartLineIntents(context: WebContext): IntentHandlers {
  const line = (fields: FormFields) => encodeURIComponent(fields.line ?? '');
  return {
    stepUpStart: async (fields) => {
      const answer = await context.api<'POST /REST/asset/:phoneNumber/validate/code'>(`/REST/asset/${line(fields)}/validate/code`, {
        method: 'POST',
        body: { purpose: 'smartLine' },
      });
      if (!answer.body.success) return apiRefusal(fields, answer);
      const { stepUpId, emailHint, secondFactor, questions } = answer.body;
      return data<StepUpStage>({ started: { stepUpId, emailHint, secondFactor, questions } });
    },
    stepUpConfirm: async (fields) => {
      const started: StepUpStage['started'] = {
        stepUpId: fields.stepUpId ?? '',
        emailHint: fields.emailHint ?? '',
        secondFactor: fields.secondFactor === 'report' ? 'report' : 'identity',
        questions: questionsOf(fields),
      };
      const answers = Object.fromEntries(started.questions.map((q) => [q.id, fields[`question-${q.id}`] ?? '']));
      const body = {
        stepUpId: started.stepUpId,
        code: fields.code ?? '',
        ...(started.secondFactor === 'identity' ? { answers } : { reportNumber: fields.reportNumber ?? '' }),
      };
      const answer = await context.api<'POST /REST/asset/:phoneNumber/validate'>(`/REST/asset/${line(fields)}/validate`, { method: 'POST', body });
      if (answer.body.success) return data<StepUpStage>({ started, verified: started.stepUpId });
      const system = answer.body.response?.systemMessage?.[0];
      const status = answer.status >= 400 ? answer.status : 400;
      return data<StepUpStage>(
        {
          started,
          refusal: { key: system?.exceptionKey ?? ErrorKeys.validation, message: system?.messages[0] },
          fieldErrors: answer.body.validationError ?? {},
        },
        { status },
      );
    },
    add: async (fields) => {
      if (!fields.stepUpId) return refused(fields, { key: 'device.error.stepUp.required' }, 400);
      const answer = await context.api<'POST /restpp/asset/:phoneNumber/smart-line'>(`/restpp/asset/${line(fields)}/smart-line`, {
        method: 'POST',
        body: { watchName: fields.watchName ?? '', eid: fields.eid ?? '', stepUpId: fields.stepUpId },
      });
      if (!answer.body.success) return apiRefusal(fields, answer);
      // answered here, not by a redirect: the activation code comes only in this answer (decision 028 addendum)
      return data<SmartLineAdded>({ addedOverview: answer.body });
    },
  };
}
