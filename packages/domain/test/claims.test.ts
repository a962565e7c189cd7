import { describe, expect, it } from 'vitest';
import { addBusinessDays, bookDueDay, isBusinessDay, limaDay, telecomDueDays, validateClaimPhone, validateForeignerCard, claimCode } from '../src/claims.ts';
import { HOLIDAY_YEARS, PERU_HOLIDAYS } from '../src/peru-holidays.ts';

describe('Peru claims: business days and due dates', () => {
  it('covers 2025 to 2030, each year with its 16 national holidays', () => {
    expect(HOLIDAY_YEARS).toEqual([2025, 2026, 2027, 2028, 2029, 2030]);
    for (const year of HOLIDAY_YEARS) expect([...PERU_HOLIDAYS].filter((d) => d.startsWith(`${year}-`))).toHaveLength(16);
    expect(PERU_HOLIDAYS.has('2026-04-02')).toBe(true); // Holy Thursday 2026
    expect(PERU_HOLIDAYS.has('2027-03-26')).toBe(true); // Good Friday 2027
  });

  it('skips weekends and holidays, never counting the start day', () => {
    expect(isBusinessDay('2026-12-08')).toBe(false); // Inmaculada Concepción
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-27')).toBe(true);
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30');
    // 7 Dec (Mon) → 10 Dec (Thu): the 8th and 9th are holidays
    expect(addBusinessDays('2026-12-04', 2)).toBe('2026-12-10');
  });

  it('the book answers in 15 business days from the Lima day of filing, late evening included', () => {
    // 23:30 in Lima on 24 Nov is already 25 Nov in UTC: the Lima day counts
    const filed = new Date('2026-11-25T04:30:00Z');
    expect(limaDay(filed)).toBe('2026-11-24');
    expect(bookDueDay(filed)).toBe('2026-12-17');
  });

  it('OSIPTEL subjects resolve in 3, 15 or 20 business days, notified within 5 more', () => {
    const filed = new Date('2026-07-20T15:00:00Z'); // Monday; 23, 28 and 29 July are holidays
    expect(telecomDueDays('suspension', filed)).toEqual({ resolveBy: '2026-07-24', notifyBy: '2026-08-04' });
    expect(telecomDueDays('quality', filed).resolveBy).toBe('2026-08-14'); // 6 August is a holiday too
    expect(telecomDueDays('billing', filed).resolveBy).toBe('2026-08-21');
  });

  it('refuses to count into a year without a holiday calendar', () => {
    expect(() => addBusinessDays('2030-12-30', 5)).toThrow(RangeError);
  });

  it('reads documents, phones and codes as the sheet wants them', () => {
    expect(validateForeignerCard('001234567')).toBe(true);
    expect(validateForeignerCard('12345678')).toBe(false);
    expect(validateForeignerCard('ABCDEFGHIJ')).toBe(false);
    expect(validateClaimPhone('987654321')).toBe(true);
    expect(validateClaimPhone('014567890')).toBe(true);
    expect(validateClaimPhone('4567890')).toBe(false);
    expect(claimCode('book', 2026, 42)).toBe('LR-2026-000042');
  });
});
