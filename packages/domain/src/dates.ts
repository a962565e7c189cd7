/**
 * Dates and times typed into forms (SPEC §5) and shown on screens (SPEC §9 year lists). Parsed dates
 * are UTC midnight so the calendar day never shifts with the server's or browser's zone.
 */
import { constants } from './market.ts';

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** Peru's official spelling of September, accepted alongside the RAE's "septiembre". */
const MONTH_ALIASES: Record<string, number> = { setiembre: 9 };

function monthNumber(name: string): number | null {
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const index = MONTHS.indexOf(plain);
  if (index >= 0) return index + 1;
  return MONTH_ALIASES[plain] ?? null;
}

/** A UTC-midnight date, or null when the parts do not name a real calendar day (31 Feb, 29 Feb 2023). */
function utcDate(year: number, month: number, day: number): Date | null {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : null;
}

/**
 * Parses a typed date: 8 digits `DDMMYYYY` (`29022024`) or `DD Month YYYY` with a Spanish month name
 * (`5 marzo 2024`, `05 de Marzo de 2024`). Month names are case- and accent-insensitive, Peru's
 * "setiembre" is accepted, and the optional "de" lets the long form of {@link formatDateInZone} be read
 * back. Returns a UTC-midnight Date, or null unless the input names a real date.
 */
export function parseDate(input: string): Date | null {
  const text = input.trim();
  const compact = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (compact) return utcDate(Number(compact[3]), Number(compact[2]), Number(compact[1]));
  const long = /^(\d{1,2})\s+(?:de\s+)?(\p{L}+)\s+(?:de\s+)?(\d{4})$/iu.exec(text);
  if (!long) return null;
  const month = monthNumber(long[2]);
  return month === null ? null : utcDate(Number(long[3]), month, Number(long[1]));
}

/**
 * Whether a typed time is valid: 6 digits `HHMMSS` or `HH:MM:SS`, hour 0–23, minute and second 0–59.
 */
export function validateTime(input: string): boolean {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(input) ?? /^(\d{2}):(\d{2}):(\d{2})$/.exec(input);
  if (!match) return false;
  const [hour, minute, second] = match.slice(1).map(Number);
  return hour <= 23 && minute <= 59 && second <= 59;
}

/**
 * Shows the calendar day of an instant in an IANA time zone: short `DD/MM/YYYY`, long
 * `DD de <mes> de YYYY`, axis `D <mes abreviado>` (a chart's day label, `3 nov`). Only the numeric parts come from Intl (with the zone's offset rules); month
 * names come from our own list so Node and browsers render the same text. Throws a RangeError for an
 * invalid date or an unknown zone.
 */
export function formatDateInZone(d: Date, timeZone: string, style: 'short' | 'long' | 'axis' = 'short'): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    numberingSystem: 'latn',
  }).formatToParts(d);
  const part = (type: 'year' | 'month' | 'day'): number => Number(parts.find((p) => p.type === type)?.value);
  const day = String(part('day')).padStart(2, '0');
  const month = part('month');
  const year = String(part('year')).padStart(4, '0');
  if (style === 'long') return `${day} de ${MONTHS[month - 1]} de ${year}`;
  if (style === 'axis') return `${part('day')} ${MONTHS[month - 1]!.slice(0, 3)}`;
  return `${day}/${String(month).padStart(2, '0')}/${year}`;
}

/**
 * The time of day of an instant in an IANA time zone as customers read a schedule: `9:00`, `14:35`,
 * `0:00` (24-hour clock, no "a. m.", hour without a leading zero).
 */
export function formatTimeInZone(d: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' }).formatToParts(d);
  const part = (type: 'hour' | 'minute') => parts.find((p) => p.type === type)?.value ?? '';
  return `${Number(part('hour'))}:${part('minute')}`;
}

/** An instant as `DD/MM/YYYY HH:MM` in an IANA time zone (24-hour clock). */
export function formatDateTimeInZone(d: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' }).format(d);
  return `${formatDateInZone(d, timeZone)} ${time}`;
}

/** A billing period (`YYYY-MM`) as a customer reads it: `noviembre de 2026`; anything else as given. */
export function formatPeriod(period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} de ${m[1]}` : period;
}

/**
 * The years offered by a year picker (SPEC §9): `forward` is the current year plus the next 20,
 * ascending (card expiry); `back` is the current year back 100 years, descending (birth year), so the
 * likeliest choices come first. The current year is the UTC year of `now`, which server and browser
 * agree on.
 */
export function yearList(kind: 'forward' | 'back', now: Date): number[] {
  const year = now.getUTCFullYear();
  if (kind === 'forward') {
    return Array.from({ length: constants.yearListForwardYears + 1 }, (_, i) => year + i);
  }
  return Array.from({ length: constants.yearListBackYears + 1 }, (_, i) => year - i);
}

/**
 * Shows a calendar day stored without a time (`YYYY-MM-DD`: a bill's due day, the points' expiry) as
 * {@link formatDateInZone} shows an instant, the same day in every zone: a date is not an instant, and
 * reading `2027-10-31` as UTC midnight would show the evening before in Chile or Peru (30/10).
 */
export function formatCalendarDay(isoDay: string, style: 'short' | 'long' | 'axis' = 'short'): string {
  return formatDateInZone(new Date(`${isoDay}T12:00:00Z`), 'UTC', style);
}
