import { z } from 'zod';
import {
  APPOINTMENT_TOKEN_PATTERN,
  CALLBACK_FAILURES,
  CALLBACK_OUTCOMES,
  appointmentRules,
  callbackRules,
  moveRules,
  slotsQueryRules,
} from '@andes/domain/callback';

/** Requests and answers of click-to-call and lead appointments (docs/api-callback.md); answers travel in the envelope. */

export const callbackBody = callbackRules;
export const appointmentBody = appointmentRules;
export const moveBody = moveRules();
export const slotsQuery = slotsQueryRules();
export const tokenParams = z.object({ token: z.string().regex(APPOINTMENT_TOKEN_PATTERN, 'callback.error.notFound') });

const instant = z.string();

/** `GET /restpp/clicktocall/v1/info`: the reCAPTCHA widget, and whether an agent can call now (else when the centre opens). */
export const callbackInfoAnswer = z.object({
  recaptcha: z.object({ provider: z.enum(['sandbox', 'google']), siteKey: z.string() }),
  open: z.boolean(),
  opensAt: instant.nullable(),
  hours: z.string(),
});

/** `POST /restpp/clicktocall/v1/call`: the contact centre's answer (SPEC click-to-call outcomes). */
export const callbackAnswer = z.object({
  callback: z.object({
    outcome: z.enum(CALLBACK_OUTCOMES),
    reference: z.string().nullable(),
    /** pending: when the call comes (the centre's opening). */
    callAt: instant.nullable(),
    /** failure: why. */
    reason: z.enum(CALLBACK_FAILURES).nullable(),
    /** failure: what to do instead (book an appointment). */
    alternative: z.literal('appointment').nullable(),
    /** The Spanish sentence the page shows. */
    message: z.string(),
  }),
});

/** `GET /restpp/clicktocall/v1/appointment/slots`: the free slots of a day, in the market's zone. */
export const slotsAnswer = z.object({
  day: z.string(),
  days: z.array(z.string()),
  timeZone: z.string(),
  slots: z.array(z.object({ start: instant, time: z.string() })),
});

const appointment = z.object({
  slot: instant,
  date: z.string(),
  time: z.string(),
  status: z.enum(['booked', 'cancelled']),
  reference: z.string(),
  phoneNumber: z.string(),
  name: z.string().nullable(),
});

/** An appointment booked, shown, moved or cancelled. */
export const appointmentAnswer = z.object({ appointment });
