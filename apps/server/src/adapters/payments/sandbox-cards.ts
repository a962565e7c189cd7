import { createHmac } from 'node:crypto';

/** The sandbox's test cards (docs/sandbox.md), modelled on the provider's public integration cards. */
export const SANDBOX_CARDS: Record<string, { approve: boolean; paymentType: string }> = {
  '4051885600446623': { approve: true, paymentType: 'VN' },
  '4051884239937763': { approve: true, paymentType: 'VD' },
  '5186059559590568': { approve: false, paymentType: 'VN' },
};

/** Token lifetime: the provider's tokens are valid 5 minutes. */
export const SANDBOX_TOKEN_TTL_MS = 5 * 60_000;

/**
 * The key the sandbox cash-code provider signs its notifications with (HMAC-SHA256 over
 * `code|status|amount`); a real provider's key would come from configuration.
 */
export const SANDBOX_NOTIFY_KEY = 'sandbox-pagoefectivo-key';

export function sandboxNotifySignature(code: string, status: string, amount: number): string {
  return createHmac('sha256', SANDBOX_NOTIFY_KEY).update(`${code}|${status}|${amount}`).digest('hex');
}
