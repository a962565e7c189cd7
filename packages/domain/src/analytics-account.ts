/**
 * The account's analytics events (docs/analytics.md): signing in, the self-service screens, claims, the captive
 * portal. Apart from analytics.ts so that every page's shell does not carry them.
 */
import type { SiteId } from './market.ts';
import type { AnalyticsEvent } from './analytics.ts';

export const signInEvents = {
  login(site: SiteId, method: 'rut' | 'phone' | 'dni'): AnalyticsEvent {
    return { event: 'login', site, method, user_type: 'client' };
  },
  loginFailure(site: SiteId, method: 'rut' | 'phone' | 'dni', errorKey: string): AnalyticsEvent {
    return { event: 'login_failure', site, method, error_key: errorKey };
  },
  passwordStep(site: SiteId, flow: 'recovery' | 'change' | 'unique', step: 'code_sent' | 'code_valid' | 'changed'): AnalyticsEvent {
    return { event: 'password_flow', site, flow, step };
  },
};

export const claimEvents = {
  /** A claim filed: in the claims book (reclamo or queja, from the page or the embedded form) or about a line (OSIPTEL). */
  filed(site: SiteId, claim: { channel: 'book' | 'telecom'; kind: string; embedded: boolean }): AnalyticsEvent {
    return { event: 'claim_filed', site, claim_channel: claim.channel, claim_kind: claim.kind, embedded: claim.embedded };
  },
  /** The end of a claim's status check: registered, or given up after the retries (SPEC §4, §9). */
  status(site: SiteId, outcome: 'registered' | 'failed', tries: number): AnalyticsEvent {
    return { event: 'claim_status', site, outcome, tries };
  },
  pdfDownload(site: SiteId): AnalyticsEvent {
    return { event: 'claim_pdf_download', site };
  },
};

export const captiveEvents = {
  /** A purchase on the captive portal's host (decision 023), reported once on its confirmation page. */
  purchase(site: SiteId, purchase: { flow: 'roaming' | 'activation'; offerId: string; reference: string }): AnalyticsEvent {
    return { event: 'captive_purchase', site, captive_flow: purchase.flow, offer_id: purchase.offerId, reference: purchase.reference };
  },
  /** A postpaid line waiting for its holder was activated on the captive host (decision 023 addendum). */
  lineActivated(site: SiteId): AnalyticsEvent {
    return { event: 'captive_line_activated', site };
  },
};

/** The device journeys (docs/analytics.md `device_step`): blocking, unblocking, the SIM change, the renewal entry. */
export type DeviceFlow = 'block' | 'unblock' | 'sim_change' | 'renewal' | 'number_change' | 'smart_line';
export type DeviceStep = 'view' | 'blocked' | 'code_sent' | 'verified' | 'unblocked' | 'requested' | 'activated' | 'offered' | 'changed';

export const deviceEvents = {
  step(site: SiteId, flow: DeviceFlow, step: DeviceStep, extra: Record<string, unknown> = {}): AnalyticsEvent {
    return { event: 'device_step', site, flow, step, ...extra };
  },
};

/** The temporary suspension (docs/analytics.md `suspension_step`): the page shown, a suspension scheduled, one ended. */
export type SuspensionStep = 'view' | 'scheduled' | 'ended';

export const suspensionEvents = {
  step(site: SiteId, step: SuspensionStep, extra: Record<string, unknown> = {}): AnalyticsEvent {
    return { event: 'suspension_step', site, step, ...extra };
  },
};

/** The device insurance page (docs/analytics.md `insurance_step`): the page shown, a claim filed, its status checked, its deductible paid. */
export type InsuranceStep = 'view' | 'claim_filed' | 'status_checked' | 'deductible_paid' | 'deductible_card_started' | 'deductible_card_result';

export const insuranceEvents = {
  step(site: SiteId, step: InsuranceStep, extra: Record<string, unknown> = {}): AnalyticsEvent {
    return { event: 'insurance_step', site, step, ...extra };
  },
};

/** The smart line page (docs/analytics.md `smart_line_step`): the page shown, a watch added, a watch removed. */
export type SmartLineStep = 'view' | 'added' | 'removed';

export const smartLineEvents = {
  step(site: SiteId, step: SmartLineStep, extra: Record<string, unknown> = {}): AnalyticsEvent {
    return { event: 'smart_line_step', site, step, ...extra };
  },
};

/** The plan change (docs/analytics.md `plan_change_step`): the page shown, a plan picked, the change made (now or scheduled), a scheduled one cancelled. */
export type PlanChangeStep = 'view' | 'selected' | 'changed' | 'scheduled' | 'cancelled';

export const planChangeEvents = {
  step(site: SiteId, step: PlanChangeStep, extra: Record<string, unknown> = {}): AnalyticsEvent {
    return { event: 'plan_change_step', site, step, ...extra };
  },
};

/** Installments paid ahead (docs/analytics.md `installments_step`): the page shown, how many picked, sent to the gateway, back with the outcome. */
export type InstallmentsStep = 'view' | 'selected' | 'payment_started' | 'paid' | 'not_paid';

export const installmentsEvents = {
  step(site: SiteId, step: InstallmentsStep, extra: Record<string, unknown> = {}): AnalyticsEvent {
    return { event: 'installments_step', site, step, ...extra };
  },
};

/** Account screens (issue 5): money changes and tickets, reported once they succeed. */
export const accountEvents = {
  moneyChange(
    site: SiteId,
    action: 'bag_purchase' | 'balance_transfer' | 'points_topup' | 'topup',
    value: number,
    extra: Record<string, unknown> = {},
  ): AnalyticsEvent {
    return { event: 'account_money_change', site, action, value, ...extra };
  },
  ticketCreated(site: SiteId, category: string): AnalyticsEvent {
    return { event: 'ticket_created', site, category };
  },
  ticketCancelled(site: SiteId, category: string): AnalyticsEvent {
    return { event: 'ticket_cancelled', site, category };
  },
  billDownload(site: SiteId): AnalyticsEvent {
    return { event: 'bill_download', site };
  },
  bonusRedeemed(site: SiteId, offerId: string, points: number): AnalyticsEvent {
    return { event: 'bonus_redeemed', site, offer_id: offerId, points };
  },
  supportRequest(site: SiteId, topic: string): AnalyticsEvent {
    return { event: 'support_request', site, topic };
  },
};
