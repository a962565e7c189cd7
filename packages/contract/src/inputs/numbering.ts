import { z } from 'zod';

/** Request and response shapes of the number change routes (docs/api-account.md); messages are message-store keys. */
export const numberChangeBody = z.object({
  number: z.string().regex(/^9\d{8}$/, 'numbering.error.notReserved'),
  stepUpId: z.string().regex(/^[\w-]{10,64}$/, 'device.error.stepUp.required'),
});

export const numberOverviewResponse = z.object({
  phoneNumber: z.string(),
  offered: z.array(z.string()),
  reservedUntil: z.string().nullable(),
  changes: z.array(z.object({ oldNumber: z.string(), newNumber: z.string(), changedAt: z.string() })),
});

export const numberChangeResponse = z.object({ phoneNumber: z.string(), oldNumber: z.string(), changedAt: z.string() });
