/**
 * The phone purchase's own steps (SPEC §2 "Device and accessory sales"): a cart holding a phone is
 * identified at /personas/producto/identificacion and goes on to /personas/producto/agregar-seguro,
 * where the insurances its phones may carry are offered before the order is made; any other cart
 * keeps the checkout's /personas/flujo-compra/identificacion.
 */
import { INSURABLE_KINDS, insuranceLineError } from './catalogue-product.ts';
import type { Market } from './market.ts';

export const PHONE_PURCHASE_PATHS = {
  identification: '/personas/producto/identificacion',
  insurance: '/personas/producto/agregar-seguro',
} as const;

export const CHECKOUT_IDENTIFICATION_PATH = '/personas/flujo-compra/identificacion';

interface LineFacts {
  type: string;
  productKind?: string | null;
  campaignID?: string | null;
}

/** A phone (new or refurbished) among the cart's lines: the purchase is a phone purchase. */
export function holdsPhone(lines: ReadonlyArray<LineFacts>): boolean {
  return lines.some((l) => l.type === 'equipment' && INSURABLE_KINDS.includes(l.productKind ?? ''));
}

/** Where an unidentified buyer of these lines identifies. */
export function identificationPath(lines: ReadonlyArray<LineFacts>): string {
  return holdsPhone(lines) ? PHONE_PURCHASE_PATHS.identification : CHECKOUT_IDENTIFICATION_PATH;
}

/** Whether the path is the phone purchase's identification (its next step is the insurance offer). */
export function isPhonePurchasePath(pathname: string): boolean {
  return pathname === PHONE_PURCHASE_PATHS.identification;
}

/**
 * Each phone line of the cart with whether the buyer may insure it here, and the message key of why
 * not (the same rule the server applies to `POST /restpp/order/insurances`).
 */
export function insurableLines<L extends LineFacts>(lines: ReadonlyArray<L>, signedIn: boolean, market: Pick<Market, 'insuranceForEquipmentOnly'>) {
  const withPlan = lines.some((l) => l.type === 'plan');
  return lines
    .filter((l) => l.type === 'equipment' && INSURABLE_KINDS.includes(l.productKind ?? ''))
    .map((line) => ({ line, refusal: insuranceLineError({ productKind: line.productKind ?? '', withPlan: withPlan || !!line.campaignID, signedIn }, market) }));
}
