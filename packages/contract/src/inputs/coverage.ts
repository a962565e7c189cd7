import { z } from 'zod';

const code = (message: string) => z.string(message).trim().min(1, message).max(20, message);

/** An area to check: region and commune (district), with the province in Peru. */
export const areaBody = z.object({
  region: code('checkout.validation.region'),
  province: z.string().trim().max(20).optional(),
  commune: code('checkout.validation.commune'),
});

/** One of the cart's saved delivery addresses, or an area. */
export const validateBody = z.union([z.object({ addressId: z.coerce.number().int().positive() }), areaBody], 'checkout.validation.commune');

export const searchBody = z.object({
  region: code('checkout.validation.region'),
  province: z.string().trim().max(20).optional(),
  query: z.string().trim().max(60, 'checkout.validation.tooLong').optional(),
});

export const createBody = z.object({ addressId: z.coerce.number('pp.error.checkout.address').int().positive('pp.error.checkout.address') });
