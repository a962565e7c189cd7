import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SecondFactor } from '@andes/domain/device';
import { AppError } from '../../http/errors.ts';
import * as repo from './step-ups.repo.ts';
import type { StepUpPurpose } from './step-ups.repo.ts';

const CODE_TTL_MS = 10 * 60_000;
/** Codes one step-up may be tried with; a new step-up needs a new e-mail, which is counted too. */
export const STEP_UP_MAX_TRIES = 5;

/** Who asks: the session the step-up is bound to and the line it is for. */
export interface StepUpBound {
  sessionHash: string;
  lineId: number;
}

const codeHash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const stepUpErrors = {
  code: () => new AppError('device.error.stepUp.code', 400, { fieldErrors: { code: ['device.error.stepUp.code'] } }),
  expired: () => new AppError('device.error.stepUp.expired', 409),
  required: () => new AppError('device.error.stepUp.required', 403),
  noEmail: () => new AppError('device.error.stepUp.noEmail', 409),
  emailChanged: (hours: number) => new AppError('device.error.stepUp.emailChanged', 409, { params: { hours } }),
};

/** The e-mail address as a hint: enough for its holder to recognise, too little for anyone else. */
export function emailHint(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 2)}•••@${domain}`;
}

/**
 * The e-mail on file as the step-up's channel, or a refusal: none on file, or one changed within the
 * SIM-swap cool-down (it may be a thief's, set from a stolen session).
 */
export async function stepUpChannel(app: FastifyInstance, customerId: number): Promise<StepUpContact> {
  const contact = await repo.customerContact(app.db, customerId);
  if (!contact?.email) throw stepUpErrors.noEmail();
  const hours = app.config.simSwapCoolDownHours;
  if (contact.emailChangedAt && Date.now() - contact.emailChangedAt.getTime() < hours * 3_600_000) throw stepUpErrors.emailChanged(hours);
  return contact;
}

type StepUpContact = NonNullable<Awaited<ReturnType<typeof repo.customerContact>>>;

/**
 * Opens a step-up for one action on one line of the customer and e-mails its code to the address on
 * file (from {@link stepUpChannel}): a channel other than the line being changed, so a swapped SIM
 * cannot receive it. The caller has counted the send (flows/device.flow.ts) and opened the second factor.
 */
export async function openStepUp(
  app: FastifyInstance,
  contact: StepUpContact,
  input: { customerId: number; purpose: StepUpPurpose; secondFactor: SecondFactor; challengeId: string | null } & StepUpBound,
): Promise<{ stepUpId: string; emailHint: string }> {
  const now = new Date();
  const id = randomBytes(18).toString('base64url');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.insertStepUp(app.db, { ...input, id, codeHash: codeHash(id, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now });
  await app.adapters.email.send({
    to: contact.email,
    subject: app.t('device.stepUp.email.subject'),
    body: app.t('device.stepUp.email.body', { name: contact.firstName, code }),
  });
  return { stepUpId: id, emailHint: emailHint(contact.email) };
}

/** Checks the e-mailed code, its try counted first; answers the step-up (its second factor still to check). */
export async function checkStepUpCode(app: FastifyInstance, id: string, code: string, bound: StepUpBound): Promise<repo.StepUp> {
  const stepUp = await repo.takeStepUpTry(app.db, id, bound, STEP_UP_MAX_TRIES, new Date());
  if (!stepUp) throw stepUpErrors.expired();
  if (!sameHash(stepUp.codeHash, codeHash(id, code))) throw stepUpErrors.code();
  return stepUp;
}

export async function markStepUpVerified(app: FastifyInstance, id: string): Promise<void> {
  await repo.markVerified(app.db, id, new Date());
}

/** Spends a verified step-up for `purpose` once, or refuses: the action needs a new step-up. */
export async function spendStepUp(app: FastifyInstance, id: string, bound: StepUpBound & { purpose: StepUpPurpose }): Promise<void> {
  if (!(await repo.spendStepUp(app.db, id, bound, new Date()))) throw stepUpErrors.required();
}
