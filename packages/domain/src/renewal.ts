/**
 * A signed-in customer's phone renewal (SPEC §2 renewal catalogue `renovacion`, §3 priceContadoRN,
 * §4 delivery flow 'Contado - Reno', selected option `renovacion`, flow tag `flow-renovation`): the
 * renewal catalogue's cards lead to the product page marked as a renewal visit; there a customer buys
 * the phone alone at its renewal cash price, one per renewal line in the cart.
 */
import { productPath } from './catalogue-product.ts';

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
} as const;

/** One phone per renewal line: the renewal price is the customer's, for the phone they renew. */
export const RENEWAL_MAX_QUANTITY = 1;

/**
 * The server's rule for a cart line that is (or becomes) a renewal: a signed-in customer, a phone sold
 * for renewal, alone (no plan line in the same add, no campaign), at quantity 1 once added. Returns
 * the refusal's key, or null when the line may be added.
 */
export function renewalLineError(line: { type: 'equipment' | 'plan'; productRenewal: boolean; signedIn: boolean; withPlan: boolean; campaign: boolean; quantityAfter: number }): string | null {
  if (!line.signedIn) return RenewalErrorKeys.login;
  if (line.type !== 'equipment' || !line.productRenewal) return RenewalErrorKeys.product;
  if (line.withPlan || line.campaign) return RenewalErrorKeys.combined;
  return line.quantityAfter > RENEWAL_MAX_QUANTITY ? RenewalErrorKeys.quantity : null;
}
