/** The sandbox's test cards (docs/sandbox.md), modelled on the provider's public integration cards. */
export const SANDBOX_CARDS: Record<string, { approve: boolean; paymentType: string }> = {
  '4051885600446623': { approve: true, paymentType: 'VN' },
  '4051884239937763': { approve: true, paymentType: 'VD' },
  '5186059559590568': { approve: false, paymentType: 'VN' },
};

/** Token lifetime: the provider's tokens are valid 5 minutes. */
export const SANDBOX_TOKEN_TTL_MS = 5 * 60_000;

