/**
 * Payment methods (SPEC §1 "onepay, bank account, webpay, card, receipt recharge, points", §3 codes
 * CE cash on delivery, PP online payment, PT in-store payment; §9 default webPay) and which of them a
 * checkout may offer. Pure: the server enforces it, the payment page shows it.
 */
import { lukasRates } from './account-inputs.ts';
import type { SiteId } from './market.ts';

/**
 * Where a gateway return goes when the shop cannot tell whether the money was taken (the commit's
 * answer was lost): the page re-reads the order until the order sweep settles it (cart/payment-reconcile.ts).
 */
export const PAYMENT_PENDING_PAGE = '/personas/flujo-compra/confirmando-pago';

export const PAYMENT_METHOD_IDS = ['webPay', 'onepay', 'card', 'bankAccount', 'points', 'cashOnDelivery', 'payInStore', 'cashCode'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** SPEC §3 payment method codes. */
export type PaymentCode = 'PP' | 'CE' | 'PT';

/**
 * How a method settles: `gateway` through the payment gateway's hosted page (create → page → return →
 * commit); `offline` when the goods are handed over (the order waits for the money, stock held);
 * `points` from the signed-in customer's loyalty points, in the same transaction as the order;
 * `cashCode` a payment code (Peru's CIP) the customer pays at a bank or agent before it expires, the
 * provider notifying the shop when paid (DOMAIN.md "Peru, cash code").
 */
export type PaymentKind = 'gateway' | 'offline' | 'points' | 'cashCode';

export interface PaymentMethod {
  id: PaymentMethodId;
  code: PaymentCode;
  kind: PaymentKind;
  /** Only for this delivery type (cash on delivery needs a courier, in-store payment a store). */
  deliveryType?: 'delivery' | 'storePickup';
  signedInOnly?: boolean;
  /** A card the buyer may pay in installments without interest (card-installments.ts). */
  installments?: boolean;
}

/**
 * Methods that place the order holding its stock before any money moves (cash on delivery, in store,
 * cash code): the customer confirms the method first (`updateOrderPaymentFlag`), and a guest must have
 * passed the reCAPTCHA, so a bot cannot hold the shop's stock for days at no cost.
 */
export function holdsStockUnpaid(id: PaymentMethodId): boolean {
  const kind = PAYMENT_METHODS[id].kind;
  return kind === 'offline' || kind === 'cashCode';
}

export const PAYMENT_METHODS: Readonly<Record<PaymentMethodId, PaymentMethod>> = {
  webPay: { id: 'webPay', code: 'PP', kind: 'gateway', installments: true },
  onepay: { id: 'onepay', code: 'PP', kind: 'gateway' },
  card: { id: 'card', code: 'PP', kind: 'gateway', installments: true },
  bankAccount: { id: 'bankAccount', code: 'PP', kind: 'gateway' },
  points: { id: 'points', code: 'PP', kind: 'points', signedInOnly: true },
  cashOnDelivery: { id: 'cashOnDelivery', code: 'CE', kind: 'offline', deliveryType: 'delivery' },
  payInStore: { id: 'payInStore', code: 'PT', kind: 'offline', deliveryType: 'storePickup' },
  cashCode: { id: 'cashCode', code: 'PP', kind: 'cashCode' },
};

/**
 * Per market: the methods offered, in the order shown (the first is the default, SPEC §9 webPay), and
 * how long an order paid offline, or by cash code, keeps its stock before it expires. Webpay, Onepay
 * and the bank transfer are Chile's (Transbank); Peru's own are the card (the default online method
 * keeps the spec's id `webPay`, its label is Peru's), the cash code, cash on delivery, in store and
 * points, each once.
 */
export const MARKET_PAYMENTS: Readonly<Record<SiteId, { methods: ReadonlyArray<PaymentMethodId>; offlineExpiryHours: number; cashCodeExpiryHours: number }>> = {
  cl: { methods: ['webPay', 'onepay', 'card', 'bankAccount', 'points', 'cashOnDelivery', 'payInStore'], offlineExpiryHours: 48, cashCodeExpiryHours: 24 },
  pe: { methods: ['webPay', 'cashCode', 'cashOnDelivery', 'payInStore', 'points'], offlineExpiryHours: 72, cashCodeExpiryHours: 24 },
};

export function isPaymentMethodId(value: string): value is PaymentMethodId {
  return (PAYMENT_METHOD_IDS as ReadonlyArray<string>).includes(value);
}

/** Loyalty points needed to pay `total` minor units (the points top-up rate: 1 point per minor unit today). */
export function pointsNeeded(total: number, currency: keyof typeof lukasRates): number {
  const rate = lukasRates[currency];
  return Math.ceil((total * rate.points) / rate.amount);
}

export type UnavailableReason = 'deliveryType' | 'signedIn' | 'points';

export interface OfferedMethod extends PaymentMethod {
  available: boolean;
  /** Why it cannot be chosen now (a message key suffix), when it cannot. */
  reason: UnavailableReason | null;
}

/** The market's methods for this checkout, each marked available or not (with why). */
export function offeredPaymentMethods(
  site: SiteId,
  checkout: { deliveryType: string | null; signedIn: boolean; pointsNeeded: number; pointsAvailable: number },
): OfferedMethod[] {
  return MARKET_PAYMENTS[site].methods.map((id) => {
    const method = PAYMENT_METHODS[id];
    const reason: UnavailableReason | null =
      method.deliveryType && method.deliveryType !== checkout.deliveryType
        ? 'deliveryType'
        : method.signedInOnly && !checkout.signedIn
          ? 'signedIn'
          : method.kind === 'points' && checkout.pointsAvailable < checkout.pointsNeeded
            ? 'points'
            : null;
    return { ...method, available: reason === null, reason };
  });
}

/** The error key of a method this checkout may not use, or null when it may. */
export function paymentMethodError(site: SiteId, id: string, checkout: Parameters<typeof offeredPaymentMethods>[1]): string | null {
  const offered = offeredPaymentMethods(site, checkout).find((m) => m.id === id);
  if (!offered) return 'pp.error.payment.method';
  if (offered.reason === 'points') return 'pp.error.payment.points.short';
  return offered.available ? null : 'pp.error.payment.method';
}
