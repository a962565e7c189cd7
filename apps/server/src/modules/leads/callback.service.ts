import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { formatDateInZone } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { normalizedDocument } from '@andes/domain/customer-document';
import {
  appointmentDays,
  isSlotStart,
  localParts,
  nextDay,
  zonedInstant,
  type AppointmentRequest,
  type CallbackFailure,
  type CallbackOutcome,
  type CallbackRequest,
} from '@andes/domain/callback';
import { AppError } from '../../http/errors.ts';
import { minutesLeft, perAddress, takeOrRefuse } from '../../http/throttle.ts';
import { RecaptchaUnavailable } from '../../adapters/recaptcha/port.ts';
import { ContactCentreUnavailable, type CallAnswer } from '../../adapters/contact-centre/port.ts';
import * as repo from './leads.repo.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The provider's score below which a token is treated as a bot's (as the checkout's check). */
const MIN_SCORE = 0.5;

export const CallbackErrorKeys = {
  limitAddress: 'callback.error.limit.address',
  limitNumber: 'callback.error.limit.number',
  recaptcha: 'callback.error.recaptcha',
  slotTaken: 'callback.error.slotTaken',
  slotInvalid: 'callback.error.slotInvalid',
  notFound: 'callback.error.notFound',
  cancelled: 'callback.error.cancelled',
  limitMoves: 'callback.error.limit.moves',
} as const;

/** Moves of one appointment a day: each texts its number again, so the link must not text it without end. */
const MOVES_PER_APPOINTMENT_DAY = 5;

/** Who asks: the client address (the per-address limit) and the signed-in customer, if any. */
export interface Requester {
  address: string;
  customerId: number | null;
}

/** Where the link texted with an appointment leads: the page that moves or cancels it. */
export const APPOINTMENT_PAGE = '/personas/agenda-llamada/cita';

/**
 * Counts the request first (decision 005) against the client address (an hour) and the number to be
 * called (a day, whoever asks): a bot can neither flood the contact centre from one address nor have
 * one stranger called again and again from many.
 */
async function admit(app: FastifyInstance, phoneNumber: string, address: string, now: Date): Promise<void> {
  const { perAddressHour, perNumberDay } = app.config.leads;
  const wait = (key: string, fallback: number) => (row: { lockedUntil: Date | null } | undefined, at: Date) =>
    new AppError(key, 429, { params: { minutes: row?.lockedUntil ? minutesLeft(row.lockedUntil, at) : fallback } });
  await takeOrRefuse(
    app.db,
    [
      {
        key: perAddress('callback-addr', address),
        limit: { windowMs: HOUR_MS, lockAfter: perAddressHour, lockMs: HOUR_MS },
        refusal: wait(CallbackErrorKeys.limitAddress, 60),
      },
      {
        key: `callback-num:${phoneNumber}`,
        limit: { windowMs: DAY_MS, lockAfter: perNumberDay, lockMs: DAY_MS },
        refusal: wait(CallbackErrorKeys.limitNumber, 1440),
      },
    ],
    now,
  );
}

/** The reCAPTCHA port (ARCHITECTURE §5): a bot's token is refused per field; an unreachable provider fails closed. */
async function requireHuman(app: FastifyInstance, token: string, address: string): Promise<void> {
  let verdict;
  try {
    verdict = await app.adapters.recaptcha.verify(token, address);
  } catch (error) {
    if (!(error instanceof RecaptchaUnavailable)) app.log.error({ err: error }, 'recaptcha verification failed');
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  if (!verdict.success || verdict.score < MIN_SCORE)
    throw new AppError(CallbackErrorKeys.recaptcha, 400, { fieldErrors: { recaptchaToken: [CallbackErrorKeys.recaptcha] } });
}

const zone = (app: FastifyInstance) => app.market.timeZone;
const clock = (app: FastifyInstance, at: Date) => {
  const m = localParts(at, zone(app)).minutes;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const whenText = (app: FastifyInstance, at: Date) => ({ date: formatDateInZone(at, zone(app), 'long'), time: clock(app, at) });

/** What the CRM receives of a lead (the lead-sync port): who, what for, and how the contact centre answered. */
function leadPayload(app: FastifyInstance, lead: repo.LeadRow, extra: Record<string, unknown> = {}) {
  return {
    site: app.market.site,
    leadId: lead.id,
    kind: lead.kind,
    phoneNumber: lead.phoneNumber,
    name: lead.name,
    document: lead.document,
    source: lead.source,
    context: lead.context,
    customerId: lead.customerId,
    outcome: lead.outcome,
    failureReason: lead.failureReason,
    callAt: lead.callAt?.toISOString() ?? null,
    createdAt: lead.createdAt.toISOString(),
    ...extra,
  };
}

const eventKey = (site: string, event: string) => `${site}-lead-${event}-${randomBytes(12).toString('hex')}`;

const cleanName = (name: string | undefined) => (name ? name.replace(/\s+/g, ' ') : null);

/** The contact centre's answer, an unreachable centre being a failure the customer reads, never a 5xx. */
async function askContactCentre(
  app: FastifyInstance,
  call: Parameters<FastifyInstance['adapters']['contactCentre']['requestCall']>[0],
  now: Date,
): Promise<CallAnswer> {
  try {
    return await app.adapters.contactCentre.requestCall(call, now);
  } catch (error) {
    if (!(error instanceof ContactCentreUnavailable)) app.log.error({ err: error }, 'contact centre call failed');
    return { outcome: 'failure', reason: 'unavailable' };
  }
}

/** The outcome as the page shows it: the Spanish sentence, and the appointment as the alternative to a failure. */
function outcomeView(app: FastifyInstance, phoneNumber: string, answer: CallAnswer) {
  const phone = formatPhone(phoneNumber, app.market.site);
  const base = {
    outcome: answer.outcome as CallbackOutcome,
    callAt: null as string | null,
    reason: null as CallbackFailure | null,
    alternative: null as 'appointment' | null,
  };
  if (answer.outcome === 'success') return { ...base, reference: answer.reference, message: app.t('callback.outcome.success', { phone }) };
  if (answer.outcome === 'pending')
    return {
      ...base,
      reference: answer.reference,
      callAt: answer.callAt.toISOString(),
      message: app.t('callback.outcome.pending', { phone, ...whenText(app, answer.callAt) }),
    };
  return {
    ...base,
    reference: null,
    reason: answer.reason,
    alternative: 'appointment' as const,
    message: app.t(`callback.outcome.failure.${answer.reason}`, { supportPhone: app.market.supportPhone }),
  };
}

/**
 * "Te llamamos" (SPEC §1, §4): counted against the address and the number first, then the reCAPTCHA,
 * then the contact centre is asked for a call now; the lead and its CRM event are written together
 * whatever the answer (a failed call is a lead too), and the CRM gets it from the lead-sync sweep.
 */
export async function requestCallback(app: FastifyInstance, input: CallbackRequest, requester: Requester, now = new Date()) {
  await admit(app, input.phoneNumber, requester.address, now);
  await requireHuman(app, input.recaptchaToken, requester.address);
  const name = cleanName(input.name);
  const answer = await askContactCentre(app, { phoneNumber: input.phoneNumber, name, context: input.context ?? null }, now);
  await repo.insertLead(
    app.db,
    {
      kind: 'call',
      phoneNumber: input.phoneNumber,
      name,
      document: input.document ? normalizedDocument(app.market, input.document) : null,
      source: input.source,
      context: input.context || null,
      customerId: requester.customerId,
      outcome: answer.outcome,
      failureReason: answer.outcome === 'failure' ? answer.reason : null,
      callAt: answer.outcome === 'pending' ? answer.callAt : answer.outcome === 'success' ? now : null,
      createdAt: now,
    },
    (lead) => ({ event: 'created', idempotencyKey: eventKey(app.market.site, 'created'), payload: leadPayload(app, lead) }),
  );
  return { callback: outcomeView(app, input.phoneNumber, answer) };
}

/** The free slots of one day (today when none is named) and the days that may be asked, in the market's zone. */
export async function freeSlots(app: FastifyInstance, day: string | undefined, now = new Date()) {
  const days = appointmentDays(app.market.site, now);
  const chosen = day ?? days[0]!;
  if (!days.includes(chosen)) throw new AppError(ErrorKeys.validation, 400, { fieldErrors: { day: ['callback.validation.day'] } });
  const from = zonedInstant(chosen, 0, zone(app));
  const to = zonedInstant(nextDay(chosen), 0, zone(app));
  let slots: Date[];
  try {
    slots = await app.adapters.contactCentre.freeSlots(from, to, now);
  } catch (error) {
    if (!(error instanceof ContactCentreUnavailable)) app.log.error({ err: error }, 'contact centre slots failed');
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  return {
    day: chosen,
    days,
    timeZone: zone(app),
    slots: slots.map((s) => ({ start: s.toISOString(), time: clock(app, s) })),
  };
}

/** A slot the customer may take: a slot start of the calendar, in the coming days, not past. */
function checkSlot(app: FastifyInstance, slot: string, now: Date): Date {
  const at = new Date(slot);
  const day = localParts(at, zone(app)).day;
  if (at <= now || !isSlotStart(app.market.site, at) || !appointmentDays(app.market.site, now).includes(day))
    throw new AppError(CallbackErrorKeys.slotInvalid, 400, { fieldErrors: { slot: [CallbackErrorKeys.slotInvalid] } });
  return at;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Books the slot at the contact centre; taken by anyone → 409 and the page asks for the slots again. */
async function bookAtCentre(app: FastifyInstance, slot: Date, phoneNumber: string, now: Date): Promise<string> {
  let reference: string | null;
  try {
    reference = await app.adapters.contactCentre.book(slot, phoneNumber, now);
  } catch (error) {
    if (!(error instanceof ContactCentreUnavailable)) app.log.error({ err: error }, 'contact centre booking failed');
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  if (!reference) throw new AppError(CallbackErrorKeys.slotTaken, 409, { fieldErrors: { slot: [CallbackErrorKeys.slotTaken] } });
  return reference;
}

function appointmentView(app: FastifyInstance, row: { slotAt: Date; status: string; reference: string }, lead: { phoneNumber: string; name: string | null }) {
  return {
    slot: row.slotAt.toISOString(),
    ...whenText(app, row.slotAt),
    status: row.status as 'booked' | 'cancelled',
    reference: row.reference,
    phoneNumber: lead.phoneNumber,
    name: lead.name,
  };
}

const manageLink = (app: FastifyInstance, token: string) => `${app.config.shopOrigin}${APPOINTMENT_PAGE}/${token}`;

/**
 * A lead appointment: counted and checked like a call, the slot booked at the contact centre (one
 * booking per slot there, and here the partial unique index), then the lead, the appointment and its
 * CRM event written together, and the confirmation texted with the unguessable link that moves or
 * cancels it. A slot the shop cannot record is given back to the centre.
 */
export async function bookAppointment(app: FastifyInstance, input: AppointmentRequest, requester: Requester, now = new Date()) {
  const slot = checkSlot(app, input.slot, now);
  await admit(app, input.phoneNumber, requester.address, now);
  await requireHuman(app, input.recaptchaToken, requester.address);
  const reference = await bookAtCentre(app, slot, input.phoneNumber, now);
  const token = randomBytes(32).toString('base64url');
  const name = cleanName(input.name);
  let written;
  try {
    written = await repo.insertAppointment(
      app.db,
      {
        kind: 'appointment',
        phoneNumber: input.phoneNumber,
        name,
        document: input.document ? normalizedDocument(app.market, input.document) : null,
        source: input.source,
        context: input.context || null,
        customerId: requester.customerId,
        outcome: null,
        failureReason: null,
        callAt: slot,
        createdAt: now,
      },
      { slotAt: slot, tokenHash: hashToken(token), reference },
      (lead) => ({
        event: 'created',
        idempotencyKey: eventKey(app.market.site, 'created'),
        payload: leadPayload(app, lead, { slot: slot.toISOString(), reference }),
      }),
    );
  } finally {
    if (!written) await app.adapters.contactCentre.release(slot, reference).catch(() => undefined);
  }
  if (!written) throw new AppError(CallbackErrorKeys.slotTaken, 409, { fieldErrors: { slot: [CallbackErrorKeys.slotTaken] } });
  await app.adapters.sms.send(input.phoneNumber, app.t('callback.sms.booked', { ...whenText(app, slot), link: manageLink(app, token) }));
  return { appointment: appointmentView(app, written.appointment, written.lead) };
}

async function appointmentOf(app: FastifyInstance, token: string) {
  const found = await repo.findAppointment(app.db, hashToken(token));
  if (!found) throw new AppError(CallbackErrorKeys.notFound, 404);
  return found;
}

/** The appointment its link names (anyone holding the link: it is the secret); 404 for any other token. */
export async function showAppointment(app: FastifyInstance, token: string) {
  const { appointment, lead } = await appointmentOf(app, token);
  return { appointment: appointmentView(app, appointment, lead) };
}

/** Moves the appointment to another free slot (a few times a day): booked there first, then the old slot given back; texted again. */
export async function moveAppointment(app: FastifyInstance, token: string, input: { slot: string }, now = new Date()) {
  const { appointment, lead } = await appointmentOf(app, token);
  if (appointment.status !== 'booked') throw new AppError(CallbackErrorKeys.cancelled, 409);
  const slot = checkSlot(app, input.slot, now);
  if (slot.getTime() === appointment.slotAt.getTime()) return { appointment: appointmentView(app, appointment, lead) };
  await takeOrRefuse(
    app.db,
    [
      {
        key: `callback-move:${appointment.id}`,
        limit: { windowMs: DAY_MS, lockAfter: MOVES_PER_APPOINTMENT_DAY, lockMs: DAY_MS },
        refusal: (row, at) =>
          new AppError(CallbackErrorKeys.limitMoves, 429, { params: { minutes: row?.lockedUntil ? minutesLeft(row.lockedUntil, at) : 1440 } }),
      },
    ],
    now,
  );
  const reference = await bookAtCentre(app, slot, lead.phoneNumber, now);
  let moved;
  try {
    moved = await repo.moveAppointment(
      app.db,
      appointment.id,
      { slotAt: appointment.slotAt, reference: appointment.reference },
      { slotAt: slot, reference },
      {
        event: 'moved',
        idempotencyKey: eventKey(app.market.site, 'moved'),
        payload: leadPayload(app, lead, { slot: slot.toISOString(), reference, previousSlot: appointment.slotAt.toISOString() }),
      },
      now,
    );
  } finally {
    if (!moved) await app.adapters.contactCentre.release(slot, reference).catch(() => undefined);
  }
  if (!moved) throw new AppError(CallbackErrorKeys.slotTaken, 409, { fieldErrors: { slot: [CallbackErrorKeys.slotTaken] } });
  await app.adapters.contactCentre
    .release(appointment.slotAt, appointment.reference)
    .catch((error: unknown) => app.log.error({ err: error }, 'contact centre release failed'));
  await app.adapters.sms.send(lead.phoneNumber, app.t('callback.sms.moved', { ...whenText(app, slot), link: manageLink(app, token) }));
  return { appointment: appointmentView(app, moved, lead) };
}

/** Cancels the appointment (once: a second cancel answers it cancelled) and gives its slot back. */
export async function cancelAppointment(app: FastifyInstance, token: string, now = new Date()) {
  const { appointment, lead } = await appointmentOf(app, token);
  if (appointment.status !== 'booked') return { appointment: appointmentView(app, appointment, lead) };
  const cancelled = await repo.cancelAppointment(
    app.db,
    appointment.id,
    {
      event: 'cancelled',
      idempotencyKey: eventKey(app.market.site, 'cancelled'),
      payload: leadPayload(app, lead, { slot: appointment.slotAt.toISOString(), reference: appointment.reference }),
    },
    now,
  );
  if (!cancelled) return showAppointment(app, token);
  await app.adapters.contactCentre
    .release(appointment.slotAt, appointment.reference)
    .catch((error: unknown) => app.log.error({ err: error }, 'contact centre release failed'));
  await app.adapters.sms.send(lead.phoneNumber, app.t('callback.sms.cancelled', whenText(app, appointment.slotAt)));
  return { appointment: appointmentView(app, cancelled, lead) };
}
