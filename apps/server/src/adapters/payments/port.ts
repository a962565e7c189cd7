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
  /** Card installments without interest the buyer chose (2 or more); absent: a single payment. */
  installments?: number;
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
  /** Installments the card was charged in (Webpay's installments_number: 0 for none) and each one's amount. */
  installmentsNumber: number;
  installmentsAmount: number | null;
  /** Later commits of the same token answer the first outcome with this set. */
  alreadyCommitted: boolean;
}

export interface PaymentRefund {
  /** NULLIFIED: the authorized amount was given back in full. */
  status: 'NULLIFIED';
  amount: number;
  /** A repeated refund of the same token answers the first one with this set. */
  alreadyRefunded: boolean;
}

/** Peru's cash payment code ("CIP", DOMAIN.md): paid at a bank or agent before `expiresAt`. */
export interface CashCodeCreate {
  buyOrder: string;
  amount: number;
  expiresAt: Date;
  /** Our own path the provider posts its signed "paid" notification to. */
  notifyUrl: string;
}

/** The provider's notification that a cash code was paid, once its signature checked out. */
export interface CashCodePaid {
  code: string;
  amount: number;
}

/**
 * What the gateway knows of a transaction (Webpay's "status" call). Only a committed transaction
 * moved money; `outcome` is what its commit answered.
 */
export type PaymentStatus = { committed: false } | { committed: true; outcome: PaymentOutcome };

export interface PaymentGatewayPort {
  create(input: PaymentCreate): Promise<PaymentRedirect>;
  commit(token: string): Promise<PaymentOutcome>;
  /** Asks, changing nothing, whether and how a transaction (or a cash code) was committed; an unknown token throws. */
  status(token: string): Promise<PaymentStatus>;
  /** Gives back a committed, authorized transaction in full (only those can be refunded). */
  refund(token: string): Promise<PaymentRefund>;
  createCashCode(input: CashCodeCreate): Promise<{ code: string }>;
  /** The paid code of a genuine notification (signature header and body), or null for anything else. */
  readPaidNotification(signature: string | undefined, body: unknown): CashCodePaid | null;
}
