import { z } from 'zod';
import { BLOCK_TYPES, CUSTOMER_BLOCK_REASONS, SIM_DELIVERIES, SIM_SWAP_MAX_AGE, isValidImei } from '@andes/domain/device';

/**
 * Request and response shapes of the device routes (docs/api-account.md). Request messages are
 * message-store keys; responses are the fields beside the envelope (apps/server/src/http/envelope.ts).
 */
const reportNumber = z
  .string()
  .trim()
  .min(3, 'device.error.policeReport')
  .max(30, 'device.error.policeReport')
  .regex(/^[0-9A-Za-z -]+$/, 'device.error.policeReport');

export const blockBody = z.object({
  reason: z.enum(CUSTOMER_BLOCK_REASONS, { error: 'device.error.reason' }),
  blockType: z.enum(BLOCK_TYPES, { error: 'device.error.blockType' }),
  imei: z
    .string()
    .trim()
    .regex(/^\d{15}$/, 'device.error.imei')
    .refine(isValidImei, 'device.error.imei')
    .optional(),
  policeReport: reportNumber.optional(),
});

export const stepUpStartBody = z.object({ purpose: z.enum(['unblock', 'simChange', 'numberChange', 'smartLine'], { error: 'validation.invalid' }) });

const stepUpId = z.string().regex(/^[\w-]{10,64}$/, 'device.error.stepUp.required');

export const stepUpConfirmBody = z.object({
  stepUpId,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.code'),
  answers: z.record(z.string().max(20), z.string().max(20)).optional(),
  reportNumber: reportNumber.optional(),
});

export const unblockBody = z.object({ stepUpId });

export const simChangeBody = z
  .object({
    stepUpId,
    delivery: z.enum(SIM_DELIVERIES, { error: 'device.error.sim.delivery' }),
    storeId: z.string().trim().max(40).optional(),
    address: z.string().trim().max(160, 'device.error.sim.address').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.delivery === 'pickup' && !v.storeId) ctx.addIssue({ code: 'custom', path: ['storeId'], message: 'device.error.sim.store' });
    if (v.delivery === 'delivery' && (!v.address || v.address.length < 5))
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'device.error.sim.address' });
  });

export const simActivateBody = z.object({
  iccid: z
    .string()
    .trim()
    .regex(/^\d{20}$/, 'device.error.iccid'),
});

/** CAMARA SIM Swap v1 requests: an E.164 number with its +, and `maxAge` in hours. */
const e164 = z.string().regex(/^\+[1-9]\d{4,14}$/);
export const retrieveDateBody = z.object({ phoneNumber: e164 });
export const checkBody = z.object({
  phoneNumber: e164,
  maxAge: z.number().int().min(SIM_SWAP_MAX_AGE.min).max(SIM_SWAP_MAX_AGE.max).default(SIM_SWAP_MAX_AGE.default),
});

// ── responses ──
const isoTime = z.iso.datetime({ offset: true });
const block = z.object({
  id: z.number().int(),
  reason: z.string(),
  blockType: z.enum(BLOCK_TYPES),
  imei: z.string().nullable(),
  reportCode: z.string().nullable(),
  registryReference: z.string().nullable(),
  createdAt: isoTime,
  /** The holder asked to lift it; it stays in force until the central IMEI list has withdrawn it. */
  liftPending: z.boolean(),
});

export const blockOptionsResponse = z.object({
  phoneNumber: z.string(),
  reasons: z.array(
    z.object({ reason: z.enum(CUSTOMER_BLOCK_REASONS), theft: z.boolean(), forcedType: z.enum(BLOCK_TYPES).nullable(), needsPoliceReport: z.boolean() }),
  ),
  blockTypes: z.array(z.enum(BLOCK_TYPES)),
  phones: z.array(z.object({ imei: z.string(), brand: z.string(), model: z.string() })),
  blocks: z.array(block),
});
export const blockResponse = z.object({ block, status: z.string() });
export const stepUpStartResponse = z.object({
  stepUpId: z.string(),
  emailHint: z.string(),
  secondFactor: z.enum(['identity', 'report']),
  challengeId: z.string().nullable(),
  questions: z.array(z.object({ id: z.string(), text: z.string(), options: z.array(z.object({ id: z.string(), text: z.string() })) })),
});
export const stepUpConfirmResponse = z.object({ stepUpId: z.string(), verified: z.literal(true) });
export const unblockResponse = z.object({ lifted: z.number().int(), status: z.string() });
const simChange = z.object({
  id: z.number().int(),
  delivery: z.enum(SIM_DELIVERIES),
  status: z.enum(['pending', 'active']),
  newIccid: z.string(),
  storeId: z.string().nullable(),
  address: z.string().nullable(),
  requestedAt: isoTime,
  activatedAt: isoTime.nullable(),
});
export const simStatusResponse = z.object({
  phoneNumber: z.string(),
  iccid: z.string(),
  pending: simChange.nullable(),
  changes: z.array(simChange),
  coolDownUntil: isoTime.nullable(),
  /** SPEC §3 "Current asset": the line the change-SIM call starts from, `SN` its SIM's serial (masked as `iccid`). */
  currentAsset: z.object({ phoneNumber: z.string(), SN: z.string() }),
});
export const simChangeResponse = z.object({ simChange, coolDownUntil: isoTime.nullable() });
export const retrieveDateResponse = z.object({ latestSimChange: isoTime.nullable() });
export const checkResponse = z.object({ swapped: z.boolean() });
export const camaraErrorResponse = z.object({ status: z.number().int(), code: z.string(), message: z.string() });
