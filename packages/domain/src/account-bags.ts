/**
 * Bags (data packs) of a line: which payments an offer takes, when a bag ends, and when a recurring
 * bag renews. Instants are `Date`s; a bag lasts whole days from the moment it starts.
 */
export const bagPayments = ['balance', 'points', 'bill', 'card'] as const;
export type BagPayment = (typeof bagPayments)[number];

/** How a recurring bag's renewals are paid: only what can be charged without the customer. */
export type RenewalPayment = 'balance' | 'bill';

export interface BagOfferTerms {
  mode: string;
  pointsPrice: number | null;
}

const DAY_MS = 86_400_000;

/**
 * Whether a line of this kind may pay this offer this way: points only for offers with a points
 * price and never for a subscription (points do not renew), the bill only for lines that get one, a
 * card only for one-off bags (the gateway needs the customer at every payment, so it cannot renew).
 */
export function bagPaymentAllowed(offer: BagOfferTerms, lineKind: string, payment: BagPayment): boolean {
  switch (payment) {
    case 'balance':
      return true;
    case 'points':
      return offer.pointsPrice !== null && offer.mode !== 'recurring';
    case 'bill':
      return lineKind !== 'prepaid';
    case 'card':
      return offer.mode !== 'recurring';
  }
}

/** When a bag that starts at `from` ends. */
export function bagExpiry(from: Date, validityDays: number): Date {
  return new Date(from.getTime() + validityDays * DAY_MS);
}

/** The most periods one read catches up on (a customer away for a year is charged at most this many). */
export const MAX_RENEWALS_AT_ONCE = 12;

/**
 * The ends of the periods a recurring bag owes by `now`, oldest first: each renewal starts where
 * the previous period ended (so renewing late does not move the renewal day), and the list stops at
 * the first period that is still running.
 */
export function dueRenewals(expiresAt: Date, validityDays: number, now: Date, max = MAX_RENEWALS_AT_ONCE): Date[] {
  const ends: Date[] = [];
  for (let end = expiresAt; end.getTime() <= now.getTime() && ends.length < max;) {
    end = bagExpiry(end, validityDays);
    ends.push(end);
  }
  return ends;
}
