import { describe, expect, it } from 'vitest';
import { getMarket } from '../src/market.ts';
import { nextPortWindow, portWindowAfter, portWindowEnd, promisedDay } from '../src/delivery-promise.ts';

const cl = getMarket('cl');
const pe = getMarket('pe');

describe('promisedDay', () => {
  it('counts working days in the market zone, Sundays skipped', () => {
    // Thursday 3 December 2026, 23:30 in Santiago (already Friday in UTC)
    const thursdayNight = new Date('2026-12-04T02:30:00Z');
    expect(promisedDay(cl, 'delivery', thursdayNight)).toBe('2026-12-07'); // Fri, Sat, (Sun), Mon
    expect(promisedDay(cl, 'storePickup', thursdayNight)).toBe('2026-12-04');
    // Saturday 5 December 2026 in Lima
    const saturday = new Date('2026-12-05T15:00:00Z');
    expect(promisedDay(pe, 'delivery', saturday)).toBe('2026-12-09'); // (Sun), Mon, Tue, Wed
    expect(promisedDay(pe, 'storePickup', saturday)).toBe('2026-12-08');
  });
});

describe('port windows', () => {
  it('moves the number the day after the SIM is in the customer hands, at the market window', () => {
    // Chile: 9:00 in Santiago (UTC-3 in December)
    expect(portWindowAfter(cl, '2026-12-07').toISOString()).toBe('2026-12-08T12:00:00.000Z');
    // Peru: the night window 00:00–03:00 in Lima (UTC-5)
    const start = portWindowAfter(pe, '2026-12-09');
    expect(start.toISOString()).toBe('2026-12-10T05:00:00.000Z');
    expect(portWindowEnd(pe, start)?.toISOString()).toBe('2026-12-10T08:00:00.000Z');
    expect(portWindowEnd(cl, start)).toBeNull();
  });

  it('uses the next window when the customer already holds the SIM', () => {
    const now = new Date('2026-12-03T20:00:00Z');
    expect(nextPortWindow(cl, now).toISOString()).toBe('2026-12-04T12:00:00.000Z');
    expect(nextPortWindow(pe, now).toISOString()).toBe('2026-12-04T05:00:00.000Z');
  });

  it('never schedules a port before the promised delivery of its SIM', () => {
    for (const market of [cl, pe]) {
      for (const type of ['delivery', 'storePickup'] as const) {
        const accepted = new Date('2026-11-28T13:00:00Z');
        const day = promisedDay(market, type, accepted);
        const port = portWindowAfter(market, day);
        // the port is later than the last instant of the promised day in the market's zone
        expect(new Intl.DateTimeFormat('en-CA', { timeZone: market.timeZone }).format(port) > day).toBe(true);
        expect(port.getTime()).toBeGreaterThan(nextPortWindow(market, accepted).getTime());
      }
    }
  });
});
