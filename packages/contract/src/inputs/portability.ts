import { z } from 'zod';

export const imageBody = z.object({
  image: z.object(
    { type: z.string('validation.required').max(40, 'validation.invalid'), data: z.string('validation.required').min(1, 'validation.required') },
    'validation.required',
  ),
});

export const lookupQuery = z.object({
  number: z.string('validation.required').trim().min(1, 'validation.required').max(40, 'validation.invalid'),
  phoneNumber: z
    .string('validation.required')
    .trim()
    .regex(/^9\d{8}$/, 'validation.phone'),
});
