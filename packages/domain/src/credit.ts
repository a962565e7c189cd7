import { z } from 'zod';
import type { Market } from './market.ts';
import { fields } from './validation.ts';

/**
 * The credit check behind financing and additional lines (SPEC §2 /personas/equipos/lineas/solicitud
 * with generic-error, rejected-credit, equipment-error).
 */
export type CreditOutcome = 'approved' | 'rejected' | 'error';
export type CreditPurpose = 'financing' | 'additionalLine';

export const CREDIT_PAGES = {
  request: '/personas/equipos/lineas/solicitud',
  rejected: '/personas/equipos/lineas/solicitud/rejected-credit',
  error: '/personas/equipos/lineas/solicitud/generic-error',
  equipmentError: '/personas/equipos/lineas/solicitud/equipment-error',
} as const;

/** Where a refused check sends the customer; null when approved (the journey goes on). */
export function creditFailurePath(outcome: CreditOutcome): string | null {
  if (outcome === 'approved') return null;
  return outcome === 'rejected' ? CREDIT_PAGES.rejected : CREDIT_PAGES.error;
}

/** SPEC §8 style key of a refused check. */
export function creditErrorKey(outcome: CreditOutcome): string | null {
  if (outcome === 'approved') return null;
  return outcome === 'rejected' ? 'rejected-credit' : 'pp.error.credit.unavailable';
}

export const creditRuleSets = {
  check: (market: Market) =>
    z.object({
      document: fields.document(market),
      purpose: z.enum(['financing', 'additionalLine'], 'validation.invalid').default('financing'),
    }),
} as const;
