/**
 * The shop's analytics events (docs/analytics.md): catalogue, cart, checkout and purchase, "Te llamamos".
 * Apart from analytics.ts so that every page's shell does not carry them.
 */
import type { SiteId } from './market.ts';
import { CheckoutStep, type AnalyticsEvent } from './analytics.ts';

/** One product in the e-commerce events of the catalogue and product page. */
export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_brand: string;
  item_category?: string;
  /** Major units rounded (money.ts roundForEvent). */
  price: number;
  quantity?: number;
  index?: number;
}

/** Catalogue and equipment sale page events (GA4 e-commerce names). */
export const catalogueEvents = {
  /** A catalogue page was shown: checkout step 0 (SPEC §2). */
  viewItemList(site: SiteId, listId: string, items: AnalyticsItem[]): AnalyticsEvent {
    return { event: 'view_item_list', site, checkout_step: CheckoutStep.catalogue, item_list_id: listId, items };
  },
  selectItem(site: SiteId, listId: string, item: AnalyticsItem): AnalyticsEvent {
    return { event: 'select_item', site, item_list_id: listId, items: [item] };
  },
  viewItem(site: SiteId, currency: string, item: AnalyticsItem): AnalyticsEvent {
    return { event: 'view_item', site, currency, value: item.price, items: [item] };
  },
  addToCart(site: SiteId, currency: string, item: AnalyticsItem & { quantity: number }): AnalyticsEvent {
    return { event: 'add_to_cart', site, currency, value: item.price * item.quantity, items: [item] };
  },
  /** The search results page was shown (GA4 `search`): the query as searched and how many hits it had. */
  search(site: SiteId, term: string, results: number): AnalyticsEvent {
    return { event: 'search', site, search_term: term, search_results: results };
  },
};

// ── Cart, checkout and purchase (GA4 e-commerce names, flat like catalogueEvents; docs/analytics.md) ──
/** A cart or order line in an event: price in rounded major units (money.ts roundForEvent). */
export interface CartAnalyticsItem {
  item_id: string;
  item_name: string;
  item_variant?: string;
  price: number;
  quantity: number;
}

const itemsValue = (items: CartAnalyticsItem[]) => items.reduce((s, i) => s + i.price * i.quantity, 0);

export const cartEvents = {
  addToCart(site: SiteId, currency: string, items: CartAnalyticsItem[]): AnalyticsEvent {
    return { event: 'add_to_cart', site, currency, value: itemsValue(items), items };
  },
  removeFromCart(site: SiteId, currency: string, items: CartAnalyticsItem[]): AnalyticsEvent {
    return { event: 'remove_from_cart', site, currency, value: itemsValue(items), items };
  },
  beginCheckout(site: SiteId, currency: string, value: number, items: CartAnalyticsItem[]): AnalyticsEvent {
    return { event: 'begin_checkout', site, currency, value, items };
  },
  addShippingInfo(site: SiteId, currency: string, value: number, shippingTier: 'delivery' | 'storePickup'): AnalyticsEvent {
    return { event: 'add_shipping_info', site, currency, value, shipping_tier: shippingTier };
  },
  addPaymentInfo(site: SiteId, currency: string, value: number, paymentType: string): AnalyticsEvent {
    return { event: 'add_payment_info', site, currency, value, payment_type: paymentType };
  },
  /** The order was created from the cart (SPEC §7: the create call's answer goes to analytics). */
  orderCreated(site: SiteId, order: { transactionId: string; currency: string; value: number }): AnalyticsEvent {
    return { event: 'order_create', site, transaction_id: order.transactionId, currency: order.currency, value: order.value };
  },
  purchase(site: SiteId, order: { transactionId: string; currency: string; value: number; shipping: number; items: CartAnalyticsItem[] }): AnalyticsEvent {
    return {
      event: 'purchase',
      site,
      checkout_step: CheckoutStep.purchase,
      transaction_id: order.transactionId,
      currency: order.currency,
      value: order.value,
      shipping: order.shipping,
      items: order.items,
    };
  },
  /** The customer cancelled one of their orders (follow-up page); `value` is what was refunded (0 when nothing was paid), `fromStatus` the state it was in. */
  orderCancel(site: SiteId, order: { transactionId: string; currency: string; value: number; fromStatus: string }): AnalyticsEvent {
    return { event: 'order_cancel', site, transaction_id: order.transactionId, currency: order.currency, value: order.value, from_status: order.fromStatus };
  },
  /** The payment call's answer (SPEC §7: the order URL's generation is reported, a URL present meaning success). */
  orderUrl(site: SiteId, paymentType: string, url: string | null): AnalyticsEvent {
    return { event: 'order_url', site, payment_type: paymentType, success: url !== null };
  },
  /** A refused or aborted payment (failed calls are also reported as app_error by the request helper). */
  paymentFailure(site: SiteId, orderNumber: string, errorKey: string): AnalyticsEvent {
    return { event: 'payment_failure', site, transaction_id: orderNumber, error_key: errorKey };
  },
  /** The phone purchase's insurance step (/personas/producto/agregar-seguro): `offered` phones could be insured, `insured` were on continuing. */
  insuranceStep(site: SiteId, step: 'shown' | 'continued', counts: { offered: number; insured?: number }): AnalyticsEvent {
    return { event: 'insurance_step', site, step, offered: counts.offered, ...(counts.insured === undefined ? {} : { insured: counts.insured }) };
  },
};

export const leadEvents = {
  /** "Te llamamos" answered: SPEC's click-to-call outcomes (success, failure, pending), where it was asked from, and why it failed. */
  clickToCall(site: SiteId, call: { outcome: 'success' | 'failure' | 'pending'; source: string; reason?: string | null }): AnalyticsEvent {
    return { event: 'click_to_call', site, outcome: call.outcome, source: call.source, ...(call.reason ? { failure_reason: call.reason } : {}) };
  },
  /** A lead appointment booked, moved or cancelled (from its SMS link). */
  appointment(site: SiteId, step: 'booked' | 'moved' | 'cancelled'): AnalyticsEvent {
    return { event: 'lead_appointment', site, step };
  },
};
