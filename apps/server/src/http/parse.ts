import type { z } from 'zod';
import { validate } from '@andes/domain/validation';
import { invalidInput } from './errors.ts';

/** Validates input with a shared rule set; bad input becomes a 400 validation envelope. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const values = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const result = validate(schema, values);
  if (!result.ok) throw invalidInput(result.errors);
  return result.data as z.infer<S>;
}
