import { describe, expect, it } from 'vitest';
import { cleanRut, formatRut, normalizeRut, rutCheckDigit, validateRut } from '../src/rut.ts';

describe('cleanRut', () => {
  it('keeps digits and k, upper-casing K', () => {
    expect(cleanRut('12.345.678-5')).toBe('123456785');
    expect(cleanRut('9.068.826-k')).toBe('9068826K');
    expect(cleanRut(' ab 1-2 ')).toBe('12');
  });

  it('drops a K that is not the last character', () => {
    expect(cleanRut('K123')).toBe('123');
    expect(cleanRut('12k34K')).toBe('1234K');
    expect(cleanRut('9068826K1')).toBe('90688261');
  });

  it('cuts to 9 characters', () => {
    expect(cleanRut('1234567890')).toBe('123456789');
    expect(cleanRut('123456789K')).toBe('123456789');
  });
});

describe('formatRut', () => {
  it('formats full RUTs with dots and dash', () => {
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('9068826K')).toBe('9.068.826-K');
    expect(formatRut('9068826k')).toBe('9.068.826-K');
    expect(formatRut('12.345.678-5')).toBe('12.345.678-5');
  });

  it('formats partial input as typed', () => {
    expect(formatRut('')).toBe('');
    expect(formatRut('1')).toBe('1');
    expect(formatRut('12')).toBe('1-2');
    expect(formatRut('1234')).toBe('123-4');
    expect(formatRut('12345')).toBe('1.234-5');
  });

  it('never exceeds 12 characters', () => {
    expect(formatRut('12345678901234')).toBe('12.345.678-9');
    expect(formatRut('99.999.999-9 extra 123')).toHaveLength(12);
  });
});

describe('rutCheckDigit', () => {
  it('computes digits, 0 and K', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('76086428')).toBe('5');
    expect(rutCheckDigit('18585543')).toBe('0');
    expect(rutCheckDigit('9068826')).toBe('K');
    expect(rutCheckDigit('20961605')).toBe('K');
  });

  it('ignores dots in the body', () => {
    expect(rutCheckDigit('15.432.198')).toBe('5');
  });
});

describe('validateRut', () => {
  it.each(['76.086.428-5', '9.068.826-K', '18.585.543-0', '12.345.678-5', '15.432.198-5', '20.961.605-K'])('accepts %s', (rut) =>
    expect(validateRut(rut)).toBe(true),
  );

  it('accepts clean, undotted and lower-case k forms', () => {
    expect(validateRut('123456785')).toBe(true);
    expect(validateRut('12345678-5')).toBe(true);
    expect(validateRut('9.068.826-k')).toBe(true);
    expect(validateRut('9068826k')).toBe(true);
    expect(validateRut(' 18585543-0 ')).toBe(true);
  });

  it.each(['18.972.631-0', '9.999.999-9', '', '12345', '12.345.678-4', '9.068.826-0', '18.585.543-K'])('rejects %s', (rut) =>
    expect(validateRut(rut)).toBe(false),
  );

  it('rejects bodies outside 7–8 digits, a leading zero and malformed dots', () => {
    expect(validateRut('123456-0')).toBe(false); // 6-digit body
    expect(validateRut('1.234.567.890-1')).toBe(false);
    expect(validateRut(`01234567-${rutCheckDigit('1234567')}`)).toBe(false);
    expect(validateRut('12345.678-5')).toBe(false);
    expect(validateRut('12.345.678--5')).toBe(false);
  });
});

describe('normalizeRut', () => {
  it('gives BODY-DV without dots and with upper-case K', () => {
    expect(normalizeRut('12.345.678-5')).toBe('12345678-5');
    expect(normalizeRut('9068826k')).toBe('9068826-K');
    expect(normalizeRut('18.585.543-0')).toBe('18585543-0');
  });

  it('gives an empty string for invalid input', () => {
    expect(normalizeRut('18.972.631-0')).toBe('');
    expect(normalizeRut('')).toBe('');
  });
});
