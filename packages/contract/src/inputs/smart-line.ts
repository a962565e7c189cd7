import { z } from 'zod';
import { EID_LENGTH, WATCH_NAME_MAX, WATCH_NAME_MIN, cleanEid, isValidEid } from '@andes/domain/smart-line';

/** Request and response shapes of the smart line routes (docs/api-account.md); messages are message-store keys. */
export const smartLineBody = z.object({
  eid: z
    .string({ error: 'smartLine.error.eid' })
    .transform(cleanEid)
    .refine((e) => e.length === EID_LENGTH && isValidEid(e), 'smartLine.error.eid'),
  watchName: z
    .string({ error: 'smartLine.error.watchName' })
    .trim()
    .min(WATCH_NAME_MIN, 'smartLine.error.watchName')
    .max(WATCH_NAME_MAX, 'smartLine.error.watchName')
    .regex(/^[\p{L}\p{N} .,'()+-]+$/u, 'smartLine.error.watchName'),
  /** A passed step-up for `smartLine` (docs/decisions/021, 028): a watch sharing the number receives its calls and SMS. */
  stepUpId: z.string({ error: 'device.error.stepUp.required' }).regex(/^[\w-]{10,64}$/, 'device.error.stepUp.required'),
});

const smartLine = z.object({
  id: z.number().int(),
  watchName: z.string(),
  eid: z.string(),
  iccid: z.string(),
  /** Only in the answer that added the watch (it passed the step-up): null on every later read. */
  activationCode: z.string().nullable(),
  createdAt: z.string(),
  removedAt: z.string().nullable(),
});

export const smartLineResponse = z.object({
  phoneNumber: z.string(),
  lineKind: z.string(),
  status: z.string(),
  /** Why this line may not add a watch (a message key), or null. */
  refusal: z.string().nullable(),
  current: smartLine.nullable(),
  history: z.array(smartLine),
});
