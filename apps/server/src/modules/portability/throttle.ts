import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { AppError } from '../../http/errors.ts';
import { readThrottle, recordFailure } from '../auth/repo.ts';

/**
 * Counts one use of `key` inside the window and refuses (429 with the minutes to wait) once `max`
 * uses were made: for calls that cost money (an SMS) or reveal something about a person.
 */
export async function takeAllowance(app: FastifyInstance, key: string, max: number, windowMs: number): Promise<void> {
  const now = new Date();
  const row = await readThrottle(app.db, key);
  if (row?.lockedUntil && row.lockedUntil > now) {
    throw new AppError(ErrorKeys.tooManyRequests, 429, { params: { minutes: Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 60_000) } });
  }
  await recordFailure(app.db, key, now, windowMs, max, windowMs);
}
