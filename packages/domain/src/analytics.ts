/**
 * Every analytics event the product sends to the tag manager (`window.dataLayer`), built here so
 * names and fields stay one contract (docs/analytics.md). GA4 e-commerce names where they fit.
 */
import type { SiteId } from './market.ts';

export type UserType = 'client' | 'new';

export interface AnalyticsEvent {
  event: string;
  [field: string]: unknown;
}

/** SPEC §2 checkout step numbers. */
export const CheckoutStep = {
  catalogue: 0,
  identification: 2,
  identityValidation: 2.1,
  shipping: 3,
  shippingDelivery: 3.1,
  shippingPickup: 3.2,
  payment: 4,
  newLineWithPlan: 5,
  purchase: 6,
} as const;

export const events = {
  pageView(site: SiteId, path: string, userType: UserType): AnalyticsEvent {
    return { event: 'page_view', site, page_path: path, user_type: userType };
  },
  logout(site: SiteId): AnalyticsEvent {
    return { event: 'logout', site };
  },
  checkoutStep(site: SiteId, step: number, extra: Record<string, unknown> = {}): AnalyticsEvent {
    return { event: 'checkout_step', site, checkout_step: step, ...extra };
  },
  /** Failures are reported too (SPEC §1): the key the customer saw and where. */
  failure(site: SiteId, errorKey: string, where: string): AnalyticsEvent {
    return { event: 'app_error', site, error_key: errorKey, error_where: where };
  },

  sessionExpired(site: SiteId, inCheckout: boolean): AnalyticsEvent {
    return { event: 'session_expired', site, in_checkout: inCheckout };
  },
};
