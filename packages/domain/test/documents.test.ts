import { describe, expect, it } from 'vitest';
import { formatPhone, validateDni, validatePhone, validateRuc } from '../src/documents.ts';

describe('validateDni', () => {
  it('accepts exactly 8 digits', () => {
    expect(validateDni('12345678')).toBe(true);
    expect(validateDni('00000001')).toBe(true);
  });

  it.each(['1234567', '123456789', '1234567a', '', ' 12345678', '1234 5678'])('rejects %j', (dni) => expect(validateDni(dni)).toBe(false));
});

describe('validateRuc', () => {
  it('accepts a RUC with the right check digit', () => {
    expect(validateRuc('20512333797')).toBe(true);
  });

  it('accepts each allowed prefix when the check digit matches', () => {
    expect(validateRuc('10123456781')).toBe(true);
    expect(validateRuc('15123456782')).toBe(true);
    expect(validateRuc('17123456785')).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(validateRuc('20512333790')).toBe(false);
    expect(validateRuc('10123456788')).toBe(false);
  });

  it('rejects other prefixes and lengths', () => {
    expect(validateRuc('30512333797')).toBe(false);
    expect(validateRuc('2051233379')).toBe(false);
    expect(validateRuc('205123337970')).toBe(false);
    expect(validateRuc('2051233379a')).toBe(false);
  });
});

describe('validatePhone', () => {
  it('accepts 9 digits starting with 9', () => {
    expect(validatePhone('912345678')).toBe(true);
  });

  it.each(['812345678', '91234567', '9123456789', '9 1234 5678', '', '91234567a'])('rejects %j', (phone) => expect(validatePhone(phone)).toBe(false));
});

describe('formatPhone', () => {
  it('formats Chile as 9 XXXX XXXX', () => {
    expect(formatPhone('912345678', 'cl')).toBe('9 1234 5678');
  });

  it('formats Peru as 9XX XXX XXX', () => {
    expect(formatPhone('912345678', 'pe')).toBe('912 345 678');
  });

  it('ignores separators already present', () => {
    expect(formatPhone('9 1234 5678', 'pe')).toBe('912 345 678');
    expect(formatPhone('912-345-678', 'cl')).toBe('9 1234 5678');
  });

  it('drops the country code of an international number', () => {
    expect(formatPhone('+56 9 1234 5678', 'cl')).toBe('9 1234 5678');
    expect(formatPhone('51912345678', 'pe')).toBe('912 345 678');
  });

  it('groups partial input as far as it goes', () => {
    expect(formatPhone('', 'cl')).toBe('');
    expect(formatPhone('9123', 'cl')).toBe('9 123');
    expect(formatPhone('91234', 'pe')).toBe('912 34');
  });
});
