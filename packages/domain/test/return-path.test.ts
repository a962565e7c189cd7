import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../src/return-path.ts';

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
    ['https://evil.example', 'an absolute address'],
    ['javascript:alert(1)', 'a script address'],
    ['evil.example', 'a relative name'],
    [' /x', 'a leading space'],
    ['/a/../..//evil.example', 'a path whose dot segments resolve to //host'],
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
    '/%2F%2Fevil.example',
    '/%09/evil.example/',
  ])('keeps our own path %j as it is', (value) => {
    expect(safeReturnPath(value)).toBe(value);
  });
});
