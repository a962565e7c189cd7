import { AppError } from './errors.ts';

/**
 * An expected refusal a service answers instead of throwing: the message key, status and envelope
 * options of the {@link AppError} the route answers with (the envelope stays the error handler's).
 */
export interface Refusal {
  key: string;
  status: number;
  options?: AppError['options'];
}

export type Result<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const done = <T>(value: T): Result<T> => ({ ok: true, value });

export const refuse = (key: string, status: number, options?: AppError['options']): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: { key, status, options },
});

/** The value, or the refusal raised as the AppError the error handler turns into the envelope. */
export function orRefuse<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new AppError(result.refusal.key, result.refusal.status, result.refusal.options);
}
