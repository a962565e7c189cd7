import { z } from 'zod';
import { CLAIM_DESCRIPTION_MAX, CLAIM_DESCRIPTION_MIN, CLAIM_KINDS, CLAIM_STATES } from '@andes/domain/insurance-claims';
import { idempotencyKey } from '@andes/domain/account-inputs';

/** Request and response shapes of the device insurance routes (docs/api-account.md); messages are message-store keys. */
/** A claim's path (read without `parseInput`: the line guard checks the line, the service the claim: an unknown one answers 404). */
export const claimParams = z.object({ phoneNumber: z.string().regex(/^\d{9}$/), claimNumber: z.string().regex(/^SN-[A-Z]{2}-\d{7}$/) });

export const claimBody = z.object({
  insuranceId: z
    .number({ error: 'insurance.error.insurance' })
    .int('insurance.error.insurance')
    .positive('insurance.error.insurance')
    .max(2 ** 31 - 1, 'insurance.error.insurance'),
  kind: z.enum(CLAIM_KINDS, { error: 'insurance.error.kind' }),
  description: z
    .string({ error: 'insurance.error.description' })
    .trim()
    .min(CLAIM_DESCRIPTION_MIN, 'insurance.error.description')
    .max(CLAIM_DESCRIPTION_MAX, 'insurance.error.description'),
});

export const deductibleBody = z.object({ idempotencyKey });
/** Paying the deductible by card: the amount the page showed (minor units), what the card is charged. */
export const deductibleCardBody = z.object({
  idempotencyKey,
  amount: z
    .number({ error: 'insurance.error.deductibleAmount' })
    .int('insurance.error.deductibleAmount')
    .positive('insurance.error.deductibleAmount')
    .max(100_000_000, 'insurance.error.deductibleAmount'),
});

const money = z.object({ amount: z.number().int(), formatted: z.string() });

const claim = z.object({
  number: z.string(),
  insuranceId: z.number().int(),
  insuranceName: z.string(),
  kind: z.enum(CLAIM_KINDS),
  description: z.string(),
  status: z.enum(CLAIM_STATES),
  theftReport: z.string().nullable(),
  deductible: money,
  deductiblePayment: z.enum(['bill', 'balance', 'card']).nullable(),
  deductiblePaidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  timeline: z.array(z.object({ status: z.enum(CLAIM_STATES), at: z.string() })),
});

const insuranceFacts = z.object({
  insuranceId: z.string(),
  displayName: z.string(),
  description: z.string(),
  info: z.string(),
  monthlyValue: money,
  insuranceValidity: z.number().int(),
  eventsNumber: z.number().int(),
  covers: z.array(z.enum(CLAIM_KINDS)),
  deductibleCost: money,
  deductibleCost2: money,
});

const lineInsurance = insuranceFacts.extend({
  id: z.number().int(),
  device: z.string(),
  imei: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  inForce: z.boolean(),
  eventsUsed: z.number().int(),
  /** null: no limit. */
  eventsLeft: z.number().int().nullable(),
  /** The deductible the next claim would be charged. */
  nextDeductible: money,
});

export const insuranceOverviewResponse = z.object({
  phoneNumber: z.string(),
  lineKind: z.string(),
  deductiblePayment: z.enum(['bill', 'balance']),
  insurances: z.array(lineInsurance),
  /** What a line without insurance could have had (bought with a phone). */
  offer: z.array(insuranceFacts),
  /** The line's theft block in force, which a theft claim needs. */
  theftBlock: z.object({ reason: z.string(), report: z.string().nullable(), createdAt: z.string() }).nullable(),
  current: claim.nullable(),
  history: z.array(claim),
});

export const deductibleResponse = insuranceOverviewResponse.extend({ replayed: z.boolean() });
