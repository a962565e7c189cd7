import { describe, expect, it } from 'vitest';
import { getMarket } from '@andes/domain/market';
import { buildLineHistory, type LineSpec } from '../src/seed/history.ts';

const NOW = new Date('2026-03-20T15:00:00Z');
const TODAY = new Date('2026-03-20T00:00:00Z');

const spec = (activatedAt: Date, planPrice: number): LineSpec => ({
  phoneNumber: '955500011',
  kind: 'postpaid',
  planId: 'PO_PLAN_LIBRE_30',
  planPrice,
  dataMb: 30_000,
  simSerial: 1,
  balance: 0,
  cycleDay: 1,
  activatedAt,
  latestBill: 'paid',
  months: 6,
  bags: [],
});

describe('seeded bill history', () => {
  it.each([
    // activated late on 10 Dec in the market's zone (already the 11th in UTC): 22 of December's 31 days
    ['cl', new Date('2025-12-11T02:30:00Z'), 21990, 15605],
    ['pe', new Date('2025-12-11T03:30:00Z'), 5990, 4250],
  ] as const)(
    "%s: a line's first bill prorates its plan from its activation day, like the billing cycle; later bills are whole",
    (site, activatedAt, price, prorated) => {
      const { bills } = buildLineHistory(getMarket(site), spec(activatedAt, price), new Map(), NOW, TODAY);
      // newest first: March, February, January (the first, for 10-31 December)
      expect(bills.map((b) => [b.issuedAt, b.proratedFrom])).toEqual([
        ['2026-03-01', null],
        ['2026-02-01', null],
        ['2026-01-01', '2025-12-10'],
      ]);
      // a bill is its plan charge plus seeded extras, in steps of $99 (Chile) or S/ 0.29 (Peru)
      const step = site === 'cl' ? 99 : 29;
      const extras = (i: number, plan: number) => bills[i]!.amount - plan;
      expect(extras(2, prorated) % step).toBe(0);
      expect(extras(2, prorated)).toBeGreaterThanOrEqual(0);
      for (const i of [0, 1]) {
        expect(extras(i, price) % step).toBe(0);
        expect(extras(i, price)).toBeGreaterThanOrEqual(0);
      }
    },
  );
});
