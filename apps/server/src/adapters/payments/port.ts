/**
 * A Webpay-style redirect payment gateway (DOMAIN.md "Payments"): create a transaction, send the
 * browser to the provider's page, and commit once the browser returns with the token.
 */
export interface PaymentCreate {
  /** ≤ 26 characters, unique per payment attempt. */
  buyOrder: string;
  sessionId: string;
  /** Minor units of the market's currency. */
  amount: number;
  /** Our own path the provider sends the browser back to (GET). */
  returnUrl: string;
}

export interface PaymentRedirect {
  token: string;
  /** Send the browser to `${url}?token_ws=${token}`. */
  url: string;
}

export interface PaymentOutcome {
  status: 'AUTHORIZED' | 'FAILED' | 'ABORTED';
  /** 0 approved; -1 … -5 rejected (DOMAIN.md). */
  responseCode: number;
  buyOrder: string;
  amount: number;
  authorizationCode: string | null;
  cardLast4: string | null;
  paymentType: string | null;
  /** Later commits of the same token answer the first outcome with this set. */
  alreadyCommitted: boolean;
}

export interface PaymentGatewayPort {
  create(input: PaymentCreate): Promise<PaymentRedirect>;
  commit(token: string): Promise<PaymentOutcome>;
}
