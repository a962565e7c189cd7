/**
 * The mobile request flow (`/personas/movil`): a plan line whose SIM is delivered to the customer's
 * address. A request ("solicitud"), not a payment: the plan is billed once the line is active.
 */
import { z } from 'zod';
import type { Market, SiteId } from './market.ts';
import { type AnalyticsEvent, CheckoutStep } from './analytics.ts';
import { checkoutRuleSets } from './checkout-validation.ts';

export const MOBILE_PATHS = {
  delivery: '/personas/movil/entrega',
  confirmation: '/personas/movil/confirmacion',
  success: '/personas/movil/exito',
  failure: '/personas/movil/confirmacion/fallo',
} as const;

export const mobileInputs = {
  /** Who requests (the checkout's guest rules) and where the SIM goes (the checkout's address rules). */
  delivery: (market: Market) => checkoutRuleSets.guest(market).extend(checkoutRuleSets.address(market).shape),
  confirm: z.object({ idempotencyKey: z.string().regex(/^[\w-]{8,64}$/, 'migration.error.idempotency') }),
};

export type MobileDelivery = z.infer<ReturnType<typeof mobileInputs.delivery>>;

/** The number the customer follows the request with: `MOV-CL-00000012`. */
export function mobileRequestNumber(site: SiteId, id: number): string {
  return `MOV-${site.toUpperCase()}-${String(id).padStart(8, '0')}`;
}

/** Why a request failed, for the failure page: no coverage at the address, or anything else. */
export type MobileFailure = 'coverage' | 'generic';

export const mobileEvents = {
  /** 3.1 on the delivery data, 5 (new line with plan) once the request is made (SPEC §2 step numbers). */
  step(
    site: SiteId,
    step: typeof CheckoutStep.shippingDelivery | typeof CheckoutStep.newLineWithPlan,
    planId: string,
    extra: Record<string, unknown> = {},
  ): AnalyticsEvent {
    return { event: 'checkout_step', site, checkout_step: step, flow: 'mobile', journey_type: 'solicitud', plan_id: planId, ...extra };
  },
  failure(site: SiteId, reason: MobileFailure): AnalyticsEvent {
    return { event: 'app_error', site, flow: 'mobile', error_key: `mobile.error.${reason}`, error_where: MOBILE_PATHS.confirmation };
  },
};
