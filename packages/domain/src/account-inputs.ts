import { z } from 'zod';
import { bagPayments } from './account-bags.ts';
import { ticketCategories } from './account-tickets.ts';

/**
 * Input rule sets of the account screens, shared by the pages and the server routes. Messages are
 * message-store keys.
 */
export const idempotencyKey = z.string().regex(/^[\w-]{8,64}$/, 'account.error.idempotency');
const phone = z
  .string()
  .trim()
  .regex(/^9\d{8}$/, 'validation.phone');
const positiveInt = (key: string) => z.coerce.number({ error: key }).int(key).positive(key);

export const accountInputs = {
  bagPurchase: z.object({
    offerId: z.string().min(1, 'account.error.bag.offer'),
    payment: z.enum(bagPayments, { error: 'account.error.bag.payment' }),
    idempotencyKey,
  }),
  transfer: z.object({
    targetPhoneNumber: phone,
    amount: positiveInt('account.validation.amount'),
    idempotencyKey,
  }),
  lukas: z.object({
    blocks: z.coerce
      .number({ error: 'account.validation.blocks' })
      .int('account.validation.blocks')
      .min(1, 'account.validation.blocks')
      .max(20, 'account.validation.blocks'),
    idempotencyKey,
  }),
  consumptionFilter: z.object({
    kind: z.enum(['data', 'voice', 'sms']).optional(),
    from: z.iso.date('validation.date').optional(),
    to: z.iso.date('validation.date').optional(),
  }),
  ticket: z.object({
    category: z.enum(ticketCategories, { error: 'account.validation.category' }),
    description: z.string().trim().min(10, 'account.validation.description').max(1000, 'account.validation.description'),
  }),
  frequentCreate: z.object({
    newNumber: z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'account.validation.frequentNumber'),
  }),
  frequentUpdate: z.object({
    oldNumber: z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'account.validation.frequentNumber'),
    newNumber: z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'account.validation.frequentNumber'),
  }),
};

/** Points top-up ("lukas"): points per block and the balance a block gives, per currency. */
export const lukasRates = {
  CLP: { points: 1000, amount: 1000 },
  PEN: { points: 500, amount: 500 },
} as const;

/** Most frequent numbers a line may keep. */
export const MAX_FREQUENT_NUMBERS = 5;

const personName = (key: string) =>
  z
    .string()
    .trim()
    .min(2, key)
    .max(60, key)
    .regex(/^[\p{L}' -]+$/u, key);

/** Personal data a customer may change; the RUT/DNI is not part of it (not editable). */
export const personalDataInput = z.object({
  firstName: personName('account.validation.name'),
  lastName: personName('account.validation.name'),
  email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
  contactPhone: z
    .string()
    .trim()
    .regex(/^9\d{8}$/, 'validation.phone'),
});

export const topupInput = z.object({
  amount: z.coerce.number({ error: 'account.validation.amount' }).int('account.validation.amount').positive('account.validation.amount'),
  idempotencyKey: z.string().regex(/^[\w-]{8,64}$/, 'account.error.idempotency'),
});

export const billPaymentInput = z.object({
  idempotencyKey: z.string().regex(/^[\w-]{8,64}$/, 'account.error.idempotency'),
});
