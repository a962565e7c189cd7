import { z } from 'zod';

/** `GET /restpp/order/v1/reno/profile`: one of the customer's lines (9 digits), else the line a renewal would go to. */
export const renoProfileQuery = z.object({
  phoneNumber: z
    .string()
    .regex(/^\d{9}$/, 'validation.phone')
    .optional(),
});

const renewalLine = z.object({
  phoneNumber: z.string(),
  kind: z.string(),
  planName: z.string().nullable(),
  eligible: z.boolean(),
  reason: z.string().nullable(),
  renewableFrom: z.string().nullable(),
  message: z.string().nullable(),
});

/** Its answer (inside the envelope): the profile of the line asked for (null for a customer without lines) and all lines. */
export const renoProfileAnswer = z.object({
  renoProfile: renewalLine.nullable(),
  lines: z.array(renewalLine),
  defaultPhoneNumber: z.string().nullable(),
});
