import { z } from 'zod';

export const recaptchaToken = z.object({ token: z.string() });

export const outbox = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      channel: z.string(),
      recipient: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const sessionExpired = z.object({ expired: z.boolean() });
