import { z } from 'zod';
import { billingEmailRule, billingMsisdnRule } from '@andes/domain/plans-sale';
import { constants } from '@andes/domain/market';
import { PAYMENT_METHOD_IDS } from '@andes/domain/payment-methods';
import { idempotencyKey } from '@andes/domain/account-inputs';

/**
 * A line's quantity: a JSON number, whole, 1 to 99. Not coerced: `true`, `[1]`, `" 1 "` or `"0x1"` read
 * as 1 and were taken. One message each: past 99 (1e20 included) the maximum, anything else the quantity's.
 */
const lineQuantity = z
  .number('pp.error.cart.quantity')
  .max(99, { error: 'pp.Error.AddToCart.MaxQuantity', abort: true })
  .min(1, { error: 'pp.error.cart.quantity', abort: true })
  // a refinement, not .int(): Zod reports .int() as a wrong type, which reads 'Este campo es obligatorio'
  .refine(Number.isSafeInteger, 'pp.error.cart.quantity');

/** One line of `POST /restpp/order/add` (SPEC §7). */
export const addLine = z.object({
  type: z.enum(['equipment', 'plan'], 'validation.invalid'),
  id: z.string('validation.required').trim().min(1, 'validation.required').max(80, 'validation.invalid'),
  quantity: lineQuantity,
  campaignID: z.string().trim().min(1).max(80).optional(),
  isPortability: z.boolean().optional(),
  billing_email: billingEmailRule,
  billing_msisdn: billingMsisdnRule,
  insurances: z.array(z.string().trim().min(1).max(80)).max(10, 'validation.invalid').optional(),
  /** The unit price the page showed (minor units): a changed price refuses the add. */
  price: z.number('product.error.price').int('product.error.price').nonnegative('product.error.price').optional(),
  /** A signed-in customer's renewal (the renewal catalogue's visit): priced at the renewal cash price. */
  renewal: z.boolean('validation.invalid').optional(),
  /** A renewal's line: one of the customer's own (9 digits). */
  planPhoneNumber: z
    .string()
    .regex(/^\d{9}$/, 'validation.phone')
    .optional(),
  /** A Blue phone's installments (SPEC §3 quotasValue) and the initial quota the page showed: re-checked against the catalogue. */
  quotasValue: z
    .number('pp.error.cart.blue.option')
    .int('pp.error.cart.blue.option')
    .min(1, 'pp.error.cart.blue.option')
    .max(60, 'pp.error.cart.blue.option')
    .optional(),
  initialQuota: z.number('pp.error.cart.blue.initialQuota').int('pp.error.cart.blue.initialQuota').nonnegative('pp.error.cart.blue.initialQuota').optional(),
});

export const addBody = z.object({ items: z.array(addLine).min(1, 'validation.required').max(10, 'pp.Error.AddToCart.MaxProductsPerOrder') });

export const quantityBody = z.object({
  id: z.string('validation.required').trim().min(1, 'validation.required').max(80),
  quantity: lineQuantity,
});

export const shippingBody = z.discriminatedUnion(
  'deliveryType',
  [
    z.object({ deliveryType: z.literal('delivery'), addressId: z.coerce.number('validation.required').int().positive('validation.required') }),
    z.object({ deliveryType: z.literal('storePickup'), storeId: z.string('validation.required').trim().min(1, 'validation.required').max(80) }),
  ],
  'pp.error.checkout.shipping',
);

export const paymentQuery = z.object({
  paymentMethod: z.enum(PAYMENT_METHOD_IDS, 'pp.error.payment.method').default(constants.defaultPaymentType),
  /** The signed-in customer's line whose points pay (points only; default the line with most points). */
  phoneNumber: z
    .string()
    .regex(/^\d{9}$/, 'validation.phone')
    .optional(),
  /** Card installments without interest (card methods only, a count the payment options offer); 0 or absent: a single payment. */
  installments: z
    .union([z.number(), z.string()])
    .refine((v) => /^\d{1,2}$/.test(String(v)), 'pp.error.payment.installments')
    .transform(Number)
    .optional(),
});
export const paymentOptionsQuery = paymentQuery.pick({ phoneNumber: true });

export const orderQuery = z.object({ order: z.string('validation.required').trim().min(1, 'validation.required').max(40) });
export const cancelBody = orderQuery.extend({ idempotencyKey });
export const areasQuery = z.object({ parent: z.string('validation.required').trim().min(1, 'validation.required').max(20) });
export const updateCartQuery = z.object({ id: z.string('validation.required').trim().min(1, 'validation.required').max(64) });
export const recaptchaBody = z.object({ token: z.string('validation.required').trim().min(1, 'validation.required').max(2000) });

/** The answer of `GET /restpp/order/v2/userInfo` (inside the envelope): the signed-in buyer's contact data and lines. */
export const userInfoAnswer = z.object({
  userInfo: z.object({
    document: z.string(),
    documentKind: z.enum(['rut', 'dni']),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    contactPhone: z.string(),
    phoneNumber: z.string(),
    lines: z.array(z.object({ phoneNumber: z.string(), kind: z.string(), planName: z.string().nullable() })),
  }),
});
