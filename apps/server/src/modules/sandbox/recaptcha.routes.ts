import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { SANDBOX_RECAPTCHA_TOKEN } from '../../adapters/recaptcha/sandbox.ts';

/**
 * The provider's widget side (docs/sandbox.md): the sandbox widget on our pages ("No soy un robot")
 * asks here for the token a person gets, as the real widget gets one from the provider's script.
 */
export async function sandboxRecaptchaRoutes(app: FastifyInstance) {
  app.get('/sandbox/recaptcha/token', async () => ok({ token: SANDBOX_RECAPTCHA_TOKEN }));
}
