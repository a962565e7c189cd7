/** The sandbox's test cards (docs/sandbox.md), modelled on the provider's public integration cards. */
export const SANDBOX_CARDS: Record<string, { approve: boolean; paymentType: string; answerLost?: boolean }> = {
  '4051885600446623': { approve: true, paymentType: 'VN' },
  // approved, but the answer to the shop's first commit never arrives (a timeout after the gateway took the money)
  '4051885600000009': { approve: true, paymentType: 'VN', answerLost: true },
  '4051884239937763': { approve: true, paymentType: 'VD' },
  '5186059559590568': { approve: false, paymentType: 'VN' },
};

/** Token lifetime: the provider's tokens are valid 5 minutes. */
export const SANDBOX_TOKEN_TTL_MS = 5 * 60_000;

/** Whether the card that paid (by its last four digits) is the one whose first commit answer is lost. */
export function commitAnswerLost(cardLast4: string | null): boolean {
  return cardLast4 !== null && Object.entries(SANDBOX_CARDS).some(([number, card]) => card.answerLost && number.endsWith(cardLast4));
}
