import { z } from 'zod';

/** What the buyer means to do; both are what a listed buyer may not (SPEC §7 black/list/validate). */
export const SCREENED_PURPOSES = ['financing', 'lines'] as const;
export type ScreenedPurpose = (typeof SCREENED_PURPOSES)[number];

/** `GET /restpp/order/v2/black/list/validate`: the buyer is the signed-in customer, never a document sent in (decision 022). */
export const blackListQuery = z.object({
  purpose: z.enum(SCREENED_PURPOSES, 'validation.invalid').optional(),
});

/** Its answer (inside the envelope). `reason` only for a listed buyer; `message` is the store's text the checkout shows. */
export const blackListAnswer = z.object({
  listed: z.boolean(),
  allowed: z.boolean(),
  reason: z.enum(['fraud', 'debt']).nullable(),
  message: z.string().nullable(),
});
