import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, formatTenths, parseMoney, roundForEvent } from '../src/money.ts';
import { dataInUnit, dataUnitFor } from '../src/account-consumption.ts';

describe('formatMoney CLP', () => {
  it('groups with dots and has no decimals', () => {
    expect(formatMoney(21990, 'CLP')).toBe('$21.990');
    expect(formatMoney(0, 'CLP')).toBe('$0');
    expect(formatMoney(999, 'CLP')).toBe('$999');
    expect(formatMoney(1000, 'CLP')).toBe('$1.000');
    expect(formatMoney(1234567, 'CLP')).toBe('$1.234.567');
  });

  it('puts the minus before the sign', () => {
    expect(formatMoney(-1000, 'CLP')).toBe('-$1.000');
  });

  it('rounds fractions and never shows -0', () => {
    expect(formatMoney(1999.6, 'CLP')).toBe('$2.000');
    expect(formatMoney(-0.2, 'CLP')).toBe('$0');
  });

  it('throws on amounts that are not numbers', () => {
    expect(() => formatMoney(Number.NaN, 'CLP')).toThrow(RangeError);
    expect(() => formatMoney(Infinity, 'PEN')).toThrow(RangeError);
  });
});

describe('formatMoney PEN', () => {
  it('groups with commas and drops a whole .00', () => {
    expect(formatMoney(129900, 'PEN')).toBe('S/ 1,299');
    expect(formatMoney(0, 'PEN')).toBe('S/ 0');
    expect(formatMoney(100000000, 'PEN')).toBe('S/ 1,000,000');
  });

  it('keeps two decimals when there are céntimos', () => {
    expect(formatMoney(129990, 'PEN')).toBe('S/ 1,299.90');
    expect(formatMoney(129950, 'PEN')).toBe('S/ 1,299.50');
    expect(formatMoney(5, 'PEN')).toBe('S/ 0.05');
    expect(formatMoney(4990, 'PEN')).toBe('S/ 49.90');
  });

  it('puts the minus before the sign', () => {
    expect(formatMoney(-129950, 'PEN')).toBe('-S/ 1,299.50');
  });
});

describe('parseMoney', () => {
  it('reads back what formatMoney produces', () => {
    for (const minor of [0, 999, 21990, 1234567, -1000]) {
      expect(parseMoney(formatMoney(minor, 'CLP'), 'CLP')).toBe(minor);
    }
    for (const minor of [0, 5, 4990, 129900, 129950, 129990, 100000000, -129950]) {
      expect(parseMoney(formatMoney(minor, 'PEN'), 'PEN')).toBe(minor);
    }
  });

  it('reads plain digits as major units', () => {
    expect(parseMoney('21990', 'CLP')).toBe(21990);
    expect(parseMoney('1299', 'PEN')).toBe(129900);
    expect(parseMoney('1299.5', 'PEN')).toBe(129950);
    expect(parseMoney('1299.90', 'PEN')).toBe(129990);
    expect(parseMoney(' 1299 ', 'PEN')).toBe(129900);
  });

  it.each([
    ['', 'CLP'],
    ['abc', 'CLP'],
    ['$21,990', 'CLP'],
    ['$1.2.3', 'CLP'],
    ['21.99', 'CLP'],
    ['S/ 1.299', 'PEN'],
    ['S/ 12,99', 'PEN'],
    ['1299.999', 'PEN'],
    ['$1,299', 'PEN'],
    ['99999999999999999999', 'CLP'],
  ] as const)('rejects %j as %s', (text, currency) => {
    expect(parseMoney(text, currency)).toBeNull();
  });

  it('never returns -0', () => {
    expect(Object.is(parseMoney('-0', 'CLP'), 0)).toBe(true);
  });
});

describe('roundForEvent', () => {
  it('returns CLP pesos unchanged', () => {
    expect(roundForEvent(21990, 'CLP')).toBe(21990);
  });

  it('returns whole soles for PEN', () => {
    expect(roundForEvent(129900, 'PEN')).toBe(1299);
    expect(roundForEvent(129949, 'PEN')).toBe(1299);
    expect(roundForEvent(129950, 'PEN')).toBe(1300);
    expect(roundForEvent(129990, 'PEN')).toBe(1300);
  });

  it('rounds halves away from zero and never returns -0', () => {
    expect(roundForEvent(-129950, 'PEN')).toBe(-1300);
    expect(Object.is(roundForEvent(-40, 'PEN'), 0)).toBe(true);
  });
});

describe('formatCount', () => {
  it("groups whole counts like the market's money, four digits too", () => {
    expect(formatCount(1500, 'CLP')).toBe('1.500');
    expect(formatCount(12500, 'CLP')).toBe('12.500');
    expect(formatCount(1500, 'PEN')).toBe('1,500');
    expect(formatCount(1234567, 'PEN')).toBe('1,234,567');
    expect(formatCount(999, 'CLP')).toBe('999');
    expect(formatCount(0, 'PEN')).toBe('0');
    expect(formatCount(-2000, 'CLP')).toBe('-2.000');
  });
});

describe('data volumes', () => {
  it('reads tenths with the market decimal mark and drops a whole value decimal', () => {
    expect(formatTenths(12.5, 'CLP')).toBe('12,5');
    expect(formatTenths(12.5, 'PEN')).toBe('12.5');
    expect(formatTenths(1234.04, 'CLP')).toBe('1.234');
    expect(formatTenths(40, 'PEN')).toBe('40');
    expect(formatTenths(-0.5, 'CLP')).toBe('-0,5');
  });

  it('counts a GB plan usage in GB and a small bag in MB', () => {
    expect(dataUnitFor([300, 40 * 1024])).toBe('GB');
    expect(dataUnitFor([300, 500, null])).toBe('MB');
    expect(dataInUnit(12_800, 'GB')).toBe(12.5);
  });
});
