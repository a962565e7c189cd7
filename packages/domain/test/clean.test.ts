import { describe, expect, it } from 'vitest';
import { cleanInput, findUncleanText, isCleanText, type FieldType } from '../src/clean.ts';
import { getMarket } from '../src/market.ts';

const cl = getMarket('cl');
const pe = getMarket('pe');

const sites = ['cl', 'pe'] as const;

describe.each(sites)('cleanInput on site %s', (site) => {
  const clean = (type: FieldType, value: string) => cleanInput(type, value, getMarket(site));

  it('numeric keeps digits only', () => {
    expect(clean('numeric', ' 9a12-34.5 ')).toBe('912345');
    expect(clean('numeric', '')).toBe('');
  });

  it('letter keeps letters with accents and spaces', () => {
    expect(clean('letter', 'Ñuñoa 123!')).toBe('Ñuñoa ');
    expect(clean('letter', 'José Müller-Ávila')).toBe('José MüllerÁvila');
    expect(clean('letter', 'ÁÉÍÓÚÜÑ áéíóúüñ')).toBe('ÁÉÍÓÚÜÑ áéíóúüñ');
  });

  it('simcode keeps letters and digits', () => {
    expect(clean('simcode', '8956-0100 ab_CD')).toBe('89560100abCD');
  });

  it('documentNumber keeps letters and digits', () => {
    expect(clean('documentNumber', 'A-123.456 b')).toBe('A123456b');
  });

  it('email keeps letters, digits and @ . _ -', () => {
    expect(clean('email', ' Ana.Pérez_1-x@mail.cl; ')).toBe('Ana.Prez_1-x@mail.cl');
    expect(clean('email', 'a+b@c.pe')).toBe('ab@c.pe');
  });

  it.each(['street', 'department'] as const)('%s keeps address characters and strips leading spaces', (type) => {
    expect(clean(type, '   Av. Grecia #1234, Depto. 5-B N° 3/4')).toBe('Av. Grecia #1234, Depto. 5-B N° 3/4');
    expect(clean(type, 'Pasaje Ñandú Nº 12')).toBe('Pasaje Ñandú Nº 12');
    expect(clean(type, ' Calle! *Los* @Olivos; 12?')).toBe('Calle Los Olivos 12');
  });

  it('fullname strips digits and symbols and leading spaces, keeping apostrophes and hyphens', () => {
    expect(clean('fullname', "  María-José O'Higgins 2!")).toBe("María-José O'Higgins ");
    expect(clean('fullname', 'O’Brien')).toBe("O'Brien");
    expect(clean('fullname', 'Zoë François')).toBe('Zoë François');
  });
});

describe('cleanInput rut', () => {
  it('formats in Chile, keeping k as the check character', () => {
    expect(cleanInput('rut', '123456785', cl)).toBe('12.345.678-5');
    expect(cleanInput('rut', '9068826k', cl)).toBe('9.068.826-K');
    expect(cleanInput('rut', '12', cl)).toBe('1-2');
    expect(cleanInput('rut', 'x1', cl)).toBe('1');
  });

  it('keeps digits only and does not format in Peru', () => {
    expect(cleanInput('rut', '12.345.678-k', pe)).toBe('12345678');
  });
});

describe('cleanInput currency', () => {
  it('formats Chilean pesos', () => {
    expect(cleanInput('currency', '12990', cl)).toBe('$12.990');
    expect(cleanInput('currency', '$12.9905', cl)).toBe('$129.905');
  });

  it('formats Peruvian soles without .00', () => {
    expect(cleanInput('currency', '1299', pe)).toBe('S/ 1,299');
    expect(cleanInput('currency', 'S/ 1,2995', pe)).toBe('S/ 12,995');
  });

  it('gives empty for no digits and drops leading zeros', () => {
    expect(cleanInput('currency', 'abc', cl)).toBe('');
    expect(cleanInput('currency', '', pe)).toBe('');
    expect(cleanInput('currency', '0050', cl)).toBe('$50');
    expect(cleanInput('currency', '0', pe)).toBe('S/ 0');
  });

  it('caps the number of digits', () => {
    expect(cleanInput('currency', '9'.repeat(20), pe)).toBe('S/ 9,999,999,999,999');
  });
});

describe('isCleanText and findUncleanText', () => {
  it('accepts any valid text, accents, emoji and control characters other than NUL', () => {
    for (const text of ['', 'Ñuñoa 123', 'O’Higgins 😀', 'tab\there', '%C3%28']) expect(isCleanText(text)).toBe(true);
  });

  it('refuses NUL, the replacement character left by a failed UTF-8 decode, and lone surrogates', () => {
    for (const text of ['a\u0000', '\u0000', 'a\uFFFD(', '\uD800', 'x\uDC00', '\uDC00\uD800']) expect(isCleanText(text)).toBe(false);
    expect(isCleanText('\uD83D\uDE00')).toBe(true);
  });

  it('names the path of the first unclean value or key at any depth', () => {
    expect(findUncleanText({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toEqual(['b', '1', 'c']);
    expect(findUncleanText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findUncleanText('\uD800')).toEqual([]);
    expect(findUncleanText({ a: ['fine', 2, null, true] })).toBeNull();
  });

  it('walks nesting deeper than the call stack allows', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUncleanText(deep)).toHaveLength(200_000);
  });
});
