import { describe, expect, it } from 'vitest';
import { rutCheckDigit } from '@andes/domain/rut';
import type { SiteId } from '@andes/domain/market';
import { drivers, Visitor, bothSites, type TestSite } from './helpers.ts';

/**
 * Every per-address limit keys the client as the general rate limit does (`addressKey`: an IPv6
 * address by its /64), so a client rotating through its own /64 gets no fresh counters; and each
 * holds under a burst of 40 parallel calls, each from another address of the /64.
 */
const BURST = 40;

const person = (market: SiteId, n: number) => {
  const body = String(32_000_001 + n * 10);
  return market === 'cl' ? `${body}-${rutCheckDigit(body)}` : body;
};

const count = (answers: Array<{ statusCode: number }>, code: number) => answers.filter((r) => r.statusCode === code).length;

async function outbox(site: TestSite, phone: string): Promise<number> {
  return (await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phone}&limit=200` })).json().messages.length;
}

describe.each(drivers)('per-address limits key an IPv6 client by its /64, under a burst (%s database)', (driver) => {
  const sites = bothSites(driver);

  describe.each(['cl', 'pe'] as const)('%s', (market: SiteId) => {
    const site = () => sites[market];
    /** 40 visitors, each from another address of one /64 (the `n`th of this file). */
    const oneSlash64 = (n: number) =>
      Promise.all(
        Array.from({ length: BURST }, (_, i) => new Visitor(site().app, `2001:db8:${market === 'cl' ? 10 : 11}:${n}:${(i + 1).toString(16)}::${i + 7}`).open()),
      );

    it('sign-in: 40 wrong secrets for 40 identifiers at once from one /64 get the 30 checks of the address', async () => {
      const answers = await Promise.all(
        (await oneSlash64(1)).map((v, i) =>
          v.call('POST', '/oam/server/authentication', { username: person(market, i), password: market === 'cl' ? '0000' : '000000' }),
        ),
      );
      expect(count(answers, 401)).toBe(30);
      expect(count(answers, 429)).toBe(BURST - 30);
      expect(answers.find((r) => r.statusCode === 429)!.json().response.systemMessage[0].exceptionKey).toBe('pp.error.too.many.requests');
    });

    it("recovery codes: one pair asked from 40 addresses of one /64 at once texts the requester's 3", async () => {
      const line = market === 'cl' ? { document: '13.579.246-2', phone: '934512764' } : { document: '43218765', phone: '934512763' };
      const answers = await Promise.all(
        (await oneSlash64(2)).map((v) => v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document: line.document, phoneNumber: line.phone })),
      );
      expect(count(answers, 200)).toBe(3);
      expect(count(answers, 429)).toBe(BURST - 3);
      expect(await outbox(site(), line.phone)).toBe(3);
    });

    it('line ownership: 40 numbers asked from one /64 at once text 20', async () => {
      const answers = await Promise.all(
        (await oneSlash64(3)).map((v, i) =>
          v.call('POST', '/restpp/subscriber/line/ownership', { document: person(market, i), phoneNumber: `9${String(60_000_000 + i)}` }),
        ),
      );
      expect(count(answers, 200)).toBe(20);
      expect(count(answers, 429)).toBe(BURST - 20);
    });

    it('credit check: 40 documents asked from one /64 at once get the 10 answers of the hour', async () => {
      const answers = await Promise.all(
        (await oneSlash64(4)).map((v, i) => v.call('POST', '/restpp/subscriber/active/customer', { document: person(market, 100 + i), purpose: 'financing' })),
      );
      expect(count(answers, 200)).toBe(10);
      expect(count(answers, 429)).toBe(BURST - 10);
    });

    it('customer/active: 40 documents looked up from one /64 at once get the 20 of the address', async () => {
      const answers = await Promise.all(
        (await oneSlash64(5)).map((v, i) => v.call('POST', '/restpp/order/v3/customer/active', { document: person(market, 200 + i) })),
      );
      expect(count(answers, 200)).toBe(20);
      expect(count(answers, 429)).toBe(BURST - 20);
    });
  });
});
