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

/** SPEC §4: a signed-in customer's journey is a transaction, a visitor's a request. */
export type JourneyType = 'transaccion' | 'solicitud';

export function journeyTypeOf(signedIn: boolean): JourneyType {
  return signedIn ? 'transaccion' : 'solicitud';
}

/** The GA4 e-commerce parameters: they travel inside the event's `ecommerce` object. */
const ECOMMERCE_FIELDS = [
  'transaction_id',
  'value',
  'currency',
  'items',
  'shipping',
  'tax',
  'coupon',
  'payment_type',
  'shipping_tier',
  'item_list_id',
  'item_list_name',
];
/** An item's GA4 parameters; anything else an item carries is ours and stays out of the tag manager. */
const ITEM_FIELDS = ['item_id', 'item_name', 'item_brand', 'item_category', 'item_variant', 'price', 'quantity', 'index', 'item_list_id'];

function ga4Item(item: unknown): Record<string, unknown> {
  const source = (item ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of ITEM_FIELDS) if (source[key] !== undefined && source[key] !== null) out[key] = source[key];
  out.quantity ??= 1;
  return out;
}

/**
 * An event as the tag manager reads it (docs/analytics.md): an event about an order or products (it
 * carries `items` or `transaction_id`) takes GA4's e-commerce shape, `ecommerce: {transaction_id, value,
 * currency, items: [{item_id, item_name, item_brand, item_category, item_variant, price, quantity}]}`;
 * page views, checkout steps and e-commerce events say the journey type (SPEC §4) unless they name their own.
 */
export function toDataLayer(event: AnalyticsEvent, journeyType: JourneyType): AnalyticsEvent {
  const commerce = 'items' in event || 'transaction_id' in event;
  if (!commerce && event.event !== 'page_view' && event.event !== 'checkout_step') return event;
  const out: AnalyticsEvent = { ...event, journey_type: event.journey_type ?? journeyType };
  if (!commerce) return out;
  const ecommerce: Record<string, unknown> = {};
  for (const key of ECOMMERCE_FIELDS) {
    if (!(key in out)) continue;
    ecommerce[key] = key === 'items' && Array.isArray(out.items) ? out.items.map(ga4Item) : out[key];
    delete out[key];
  }
  return { ...out, ecommerce };
}

/** Google's consent mode: nothing is stored nor sent for ads or measurement until the visitor accepts. */
export const CONSENT_DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' } as const;
export const CONSENT_GRANTED = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' } as const;
/** The visitor's answer to the consent banner (`granted` or `denied`), kept a year (SPEC §9 cookie expiry). */
export const CONSENT_COOKIE = 'andes_consent';
/** A tag manager container id as Google issues them. */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
