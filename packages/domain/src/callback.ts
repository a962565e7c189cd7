/**
 * Click-to-call ("Te llamamos") and lead appointments (SPEC §1, §4; docs/decisions/026): the contact
 * centre's opening hours per market, the appointment slots in the market's time zone, and the rules of
 * the forms the browser and the server share.
 */
import { z } from 'zod';
import { getMarket, type Market, type SiteId } from './market.ts';
import { fields } from './validation.ts';

/** Where "Te llamamos" was pressed: a plan card, a product page, the cart, a checkout error. */
export const CALLBACK_SOURCES = ['plan', 'product', 'cart', 'checkout', 'appointment'] as const;
export type CallbackSource = (typeof CALLBACK_SOURCES)[number];

/** SPEC "Click-to-call outcomes": the three values the page reports to analytics. */
export const CALLBACK_OUTCOMES = ['success', 'pending', 'failure'] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

/** Why a call could not be placed: every agent busy, or the contact centre not reachable. */
export const CALLBACK_FAILURES = ['busy', 'unavailable'] as const;
export type CallbackFailure = (typeof CALLBACK_FAILURES)[number];

/** Minutes of one appointment slot. */
export const SLOT_MINUTES = 30;
/** Days ahead (today included) an appointment may be booked. */
export const APPOINTMENT_DAYS = 7;

/** An opening span of a weekday, in minutes after local midnight: [open, close). */
type Span = readonly [number, number];
const h = (hour: number, minute = 0) => hour * 60 + minute;

/**
 * The contact centre's opening hours in the market's zone, by weekday (0 Sunday … 6 Saturday); null:
 * closed. Public holidays are not modelled: the contact centre answers on them (docs/decisions/026).
 */
export const CONTACT_HOURS: Record<SiteId, readonly (Span | null)[]> = {
  cl: [null, [h(9), h(21)], [h(9), h(21)], [h(9), h(21)], [h(9), h(21)], [h(9), h(21)], [h(10), h(14)]],
  pe: [null, [h(8), h(20)], [h(8), h(20)], [h(8), h(20)], [h(8), h(20)], [h(8), h(20)], [h(9), h(13)]],
};

interface LocalParts {
  /** YYYY-MM-DD in the zone. */
  day: string;
  weekday: number;
  /** Minutes after the zone's midnight. */
  minutes: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The calendar day, weekday and minute of the day of an instant in an IANA zone. */
export function localParts(at: Date, timeZone: string): LocalParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    weekday: WEEKDAYS.indexOf(part('weekday')),
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** The instant of a local day and minute in a zone (daylight saving included). */
export function zonedInstant(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  let guess = wall;
  // two rounds settle the zone's offset at the instant itself, also across a daylight-saving change
  for (let i = 0; i < 2; i++) {
    const seen = localParts(new Date(guess), timeZone);
    const [sy, sm, sd] = seen.day.split('-').map(Number) as [number, number, number];
    guess += wall - Date.UTC(sy, sm - 1, sd, 0, seen.minutes);
  }
  return new Date(guess);
}

/** The day after a calendar day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** Whether the contact centre takes calls at this instant. */
export function isOpen(site: SiteId, at: Date): boolean {
  const local = localParts(at, getMarket(site).timeZone);
  const span = CONTACT_HOURS[site][local.weekday];
  return !!span && local.minutes >= span[0] && local.minutes < span[1];
}

/** The next instant the contact centre opens after `at` (it is closed at `at`). */
export function nextOpening(site: SiteId, at: Date): Date {
  const zone = getMarket(site).timeZone;
  const local = localParts(at, zone);
  let day = local.day;
  for (let i = 0; i < 8; i++) {
    const span = CONTACT_HOURS[site][weekdayOf(day)];
    if (span && (i > 0 || local.minutes < span[0])) return zonedInstant(day, span[0], zone);
    day = nextDay(day);
  }
  throw new Error(`the contact centre of ${site} never opens`);
}

/** Every slot start of a local day within opening hours (the contact centre's calendar before bookings). */
export function daySlots(site: SiteId, day: string): Date[] {
  const span = CONTACT_HOURS[site][weekdayOf(day)];
  if (!span) return [];
  const zone = getMarket(site).timeZone;
  const slots: Date[] = [];
  for (let m = span[0]; m + SLOT_MINUTES <= span[1]; m += SLOT_MINUTES) slots.push(zonedInstant(day, m, zone));
  return slots;
}

/** The days an appointment may be booked on, from today in the market's zone. */
export function appointmentDays(site: SiteId, now: Date): string[] {
  const days = [localParts(now, getMarket(site).timeZone).day];
  while (days.length < APPOINTMENT_DAYS) days.push(nextDay(days[days.length - 1]!));
  return days;
}

/** Whether an instant is a slot start of the market's calendar (on a slot boundary, within opening hours). */
export function isSlotStart(site: SiteId, at: Date): boolean {
  const local = localParts(at, getMarket(site).timeZone);
  return daySlots(site, local.day).some((s) => s.getTime() === at.getTime());
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The optional name: letters, spaces and the usual marks; empty means not given. */
const optionalName = z
  .string()
  .trim()
  .max(80, 'callback.validation.name')
  .refine((v) => v === '' || /^[\p{L}][\p{L}\s'.-]*$/u.test(v), 'callback.validation.name')
  .optional();

/** The optional document: the market's (RUT or DNI) when given. */
const optionalDocument = (market: Market) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || fields.document(market).safeParse(v).success, market.document.kind === 'rut' ? 'callback.validation.rut' : 'callback.validation.dni');

const contact = (market: Market) => ({
  phoneNumber: z
    .string({ error: 'callback.validation.phone' })
    .trim()
    .refine((v) => fields.phone().safeParse(v).success, 'callback.validation.phone'),
  name: optionalName,
  document: optionalDocument(market),
  recaptchaToken: z.string({ error: 'callback.validation.recaptcha' }).min(1, 'callback.validation.recaptcha').max(4000, 'callback.validation.recaptcha'),
});

/** "Te llamamos": who to call back, and where the customer asked from. */
export const callbackRules = (market: Market) =>
  z.object({
    ...contact(market),
    source: z.enum(CALLBACK_SOURCES, { error: 'callback.validation.source' }),
    /** What the customer was looking at (a plan or product id, an error key), for the agent. */
    context: z.string().trim().max(80, 'callback.validation.context').optional(),
  });
export type CallbackRequest = z.infer<ReturnType<typeof callbackRules>>;

const slotField = z.iso.datetime({ offset: true, error: 'callback.validation.slot' });

/** A lead appointment: the slot (an instant the slots call offered) and who to call. */
export const appointmentRules = (market: Market) =>
  z.object({
    ...contact(market),
    slot: slotField,
    source: z.enum(CALLBACK_SOURCES, { error: 'callback.validation.source' }).default('appointment'),
    context: z.string().trim().max(80, 'callback.validation.context').optional(),
  });
export type AppointmentRequest = z.infer<ReturnType<typeof appointmentRules>>;

/** Moving an appointment: the new slot. */
export const moveRules = () => z.object({ slot: slotField });

/** The slots of one day. */
export const slotsQueryRules = () => z.object({ day: z.string().regex(DAY_PATTERN, 'callback.validation.day').optional() });

/** The appointment's link token: 43 base64url characters (32 random bytes). */
export const APPOINTMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
