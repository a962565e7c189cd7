import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safeReturnPath } from '../src/return-path.ts';

const HOME = 'https://shop.invalid';

/** How a browser reads an address: `\` as `/`, tabs and line feeds dropped. */
const browserOrigin = (path: string) => new URL(path.replace(/\\/g, '/'), HOME).origin;

/** Every reading down to the fully decoded one (a proxy or a later page may decode again). */
function fullyDecoded(path: string): string[] {
  const readings = [path];
  for (let next = decodeURIComponent(path); next !== readings[readings.length - 1]; next = decodeURIComponent(next)) readings.push(next);
  return readings;
}

describe('safeReturnPath', () => {
  it.each([
    ['/\t/evil.example', 'a tab the browser drops'],
    ['/\t/evil.example/', 'a tab (from /%09/ once decoded)'],
    ['/\n/evil.example', 'a line feed'],
    ['/\r\n//evil.example', 'a carriage return'],
    ['/\u0000/evil.example', 'a NUL'],
    ['/\u007f/evil.example', 'a DEL'],
    ['//evil.example', 'a protocol-relative address'],
    ['///evil.example', 'three slashes'],
    ['/\\evil.example', 'a backslash (browsers read it as a slash)'],
    ['\\/evil.example', 'a leading backslash'],
    ['\\\\evil.example', 'two backslashes'],
    ['https://evil.example', 'an absolute address'],
    ['javascript:alert(1)', 'a script address'],
    ['evil.example', 'a relative name'],
    [' /x', 'a leading space'],
    ['/a/../..//evil.example', 'a path whose dot segments resolve to //host'],
    ['/%2F/evil.example', 'an encoded slash that decodes to //host'],
    ['/%2F%2Fevil.example', 'encoded slashes'],
    ['/%2f%2fevil', 'lower-case encoded slashes'],
    ['/%5Cevil.example', 'an encoded backslash'],
    ['/%5cevil.example', 'a lower-case encoded backslash'],
    ['/%09/evil.example', 'an encoded tab'],
    ['/%09/evil.example/', 'an encoded tab before a slash'],
    ['/%0a/evil.example', 'an encoded line feed'],
    ['/%0D%0ASet-Cookie:x=1', 'an encoded header break'],
    ['/%20/evil.example', 'an encoded space'],
    ['/%252F/evil.example', 'a double-encoded slash'],
    ['/%25252F/evil.example', 'a triple-encoded slash'],
    ['/%255C/evil.example', 'a double-encoded backslash'],
    ['/%E3%80%80/evil.example', 'an encoded ideographic space'],
    ['/%zz', 'an invalid escape'],
    ['/%C3%28', 'an escape that is not UTF-8'],
    ['/cuenta\u00f1', 'a character that cannot go in a Location header'],
    ['/a b', 'a space'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });

  it.each([
    '/',
    '/miandes/mi-cuenta',
    '/personas/mientel/consumo?dias=7',
    '/personas/catalogo/renovacion?flujo=renovacion&page=2#lista',
    '/personas/producto/Equipos/PO_X?campaignID=CMP_BLUE_RENOVACION',
    '/personas/producto/Equipos/Se%C3%B1al',
    '/lista-productos?brand=Apple&brand=Samsung',
  ])('keeps our own path %j as it is', (value) => {
    expect(safeReturnPath(value)).toBe(value);
  });

  // pieces an attacker composes: separators, their encodings at several depths, whitespace, hosts
  const piece = fc.constantFrom(
    '/',
    '\\',
    '%2F',
    '%2f',
    '%5C',
    '%5c',
    '%252F',
    '%255C',
    '%25',
    '%',
    '%09',
    '%0A',
    '%0d',
    '%20',
    '\t',
    ' ',
    '%E3%80%80',
    '.',
    '..',
    ':',
    '@',
    '?',
    '#',
    'https:',
    'evil.example',
    'a',
    '%3A',
    '%40',
    '%2E',
    '%3F',
    '%23',
    '\u00f1',
  );
  const attack = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));

  it('whatever it accepts stays on our origin as sent and at every decoding, read as a browser reads it', () => {
    fc.assert(
      fc.property(attack, (value) => {
        const kept = safeReturnPath(value);
        if (kept === null) return;
        expect(kept).toBe(value);
        for (const reading of fullyDecoded(value)) {
          expect(browserOrigin(reading)).toBe(HOME);
          expect(new URL(reading, HOME).pathname.startsWith('//')).toBe(false);
        }
      }),
      { numRuns: 5000 },
    );
  });

  // a `%`, a backslash or whitespace in a query value is refused once decoded, like in the path
  it('keeps every path made of plain segments and an encoded query', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.option(fc.string({ maxLength: 20 })), (segments, q) => {
        const value = `/${segments.join('/')}${q === null ? '' : `?q=${encodeURIComponent(q.replace(/[\s%\\]/g, ''))}`}`;
        expect(safeReturnPath(value)).toBe(value);
      }),
    );
  });
});
