import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteId } from '@andes/domain/market';
import { drivers, Visitor, type TestSite, bothSites, startTestSite } from './helpers.ts';

/**
 * What an unauthenticated caller can learn from the code flows (password recovery, Peru's unique
 * password, the line ownership check) and what it can take from the owner (decision 014).
 */

async function outbox(site: TestSite, phone: string): Promise<string[]> {
  const res = await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phone}&limit=200` });
  return (res.json().messages as Array<{ body: string }>).map((m) => m.body);
}

const lastCode = async (site: TestSite, phone: string) => /\b(\d{6})\b/.exec((await outbox(site, phone))[0]!)![1]!;

/** The answer without the token id (random per ask): what a caller could compare. */
const shape = (res: { statusCode: number; json(): Record<string, unknown> }) => {
  const { tokenId, ...rest } = res.json();
  return { status: res.statusCode, tokenId: typeof tokenId, ...rest };
};

/** Per market: a customer's line and document, another customer's document, a number nobody holds. */
const people = {
  cl: { document: '15.432.198-5', phone: '987654321', other: '12.345.678-5', nobody: '912000301' },
  pe: { document: '70123456', phone: '912345678', other: '45678912', nobody: '912000301' },
} as const;

describe.each(drivers)('what strangers learn and take (%s database)', (driver) => {
  const sites = bothSites(driver);

  describe.each(['cl', 'pe'] as const)('%s', (market: SiteId) => {
    const site = () => sites[market];
    const p = people[market];
    const address = (n: number) => `198.51.${market === 'cl' ? 110 : 111}.${n}`;
    const recovery = (v: Visitor, document: string, phoneNumber: string) =>
      v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document, phoneNumber });
    const resend = (v: Visitor, tokenId: string, option = 'recovery') => v.call('POST', `/restpp/password/${option}/validatePhoneNumberTwo`, { tokenId });

    it("a line ownership token is no recovery token: its resend answers like any unknown token, for a customer's line and a number nobody holds", async () => {
      const v = await new Visitor(site().app, address(1)).open();
      const held = (await v.call('POST', '/restpp/subscriber/line/ownership', { document: p.other, phoneNumber: p.phone })).json();
      const free = (await v.call('POST', '/restpp/subscriber/line/ownership', { document: p.other, phoneNumber: p.nobody })).json();
      const sent = (await outbox(site(), p.phone)).length;
      const [onHeld, onFree] = [await resend(v, held.tokenId), await resend(v, free.tokenId)];
      expect(onHeld.statusCode).toBe(400);
      expect(shape(onHeld)).toEqual(shape(onFree));
      // nothing more was texted to the line
      expect(await outbox(site(), p.phone)).toHaveLength(sent);
    });

    it('a token is usable only by the session that asked for it', async () => {
      const owner = await new Visitor(site().app, address(2)).open();
      const { tokenId } = (await recovery(owner, p.document, p.phone)).json();
      const code = await lastCode(site(), p.phone);
      const stranger = await new Visitor(site().app, address(3)).open();
      expect((await resend(stranger, tokenId)).statusCode).toBe(400);
      expect((await stranger.call('POST', '/restpp/password/recovery/validateToken', { tokenId, code })).statusCode).toBe(400);
      // the stranger's tries used up nothing of the owner's
      expect((await owner.call('POST', '/restpp/password/recovery/validateToken', { tokenId, code })).statusCode).toBe(200);
      expect(
        (await stranger.call('POST', '/restpp/password/recovery/changePassword', { tokenId, password: '802461', confirmPassword: '802461' })).statusCode,
      ).toBe(400);
    });

    it('an ownership code answers only in the session that asked for it', async () => {
      const asker = await new Visitor(site().app, address(4)).open();
      const { tokenId } = (await asker.call('POST', '/restpp/subscriber/line/ownership', { document: p.document, phoneNumber: p.phone })).json();
      const code = await lastCode(site(), p.phone);
      const other = await new Visitor(site().app, address(5)).open();
      expect((await other.call('POST', '/restpp/subscriber/line/ownership/code', { tokenId, code, document: p.document })).statusCode).toBe(400);
      const answer = await asker.call('POST', '/restpp/subscriber/line/ownership/code', { tokenId, code, document: p.document });
      expect(answer.json()).toMatchObject({ holder: true });
    });

    it("recovery answers alike whether or not the phone is the document holder's, and texts only the holder", async () => {
      // two callers, so each stays inside its own 3 codes per number
      const [guesser, holder] = [await new Visitor(site().app, address(6)).open(), await new Visitor(site().app, address(9)).open()];
      const before = (await outbox(site(), p.phone)).length;
      const wrong = await recovery(guesser, p.other, p.phone);
      const nobody = await recovery(guesser, p.other, p.nobody);
      const right = await recovery(holder, p.document, p.phone);
      expect(shape(wrong)).toEqual(shape(right));
      expect(shape(nobody)).toMatchObject({ status: 200, tokenId: 'string', phoneLast: p.nobody.slice(-3) });
      // one code, for the matching pair
      expect(await outbox(site(), p.phone)).toHaveLength(before + 1);
      // the stand-in's resend answers as the real one's and texts nothing; its code check simply fails
      expect(shape(await resend(guesser, wrong.json().tokenId))).toEqual(shape(await resend(holder, right.json().tokenId)));
      expect(await outbox(site(), p.phone)).toHaveLength(before + 2);
      const code = await lastCode(site(), p.phone);
      expect((await guesser.call('POST', '/restpp/password/recovery/validateToken', { tokenId: wrong.json().tokenId, code })).statusCode).toBe(400);
      expect((await holder.call('POST', '/restpp/password/recovery/validateToken', { tokenId: right.json().tokenId, code })).statusCode).toBe(200);
    });

    it("a stranger's ownership and recovery asks for a line leave its owner's recovery codes alone", async () => {
      const line = market === 'cl' ? { document: '19.357.246-4', phone: '934512767' } : { document: '42681359', phone: '934512766' };
      const stranger = await new Visitor(site().app, address(7)).open();
      for (let i = 0; i < 3; i++)
        expect((await stranger.call('POST', '/restpp/subscriber/line/ownership', { document: p.other, phoneNumber: line.phone })).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await recovery(stranger, line.document, line.phone)).statusCode).toBe(200);
      expect((await recovery(stranger, line.document, line.phone)).statusCode).toBe(429);
      const sent = (await outbox(site(), line.phone)).length;
      const owner = await new Visitor(site().app, address(8)).open();
      const own = await recovery(owner, line.document, line.phone);
      expect(own.statusCode).toBe(200);
      expect(await outbox(site(), line.phone)).toHaveLength(sent + 1);
      expect((await resend(owner, own.json().tokenId)).statusCode).toBe(200);
    });
  });

  it("pe: the unique password answers alike whether or not the pair matches or a password exists, and texts only the holder's line", async () => {
    const site = sites.pe;
    const v = await new Visitor(site.app, '198.51.111.20').open();
    const unique = (document: string, phoneNumber: string) => v.call('POST', '/restpp/peru/unique/password', { document, phoneNumber });
    const before = (await outbox(site, '987654321')).length;
    const mismatch = await unique('70123456', '987654321');
    const exists = await unique('45678912', '987654321');
    expect(shape(mismatch)).toEqual(shape(exists));
    expect(exists.statusCode).toBe(200);
    // only the holder's own ask was texted, to the holder's line; its code sets the password as a recovery would
    expect(await outbox(site, '987654321')).toHaveLength(before + 1);
    const code = await lastCode(site, '987654321');
    expect(
      (await v.call('POST', '/restpp/peru/password/change', { tokenId: mismatch.json().tokenId, code, password: '739182', confirmPassword: '739182' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await v.call('POST', '/restpp/peru/password/change', { tokenId: exists.json().tokenId, code, password: '739182', confirmPassword: '739182' }))
        .statusCode,
    ).toBe(200);
    expect((await (await new Visitor(site.app, '198.51.111.21').open()).login('45678912', '739182')).statusCode).toBe(200);
  });
});

describe.each(drivers)("the day's cap of unsolicited codes per line (%s database)", (driver) => {
  const CAP = 4;
  const BURST = 40;
  const sites = {} as Record<SiteId, TestSite>;
  beforeAll(async () => {
    [sites.cl, sites.pe] = await Promise.all((['cl', 'pe'] as const).map((m) => startTestSite(m, driver, { SMS_DAILY_CAP_PER_LINE: String(CAP) })));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([sites.cl?.close(), sites.pe?.close()]);
  });

  it.each(['cl', 'pe'] as const)(
    "%s: 40 strangers at once get the cap's codes texted, the rest are told to try later, and the owner still recovers",
    async (market) => {
      const site = sites[market];
      const p = people[market];
      const strangers = await Promise.all(
        Array.from({ length: BURST }, (_, i) => new Visitor(site.app, `203.0.${market === 'cl' ? 120 : 121}.${i + 1}`).open()),
      );
      const asks = await Promise.all(strangers.map((v) => v.call('POST', '/restpp/subscriber/line/ownership', { document: p.other, phoneNumber: p.phone })));
      const codes = asks.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(CAP);
      expect(codes.filter((c) => c === 429)).toHaveLength(BURST - CAP);
      expect(await outbox(site, p.phone)).toHaveLength(CAP);
      const refused = asks.find((r) => r.statusCode === 429)!.json().response.systemMessage[0];
      expect(refused).toMatchObject({
        exceptionKey: 'pp.error.sms.daily.cap',
        messages: [expect.stringMatching(/^Por seguridad, hoy ya no enviaremos más códigos a ese número\. Inténtalo nuevamente más tarde, en 24 horas\.$/)],
      });
      // a number nobody holds is capped alike (texted nothing)
      const free = await Promise.all(strangers.map((v) => v.call('POST', '/restpp/subscriber/line/ownership', { document: p.other, phoneNumber: p.nobody })));
      expect(free.filter((r) => r.statusCode === 200)).toHaveLength(CAP);
      // the owner's recovery is another purpose: its allowance is untouched
      const owner = await new Visitor(site.app, '192.0.2.200').open();
      expect((await owner.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document: p.document, phoneNumber: p.phone })).statusCode).toBe(200);
      expect(await outbox(site, p.phone)).toHaveLength(CAP + 1);
    },
  );
});
