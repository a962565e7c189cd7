import { RecaptchaUnavailable, type RecaptchaPort } from './port.ts';

/** docs/sandbox.md: the token the sandbox widget hands out for a person; any other token is a bot. */
export const SANDBOX_RECAPTCHA_TOKEN = 'sandbox-ok';
/** docs/sandbox.md: this token simulates the provider being unreachable. */
export const SANDBOX_RECAPTCHA_DOWN_TOKEN = 'sandbox-down';

export function sandboxRecaptcha(): RecaptchaPort {
  return {
    async verify(token) {
      if (token === SANDBOX_RECAPTCHA_DOWN_TOKEN) throw new RecaptchaUnavailable('recaptcha: provider unreachable');
      return token === SANDBOX_RECAPTCHA_TOKEN ? { success: true, score: 0.9 } : { success: false, score: 0 };
    },
    widget: () => ({ provider: 'sandbox', siteKey: 'sandbox' }),
  };
}
