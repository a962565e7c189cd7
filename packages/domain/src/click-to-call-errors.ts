/** SPEC §3 error fields' `enableClicktoCall` (docs/decisions/026); apart from callback.ts so no screen's message groups take these keys in. */

/**
 * The failures whose error fields carry `enableClicktoCall` (SPEC §3): where an agent can help the
 * purchase go on (no stock, no coverage, identity or credit refused, a debt, a payment that cannot start).
 */
export const CLICK_TO_CALL_ERRORS: ReadonlySet<string> = new Set([
  'pp.error.cart.out.of.stock',
  'pp.error.coverage.none',
  'pp.error.identity.locked',
  'pp.error.identity.no.record',
  'pp.error.buyer.listed.debt',
  'rejected-credit',
  'pp.error.credit.unavailable',
  'pp.error.payment.create',
]);
