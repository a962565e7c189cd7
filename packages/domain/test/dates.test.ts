import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDateInZone, formatDateTimeInZone, formatPeriod, formatTimeInZone, parseDate, validateTime, yearList } from '../src/dates.ts';

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

describe('parseDate', () => {
  it('reads DDMMYYYY as UTC midnight', () => {
    expect(parseDate('15032024')).toEqual(utc(2024, 3, 15));
    expect(parseDate('01012000')?.toISOString()).toBe('2000-01-01T00:00:00.000Z');
  });

  it('knows leap years', () => {
    expect(parseDate('29022024')).toEqual(utc(2024, 2, 29));
    expect(parseDate('29022000')).toEqual(utc(2000, 2, 29));
    expect(parseDate('29022023')).toBeNull();
    expect(parseDate('29021900')).toBeNull();
  });

  it('rejects days that do not exist', () => {
    expect(parseDate('31022024')).toBeNull();
    expect(parseDate('31042024')).toBeNull();
    expect(parseDate('00012024')).toBeNull();
    expect(parseDate('01132024')).toBeNull();
    expect(parseDate('01002024')).toBeNull();
  });

  it('reads DD Month YYYY with Spanish month names', () => {
    expect(parseDate('5 marzo 2024')).toEqual(utc(2024, 3, 5));
    expect(parseDate('31 Diciembre 1999')).toEqual(utc(1999, 12, 31));
    expect(parseDate('01 ENERO 2025')).toEqual(utc(2025, 1, 1));
    expect(parseDate('29 febrero 2024')).toEqual(utc(2024, 2, 29));
  });

  it('accepts setiembre and septiembre, accent-insensitively, and the "de" form', () => {
    expect(parseDate('18 setiembre 2024')).toEqual(utc(2024, 9, 18));
    expect(parseDate('18 Septiembre 2024')).toEqual(utc(2024, 9, 18));
    expect(parseDate('18 septiémbre 2024')).toEqual(utc(2024, 9, 18));
    expect(parseDate('05 de marzo de 2024')).toEqual(utc(2024, 3, 5));
  });

  it('rejects unknown months, impossible days and other shapes', () => {
    expect(parseDate('5 march 2024')).toBeNull();
    expect(parseDate('30 febrero 2024')).toBeNull();
    expect(parseDate('29 febrero 2023')).toBeNull();
    expect(parseDate('')).toBeNull();
    expect(parseDate('1503202')).toBeNull();
    expect(parseDate('15/03/2024')).toBeNull();
    expect(parseDate('150320245')).toBeNull();
  });

  it('keeps two-digit years as written rather than mapping them to the 1900s', () => {
    expect(parseDate('01010050')?.getUTCFullYear()).toBe(50);
  });
});

describe('validateTime', () => {
  it.each(['000000', '235959', '12:30:45', '00:00:00', '23:59:59'])('accepts %s', (t) => expect(validateTime(t)).toBe(true));

  it.each(['240000', '236000', '235960', '24:00:00', '12:60:00', '12:00:60', '1234', '12:3045', '12-30-45', '', '12:30:4a'])('rejects %j', (t) =>
    expect(validateTime(t)).toBe(false),
  );
});

describe('formatDateInZone', () => {
  const instant = new Date('2024-03-05T02:00:00Z');

  it('shows the calendar day of the zone', () => {
    expect(formatDateInZone(instant, 'UTC')).toBe('05/03/2024');
    expect(formatDateInZone(instant, 'America/Santiago')).toBe('04/03/2024');
    expect(formatDateInZone(instant, 'America/Lima', 'short')).toBe('04/03/2024');
  });

  it('writes the long form with Spanish month names', () => {
    expect(formatDateInZone(instant, 'UTC', 'long')).toBe('05 de marzo de 2024');
    expect(formatDateInZone(new Date('2024-09-18T15:00:00Z'), 'America/Lima', 'long')).toBe('18 de septiembre de 2024');
    expect(formatDateInZone(new Date('2025-01-01T02:00:00Z'), 'America/Santiago', 'long')).toBe('31 de diciembre de 2024');
  });

  it('writes a chart axis day as the day number and the short Spanish month, in the zone', () => {
    expect(formatDateInZone(instant, 'UTC', 'axis')).toBe('5 mar');
    expect(formatDateInZone(instant, 'America/Santiago', 'axis')).toBe('4 mar');
    expect(formatDateInZone(new Date('2024-09-18T15:00:00Z'), 'America/Lima', 'axis')).toBe('18 sep');
    expect(formatDateInZone(new Date('2025-01-01T02:00:00Z'), 'America/Santiago', 'axis')).toBe('31 dic');
  });

  it('round-trips the long form through parseDate', () => {
    const d = utc(2024, 2, 29);
    expect(parseDate(formatDateInZone(d, 'UTC', 'long'))).toEqual(d);
  });

  it('throws on an invalid date', () => {
    expect(() => formatDateInZone(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});

describe('yearList', () => {
  const now = new Date('2025-06-15T12:00:00Z');

  it('forward is the current year plus the next 20', () => {
    const years = yearList('forward', now);
    expect(years).toHaveLength(21);
    expect(years[0]).toBe(2025);
    expect(years[20]).toBe(2045);
  });

  it('back is the current year back 100 years, newest first', () => {
    const years = yearList('back', now);
    expect(years).toHaveLength(101);
    expect(years[0]).toBe(2025);
    expect(years[100]).toBe(1925);
  });

  it('uses the UTC year', () => {
    expect(yearList('forward', new Date('2025-01-01T01:00:00Z'))[0]).toBe(2025);
  });
});

describe('formatPeriod', () => {
  it('names a billing month in Spanish and leaves anything else as it is', () => {
    expect(formatPeriod('2026-11')).toBe('noviembre de 2026');
    expect(formatPeriod('2027-01')).toBe('enero de 2027');
    expect(formatPeriod('2026-13')).toBe('2026-13');
    expect(formatPeriod('nov')).toBe('nov');
  });
});

describe('formatCalendarDay', () => {
  it('shows a stored day as that day, where reading it as an instant would show the day before in the markets', () => {
    expect(formatDateInZone(new Date('2027-10-31'), 'America/Santiago')).toBe('30/10/2027');
    expect(formatCalendarDay('2027-10-31')).toBe('31/10/2027');
    expect(formatCalendarDay('2027-01-01', 'long')).toBe('01 de enero de 2027');
    expect(formatCalendarDay('2026-11-03', 'axis')).toBe('3 nov');
  });
});

describe('formatDateTimeInZone', () => {
  it('shows the day and the 24-hour time of the market zone', () => {
    expect(formatDateTimeInZone(new Date('2026-11-25T02:30:00Z'), 'America/Santiago')).toBe('24/11/2026 23:30');
    expect(formatDateTimeInZone(new Date('2026-11-25T02:30:00Z'), 'America/Lima')).toBe('24/11/2026 21:30');
  });
});

describe('formatTimeInZone', () => {
  it('reads a schedule on the 24-hour clock of the market, with no "a. m." and no leading zero', () => {
    // 9:00 in Santiago (summer, UTC-3) and midnight in Lima (UTC-5)
    expect(formatTimeInZone(new Date('2026-12-02T12:00:00Z'), 'America/Santiago')).toBe('9:00');
    expect(formatTimeInZone(new Date('2026-12-03T05:00:00Z'), 'America/Lima')).toBe('0:00');
    expect(formatTimeInZone(new Date('2026-12-03T19:35:00Z'), 'America/Lima')).toBe('14:35');
  });
});
