import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { AppError } from '../../http/errors.ts';
import { RecaptchaUnavailable } from '../../adapters/recaptcha/port.ts';

/** A passed reCAPTCHA counts for this long in the session (the checkout it was passed in). */
const HUMAN_FOR_MS = 30 * 60_000;
/** The provider's score below which a token is treated as a bot's. */
const MIN_SCORE = 0.5;
const SESSION_KEY = 'recaptchaPassedAt';

export const RecaptchaErrorKeys = { failed: 'pp.error.recaptcha', required: 'pp.error.recaptcha.required' } as const;

/** `POST /restpp/order/verifyRecaptcha`: asks the provider and remembers a pass in the session. */
export async function verifyHuman(app: FastifyInstance, req: FastifyRequest, token: string): Promise<void> {
  let verdict;
  try {
    verdict = await app.adapters.recaptcha.verify(token, req.ip);
  } catch (error) {
    if (!(error instanceof RecaptchaUnavailable)) req.log.error({ err: error }, 'recaptcha verification failed');
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  if (!verdict.success || verdict.score < MIN_SCORE)
    throw new AppError(RecaptchaErrorKeys.failed, 400, { fieldErrors: { token: [RecaptchaErrorKeys.failed] } });
  if (req.session) await app.sessions.saveData(req, { ...req.session.data, [SESSION_KEY]: Date.now() });
}

/**
 * What the reCAPTCHA protects: a guest placing an order that holds stock without paying first (cash on
 * delivery, in store, cash code) must have passed it in this session; signed-in customers need not.
 */
export function requireHuman(req: FastifyRequest): void {
  if (req.session?.customerId != null) return;
  const passedAt = req.session?.data[SESSION_KEY];
  if (typeof passedAt === 'number' && Date.now() - passedAt < HUMAN_FOR_MS) return;
  throw new AppError(RecaptchaErrorKeys.required, 403, { fieldErrors: { recaptcha: [RecaptchaErrorKeys.required] } });
}
