import { z } from 'zod';

/** The requests of the sandbox's stand-ins for outside systems (docs/sandbox.md). */

export const outboxQuery = z.object({
  /** A phone number (SMS) or an e-mail address (the claims book's copies, the step-up's codes, notices). */
  recipient: z.union([z.string().regex(/^\d{9}$/), z.email()], 'validation.invalid').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const tokenQuery = z.object({ token_ws: z.string().regex(/^[0-9a-f]{48}$/) });

export const payBody = z.object({
  action: z.enum(['pay', 'abort']).default('pay'),
  card: z.string().optional(),
});

export const cipQuery = z.object({ cip: z.string().regex(/^\d{12}$/) });

export const advanceBody = z.object({ order: z.string('validation.required').regex(/^[A-Z]{2}-\d{8}$/, 'validation.invalid') });

/** What a ticket-desk agent does to a ticket (the desk then reports the matching status). */
export const deskActions = ['acknowledge', 'work', 'wait', 'resolve', 'close', 'reopen'] as const;
export type DeskAction = (typeof deskActions)[number];
export const deskActionBody = z.object({ action: z.enum(deskActions, 'validation.invalid') });
