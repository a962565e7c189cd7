import { z } from 'zod';
import type { Market } from './market.ts';
import { validateRut } from './rut.ts';
import { validateDni, validatePhone } from './documents.ts';
import type { FieldType } from './clean.ts';

/**
 * Rule sets per action (SPEC §5), shared by the browser form and the server route: one schema per
 * input. Messages are message-store keys; the page resolves them.
 */

const digits = (length: number, key: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${length}}$`), key);

const required = (key = 'validation.required') => z.string().trim().min(1, key);

export const fields = {
  rut: () => required().refine(validateRut, 'validation.rut'),
  dni: () => required().refine(validateDni, 'validation.dni'),
  phone: () => required().refine(validatePhone, 'validation.phone'),
  email: () => required().pipe(z.email('validation.email')),
  code: () => digits(6, 'validation.code'),
  pin: (market: Market) => digits(market.pinLength, 'validation.pin'),
  loginIdentifier: (market: Market) =>
    market.document.kind === 'rut' ? fields.rut() : required().refine((v) => validatePhone(v) || validateDni(v), 'validation.loginIdentifier'),
  document: (market: Market) => (market.document.kind === 'rut' ? fields.rut() : fields.dni()),
};

/** A secret nobody should pick: all digits equal, or a straight run up or down. */
export function isWeakSecret(secret: string): boolean {
  if (/^(\d)\1+$/.test(secret)) return true;
  const steps = [...secret].slice(1).map((c, i) => Number(c) - Number(secret[i]));
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

const newSecret = (market: Market) =>
  z
    .object({ password: fields.pin(market), confirmPassword: required() })
    .refine((v) => !isWeakSecret(v.password), { path: ['password'], message: 'validation.passwordWeak' })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'validation.passwordMismatch',
    });

export const ruleSets = {
  login: (market: Market) => z.object({ username: fields.loginIdentifier(market), password: fields.pin(market) }),
  passwordValidatePhone: (market: Market) => z.object({ document: fields.document(market), phoneNumber: fields.phone() }),
  passwordResend: () => z.object({ tokenId: required() }),
  passwordValidateToken: () => z.object({ tokenId: required(), code: fields.code() }),
  passwordChangeWithToken: (market: Market) => z.intersection(z.object({ tokenId: required() }), newSecret(market)),
  passwordChangeLoggedIn: (market: Market) => z.intersection(z.object({ currentPassword: fields.pin(market) }), newSecret(market)),
  uniquePasswordRequest: () => z.object({ document: fields.dni(), phoneNumber: fields.phone() }),
  uniquePasswordCreate: (market: Market) => z.intersection(z.object({ tokenId: required(), code: fields.code() }), newSecret(market)),
} as const;

export type RuleSetName = keyof typeof ruleSets;

/** Field types for cleaning as typed, per rule set field (SPEC §5 "Input cleaning by field type"). */
export const fieldTypes: Record<string, FieldType> = {
  document: 'documentNumber',
  phoneNumber: 'numeric',
  code: 'numeric',
  password: 'numeric',
  confirmPassword: 'numeric',
  currentPassword: 'numeric',
};

export type FieldErrors = Record<string, string[]>;

/** Runs a rule set and returns messages per field (first message first), or null when all pass. */
export function validate(
  schema: z.ZodType,
  values: Record<string, unknown>,
  skip: ReadonlyArray<string> = [],
): { ok: true; data: unknown } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (skip.includes(field)) continue;
    const message = issue.code === 'invalid_type' ? 'validation.required' : issue.message;
    (errors[field] ??= []).push(message);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data: values };
}
