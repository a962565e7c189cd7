import { z } from 'zod';
import { SUSPENSION_REASONS } from '@andes/domain/suspension';

/** Request and response shapes of the suspension routes (docs/api-account.md); messages are message-store keys. */
/** A day the calendar has: `2026-11-31` or `2027-02-29` fit the pattern but are no day (the database refuses them). */
const inCalendar = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
};
const isoDay = (key: string) =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, key)
    .refine(inCalendar, key);

export const suspensionBody = z
  .object({
    reason: z.enum(SUSPENSION_REASONS, { error: 'suspension.error.reason' }),
    startsOn: isoDay('suspension.error.start'),
    endsOn: isoDay('suspension.error.end'),
  })
  .refine((b) => b.endsOn >= b.startsOn, { path: ['endsOn'], message: 'suspension.error.end' });

const suspension = z.object({
  id: z.number().int(),
  reason: z.enum(SUSPENSION_REASONS),
  startsOn: z.string(),
  endsOn: z.string(),
  lastDay: z.string(),
  days: z.number().int(),
  state: z.enum(['scheduled', 'active', 'ended']),
  credit: z.number().int().nullable(),
});

export const suspensionOverviewResponse = z.object({
  phoneNumber: z.string(),
  status: z.string(),
  today: z.string(),
  rule: z.object({ minDays: z.number().int(), maxDays: z.number().int(), yearlyDays: z.number().int(), billed: z.boolean(), maxLeadDays: z.number().int() }),
  daysLeft: z.number().int(),
  current: suspension.nullable(),
  history: z.array(suspension),
});
