import { z } from 'zod';

/**
 * Identity validation by questions (SPEC §7 /restpp/subscriber/active/questions, /answers): the
 * customer answers multiple-choice questions about themselves; too many failed rounds lock it.
 */
export const IDENTITY_MAX_FAILURES = 3;
export const IDENTITY_CHALLENGE_TTL_MS = 10 * 60_000;

export type IdentityOutcome = 'passed' | 'failed' | 'locked';

export interface IdentityQuestion {
  id: string;
  text: string;
  options: Array<{ id: string; text: string }>;
}

/** Whether every question got its right option (an unanswered question fails). */
export function allAnswersRight(expected: Record<string, string>, given: Record<string, string>): boolean {
  const ids = Object.keys(expected);
  return ids.length > 0 && ids.every((id) => given[id] === expected[id]);
}

/** The outcome of one round, given the failures before it. */
export function identityOutcome(right: boolean, failuresBefore: number): IdentityOutcome {
  if (right) return 'passed';
  return failuresBefore + 1 >= IDENTITY_MAX_FAILURES ? 'locked' : 'failed';
}

export const identityRuleSets = {
  answers: () =>
    z.object({
      challengeId: z.string('validation.required').trim().min(1, 'validation.required').max(64, 'validation.invalid'),
      answers: z.record(z.string().max(40), z.string().max(40), 'validation.required'),
    }),
} as const;
