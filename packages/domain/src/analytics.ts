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
  login(site: SiteId, method: 'rut' | 'phone' | 'dni'): AnalyticsEvent {
    return { event: 'login', site, method, user_type: 'client' };
  },
  loginFailure(site: SiteId, method: 'rut' | 'phone' | 'dni', errorKey: string): AnalyticsEvent {
    return { event: 'login_failure', site, method, error_key: errorKey };
  },
  logout(site: SiteId): AnalyticsEvent {
    return { event: 'logout', site };
  },
  passwordStep(site: SiteId, flow: 'recovery' | 'change' | 'unique', step: 'code_sent' | 'code_valid' | 'changed'): AnalyticsEvent {
    return { event: 'password_flow', site, flow, step };
  },
  /** The phone purchase's insurance step (/personas/producto/agregar-seguro): `offered` phones could be insured, `insured` were on continuing. */
  insuranceStep(site: SiteId, step: 'shown' | 'continued', counts: { offered: number; insured?: number }): AnalyticsEvent {
    return { event: 'insurance_step', site, step, offered: counts.offered, ...(counts.insured === undefined ? {} : { insured: counts.insured }) };
  },
  checkoutStep(site: SiteId, step: number, extra: Record<string, unknown> = {}): AnalyticsEvent {
    return { event: 'checkout_step', site, checkout_step: step, ...extra };
  },
  /** Failures are reported too (SPEC §1): the key the customer saw and where. */
  failure(site: SiteId, errorKey: string, where: string): AnalyticsEvent {
    return { event: 'app_error', site, error_key: errorKey, error_where: where };
  },
  /** A purchase on the captive portal's host (decision 023), reported once on its confirmation page. */
  captivePurchase(site: SiteId, purchase: { flow: 'roaming' | 'activation'; offerId: string; reference: string }): AnalyticsEvent {
    return { event: 'captive_purchase', site, captive_flow: purchase.flow, offer_id: purchase.offerId, reference: purchase.reference };
  },
  sessionExpired(site: SiteId, inCheckout: boolean): AnalyticsEvent {
    return { event: 'session_expired', site, in_checkout: inCheckout };
  },
  /** A claim filed: in the claims book (reclamo or queja, from the page or the embedded form) or about a line (OSIPTEL). */
  claimFiled(site: SiteId, claim: { channel: 'book' | 'telecom'; kind: string; embedded: boolean }): AnalyticsEvent {
    return { event: 'claim_filed', site, claim_channel: claim.channel, claim_kind: claim.kind, embedded: claim.embedded };
  },
  /** The end of a claim's status check: registered, or given up after the retries (SPEC §4, §9). */
  claimStatus(site: SiteId, outcome: 'registered' | 'failed', tries: number): AnalyticsEvent {
    return { event: 'claim_status', site, outcome, tries };
  },
  claimPdfDownload(site: SiteId): AnalyticsEvent {
    return { event: 'claim_pdf_download', site };
  },
  /** "Te llamamos" answered: SPEC's click-to-call outcomes (success, failure, pending), where it was asked from, and why it failed. */
  clickToCall(site: SiteId, call: { outcome: 'success' | 'failure' | 'pending'; source: string; reason?: string | null }): AnalyticsEvent {
    return { event: 'click_to_call', site, outcome: call.outcome, source: call.source, ...(call.reason ? { failure_reason: call.reason } : {}) };
  },
  /** A lead appointment booked, moved or cancelled (from its SMS link). */
  leadAppointment(site: SiteId, step: 'booked' | 'moved' | 'cancelled'): AnalyticsEvent {
    return { event: 'lead_appointment', site, step };
  },
};

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
  /** A refused or aborted payment (failed calls are also reported as app_error by the request helper). */
  paymentFailure(site: SiteId, orderNumber: string, errorKey: string): AnalyticsEvent {
    return { event: 'payment_failure', site, transaction_id: orderNumber, error_key: errorKey };
  },
};

/** Account screens (issue 5): money changes and tickets, reported once they succeed. */
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
