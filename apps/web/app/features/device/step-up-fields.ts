import type { Answer } from '@andes/contract/caller';

/** The confirm form's hidden field carrying the questions the start answered. */
export const STEP_UP_QUESTIONS = 'questions';

type Started = Answer<'POST /REST/asset/:phoneNumber/validate/code'>;

/** Where a step-up posted without JavaScript stands: its code sent, refused (and why) or passed. */
export interface StepUpStage {
  started: Pick<Started, 'stepUpId' | 'emailHint' | 'secondFactor' | 'questions'>;
  verified?: string;
  refusal?: { key: string; message?: string };
  fieldErrors?: Record<string, string[]>;
}
