/**
 * The reCAPTCHA verifier (ARCHITECTURE §5): the browser's widget hands the page a token, the shop asks
 * the provider whether a person earned it. A real client posts to the provider's siteverify.
 */
export interface RecaptchaVerdict {
  success: boolean;
  /** 0 (a bot) … 1 (a person), as the provider scores it. */
  score: number;
}

export interface RecaptchaPort {
  /** Throws when the provider cannot be reached. */
  verify(token: string, remoteAddress: string): Promise<RecaptchaVerdict>;
  /** What the page's widget needs: the provider kind and its public site key. */
  widget(): { provider: 'sandbox' | 'google'; siteKey: string };
}

export class RecaptchaUnavailable extends Error {}
