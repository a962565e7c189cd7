/**
 * Error keys shared by the server's error envelope and the web app's handling. Those up to
 * `connectRealService` are the keys SPEC §8 names; the rest name failures the spec leaves unnamed.
 */

export const ErrorKeys = {
  requiredLogin: 'required_login',
  sessionExpired: 'session_expired',
  maxQuantity: 'pp.Error.AddToCart.MaxQuantity',
  maxProductsPerOrder: 'pp.Error.AddToCart.MaxProductsPerOrder',
  hasPlanInCart: 'pp.error.commerce.has.plan.in.cart',
  statusNotFound: 'pp.Service.status.validate.not.found',
  connectRealService: 'Error.Interface.Integration.ConnectRealService',
  validation: 'pp.error.validation',
  csrf: 'pp.error.security.token',
  forbiddenLine: 'pp.error.asset.forbidden',
  invalidCredentials: 'pp.error.login.invalid',
  accountLocked: 'pp.error.login.locked',
  /** Locked once too often: only a recovery by SMS unlocks the account. */
  accountRecoveryOnly: 'pp.error.login.recovery.only',
  tooManyRequests: 'pp.error.too.many.requests',
  /** The general per-address request limit (http/rate-limit.ts), not a lock on a secret. */
  rateLimited: 'pp.error.rate.limited',
  /** The day's codes to one line are all sent: nothing more is texted to it until the cap passes. */
  smsDailyCap: 'pp.error.sms.daily.cap',
  notFound: 'pp.error.not.found',
  /** A body, address or header block larger than the server reads (HTTP 413, 414, 431). */
  requestTooLarge: 'pp.error.request.too.large',
  generic: 'pp.error.generic',
  /** The database cannot be reached for a moment (a restart, a failover): nothing changed, try again. */
  unavailable: 'pp.error.service.unavailable',
  invalidToken: 'pp.error.password.token.invalid',
} as const;

/**
 * The over-order error a key raises on add-to-cart (SPEC §8): a plan already in the cart is
 * `plansOverCountError`; too many of one item or too many items per order is `orderItemsOverCount`;
 * any other key is not an over-order error (null).
 */
export function overOrderErrorType(key: string): 'orderItemsOverCount' | 'plansOverCountError' | null {
  switch (key) {
    case ErrorKeys.hasPlanInCart:
      return 'plansOverCountError';
    case ErrorKeys.maxQuantity:
    case ErrorKeys.maxProductsPerOrder:
      return 'orderItemsOverCount';
    default:
      return null;
  }
}
