/**
 * Analytics of portability, identity validation and the credit check (docs/analytics.md), built
 * like the events of analytics.ts so names and fields stay one contract.
 */
import { CheckoutStep, type AnalyticsEvent } from './analytics.ts';
import type { CreditOutcome, CreditPurpose } from './credit.ts';
import type { IdentityOutcome } from './identity.ts';
import type { SiteId } from './market.ts';

export type PortabilityStep = 'company' | 'code_sent' | 'code_resent' | 'code_valid';

export const portabilityEvents = {
  /** A step of "Datos a portar" done: data entered, code sent or re-sent, code accepted. */
  step(site: SiteId, step: PortabilityStep, company: string | null): AnalyticsEvent {
    return { event: 'portability_step', site, step, company };
  },
  /** The registry's answer as the customer sees it (exito, error, encurso). */
  result(site: SiteId, state: string, requestNumber: string | null, reason: string | null): AnalyticsEvent {
    return { event: 'portability_result', site, state, request_number: requestNumber, reject_reason: reason };
  },
  identity(site: SiteId, outcome: IdentityOutcome): AnalyticsEvent {
    return { event: 'identity_validation', site, checkout_step: CheckoutStep.identityValidation, outcome };
  },
  credit(site: SiteId, purpose: CreditPurpose, outcome: CreditOutcome): AnalyticsEvent {
    return { event: 'credit_check', site, purpose, outcome };
  },
};
