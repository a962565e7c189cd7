/**
 * A signed-in customer's phone renewal (SPEC §2 renewal catalogue `renovacion`, §3 priceContadoRN,
 * §4 delivery flow 'Contado - Reno', selected option `renovacion`, flow tag `flow-renovation`): the
 * renewal catalogue's cards lead to the product page marked as a renewal visit; there a customer buys
 * the phone alone at its renewal cash price, one per renewal line in the cart.
 */
import { productPath } from './catalogue-product.ts';
import { addMonthsIso } from './account-consumption.ts';
import { formatDateInZone } from './dates.ts';
import { formatPhone } from './documents.ts';
import type { SiteId } from './market.ts';

/** The renewal catalogues: the phones (SPEC §2 `renovacion`) and the plans a renewal is chosen with. */
export const RENEWAL_PATHS = {
  phones: '/personas/catalogo/renovacion',
  plans: '/personas/catalogo/postpago/renovacion',
} as const;

/** The query the renewal catalogue's product links carry (`?flujo=renovacion`). */
export const RENEWAL_QUERY = { name: 'flujo', value: 'renovacion' } as const;

/** The product page address as the renewal catalogue links it. */
export function renewalProductPath(kind: string, productId: string): string {
  return `${productPath(kind, productId)}?${RENEWAL_QUERY.name}=${RENEWAL_QUERY.value}`;
}

/** Whether a product page address says the visit comes from the renewal catalogue. */
export function isRenewalVisit(params: URLSearchParams): boolean {
  return params.get(RENEWAL_QUERY.name) === RENEWAL_QUERY.value;
}

/**
 * How the product page sells on a renewal visit: `renewal` (renewal price and labels) for a signed-in
 * customer on a phone sold for renewal; `signIn` when a visitor came from the renewal catalogue
 * (renewing is for customers: the page offers to sign in first); null otherwise (an ordinary visit,
 * or a phone not sold for renewal).
 */
export function renewalMode(input: { requested: boolean; productRenewal: boolean; signedIn: boolean }): 'renewal' | 'signIn' | null {
  if (!input.requested || !input.productRenewal) return null;
  return input.signedIn ? 'renewal' : 'signIn';
}

export const RenewalErrorKeys = {
  /** Renewing needs a signed-in customer. */
  login: 'pp.error.cart.renewal.login',
  /** The phone is not sold for renewal (or the line is not a phone). */
  product: 'pp.error.cart.renewal.product',
  /** A renewal line holds one phone. */
  quantity: 'pp.error.cart.renewal.quantity',
  /** A renewal is the phone alone: not with a plan or under a campaign. */
  combined: 'pp.error.cart.renewal.combined',
  /** The customer has several lines that could renew and did not say which. */
  line: 'pp.error.cart.renewal.line',
  /** The line already has a phone being renewed in the cart. */
  lineInCart: 'pp.error.cart.renewal.lineInCart',
} as const;

/** One phone per renewal line: the renewal price is the customer's, for the phone they renew. */
export const RENEWAL_MAX_QUANTITY = 1;

/**
 * The server's rule for a cart line that is (or becomes) a renewal: a signed-in customer, a phone sold
 * for renewal, alone (no plan line in the same add, no campaign), at quantity 1 once added. Returns
 * the refusal's key, or null when the line may be added.
 */
export function renewalLineError(line: {
  type: 'equipment' | 'plan';
  productRenewal: boolean;
  signedIn: boolean;
  withPlan: boolean;
  campaign: boolean;
  quantityAfter: number;
  /** Another phone of the cart already renews the same customer line. */
  lineInCart?: boolean;
}): string | null {
  if (!line.signedIn) return RenewalErrorKeys.login;
  if (line.type !== 'equipment' || !line.productRenewal) return RenewalErrorKeys.product;
  if (line.withPlan || line.campaign) return RenewalErrorKeys.combined;
  if (line.lineInCart) return RenewalErrorKeys.lineInCart;
  return line.quantityAfter > RENEWAL_MAX_QUANTITY ? RenewalErrorKeys.quantity : null;
}

// ── Which line renews (SPEC §3 order line planPhoneNumber; §9 line cut for debt, Blue program) ──

/** A customer line as the renewal rule reads it (`lines` and its latest `line_equipment` row). */
export interface RenewalLine {
  phoneNumber: string;
  /** postpaid, prepaid or hybrid. */
  kind: string;
  /** active, cut (a bill unpaid past its due date plus the grace days), suspended. */
  status: string;
  /** The phone the line has now (its latest purchase): its rentalType and first installment day; null when none was sold with the line. */
  phone: { rentalType: string; firstInstallmentAt: string } | null;
}

/** SPEC §9 Blue program: a phone bought under {product}Blue is renewed from month 12 of its purchase. */
export const BLUE_RENEWAL_MONTH = 12;

export type RenewalRefusal = 'owner' | 'cut' | 'inactive' | 'kind' | 'blue';

export const RenewalLineErrorKeys: Record<RenewalRefusal, string> = {
  /** Not one of the signed-in customer's lines. */
  owner: 'pp.error.cart.renewal.owner',
  /** Cut for an overdue bill: paying it restores the line (and its renewal). */
  cut: 'pp.error.cart.renewal.cut',
  /** Suspended by the operator. */
  inactive: 'pp.error.cart.renewal.inactive',
  /** Prepaid: renewals are for lines with a plan (Libres and Blue postpaid, Controlado hybrid). */
  kind: 'pp.error.cart.renewal.kind',
  /** A Blue phone before month 12. */
  blue: 'pp.error.cart.renewal.blue',
};

/**
 * The day a Blue phone reaches month 12: the day its 12th monthly installment falls due (month 1 is
 * the first installment's bill), the same count as the account's installments paid.
 */
export function blueRenewalDay(firstInstallmentAt: string): string {
  return addMonthsIso(firstInstallmentAt, BLUE_RENEWAL_MONTH - 1);
}

export type RenewalEligibility = { eligible: true } | { eligible: false; refusal: RenewalRefusal; key: string; from: string | null };

/**
 * Whether a line may renew its phone on `today` (ISO day in the market's zone): the customer's own
 * (`line` undefined when it is not), active, with a plan (postpaid or Controlado, as the operators of
 * both markets renew; a prepaid line has no plan to renew with), and a phone bought under
 * `blueRentalType` only from {@link BLUE_RENEWAL_MONTH} on (`from` tells the day).
 */
export function renewalEligibility(line: RenewalLine | undefined, today: string, blueRentalType: string): RenewalEligibility {
  const refuse = (refusal: RenewalRefusal, from: string | null = null): RenewalEligibility => ({
    eligible: false,
    refusal,
    key: RenewalLineErrorKeys[refusal],
    from,
  });
  if (!line) return refuse('owner');
  if (line.status === 'cut') return refuse('cut');
  if (line.status !== 'active') return refuse('inactive');
  if (line.kind === 'prepaid') return refuse('kind');
  if (line.phone?.rentalType === blueRentalType) {
    const from = blueRenewalDay(line.phone.firstInstallmentAt);
    if (today < from) return refuse('blue', from);
  }
  return { eligible: true };
}

/** The line a renewal goes to when the customer names none: the only eligible one, else none (they choose). */
export function defaultRenewalLine(lines: ReadonlyArray<{ phoneNumber: string; eligible: boolean }>): string | null {
  const eligible = lines.filter((l) => l.eligible);
  return eligible.length === 1 ? eligible[0]!.phoneNumber : null;
}

/** The placeholders of a renewal's texts: the line as the market writes it and the Blue renewal day. */
export function renewalTextParams(phoneNumber: string, from: string | null, site: SiteId, timeZone: string): Record<string, string> {
  const params: Record<string, string> = { phone: formatPhone(phoneNumber, site) };
  if (from) params.date = formatDateInZone(new Date(`${from}T12:00:00Z`), timeZone, 'long');
  return params;
}
