import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  blockTypeFor,
  coolDownUntil,
  CUSTOMER_BLOCK_REASONS,
  forcedBlockType,
  lineRefusal,
  nationalNumber,
  needsPoliceReport,
  sameReport,
  swappedWithin,
} from '../src/device.ts';
import { iccidOf, isValidIccid, luhnCheckDigit, maskedIccid } from '../src/iccid.ts';

describe('ICCID (SPEC §9: 20 digits, Luhn check digit)', () => {
  it('builds valid ICCIDs for both markets, and any one changed digit fails the check', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('56', '51'),
        fc.stringMatching(/^\d{13}$/),
        fc.integer({ min: 0, max: 19 }),
        fc.integer({ min: 1, max: 9 }),
        (prefix, serial, at, delta) => {
          const iccid = iccidOf({ phonePrefix: prefix }, serial);
          expect(iccid).toHaveLength(20);
          expect(isValidIccid(iccid)).toBe(true);
          const changed = iccid.slice(0, at) + String((Number(iccid[at]) + delta) % 10) + iccid.slice(at + 1);
          // the prefix 89 is part of the rule too: a changed first digits fails either way
          expect(isValidIccid(changed)).toBe(false);
        },
      ),
    );
  });

  it('knows the textbook Luhn digit and refuses what is not 20 digits starting 89', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(isValidIccid('8956070000000000001')).toBe(false);
    expect(isValidIccid('895607000000000000188')).toBe(false);
    expect(isValidIccid('1956070000000000001' + luhnCheckDigit('1956070000000000001'))).toBe(false);
    expect(maskedIccid('89560700000000000018')).toBe('•••• 0018');
  });
});

describe('blocks (SPEC §4, DOMAIN.md "Devices")', () => {
  it('a theft blocks line and phone in both markets; a loss too in Peru; otherwise what was picked', () => {
    expect(CUSTOMER_BLOCK_REASONS).not.toContain('SADBI');
    expect(blockTypeFor('cl', 'SROBO', 'sim')).toBe('all');
    expect(blockTypeFor('pe', 'SHURT', 'phone')).toBe('all');
    expect(forcedBlockType('cl', 'SEXTR')).toBeNull();
    expect(blockTypeFor('cl', 'SEXTR', 'phone')).toBe('phone');
    expect(blockTypeFor('pe', 'SEXTR', 'sim')).toBe('all');
    expect(blockTypeFor('pe', 'SPEBI', 'sim')).toBe('sim');
    expect([needsPoliceReport('cl', 'SROBO'), needsPoliceReport('cl', 'SEXTR'), needsPoliceReport('pe', 'SROBO')]).toEqual([true, false, false]);
  });

  it('compares report numbers ignoring case and separators, never an empty one', () => {
    expect(sameReport('pt 2026-4411', 'PT-2026-4411')).toBe(true);
    expect(sameReport('PT-2026-4412', 'PT-2026-4411')).toBe(false);
    expect(sameReport(' - ', '')).toBe(false);
  });

  it('refuses money actions on a cut or blocked line', () => {
    expect([lineRefusal('active'), lineRefusal('cut'), lineRefusal('blocked')]).toEqual([null, 'account.error.line.cut', 'device.error.line.blocked']);
  });
});

describe('SIM swap', () => {
  const at = new Date('2026-11-24T10:00:00Z');
  it('swapped within maxAge hours of the latest change, never without one', () => {
    expect(swappedWithin(at, 1, new Date('2026-11-24T11:00:00Z'))).toBe(true);
    expect(swappedWithin(at, 1, new Date('2026-11-24T11:00:01Z'))).toBe(false);
    expect(swappedWithin(null, 2400, at)).toBe(false);
    expect(coolDownUntil(at, 24).toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });

  it('reads an E.164 number as the market national number only for its own country code', () => {
    expect(nationalNumber('+56912345678', '56')).toBe('912345678');
    expect(nationalNumber('+51912345678', '56')).toBeNull();
    expect(nationalNumber('56912345678', '56')).toBeNull();
  });
});
