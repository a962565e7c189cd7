import { describe, expect, it } from 'vitest';
import { rutCheckDigit } from '@andes/domain/rut';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

/** A valid RUT nobody holds, one per n. */
const strangerRut = (n: number) => `${30_000_000 + n}-${rutCheckDigit(String(30_000_000 + n))}`;

/** Per market: a holder's document and line, another customer's line, and a number nobody holds. */
const pairs = {
  cl: { document: '15.432.198-5', line: '987654321', othersLine: '912345678', free: '955555555', wrongDocument: '76.086.428-5' },
  pe: { document: '70123456', line: '912345678', othersLine: '987654321', free: '955555555', wrongDocument: '11111111' },
} as const;

describe.each(drivers)('line ownership check and offers (%s database)', (driver) => {
  const sites = bothSites(driver);

  const check = (v: Visitor, document: string, phoneNumber: string) => v.call('POST', '/restpp/subscriber/line/ownership', { document, phoneNumber });
  const confirm = (v: Visitor, tokenId: string, code: string, document: string) =>
    v.call('POST', '/restpp/subscriber/line/ownership/code', { tokenId, code, document });
  const outbox = async (site: TestSite, phone: string) =>
    (await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phone}` })).json().messages as Array<{ body: string }>;
  const lastCode = async (site: TestSite, phone: string) => /\b(\d{6})\b/.exec((await outbox(site, phone))[0]!.body)![1]!;

  it.each(['cl', 'pe'] as const)(
    '%s: a visitor gets no answer, only a code texted to the line; the code answers whether the pair matches, once',
    async (site) => {
      const p = pairs[site];
      const app = sites[site];
      const v = await new Visitor(app.app, `198.51.100.${site === 'cl' ? 1 : 2}`).open();
      const asked = [await check(v, p.document, p.line), await check(v, p.document, p.othersLine), await check(v, p.document, p.free)];
      for (const res of asked) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true, codeRequired: true });
        // whose line it is, or whether anybody's, is not said: every answer has the same shape
        expect(res.json()).not.toHaveProperty('holder');
        expect(Object.keys(res.json()).sort()).toEqual(['codeRequired', 'phoneLast', 'response', 'success', 'tokenId']);
      }
      expect(asked[0]!.json().phoneLast).toBe(p.line.slice(-3));
      // a number nobody holds gets no text
      expect(await outbox(app, p.free)).toEqual([]);

      // the line's code answers for the pair it came with; a wrong code answers nothing
      const token = asked[0]!.json().tokenId as string;
      const code = await lastCode(app, p.line);
      const wrong = await confirm(v, token, code === '000000' ? '111111' : '000000', p.document);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).not.toHaveProperty('holder');
      const right = await confirm(v, token, code, p.document);
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ holder: true });
      // the code is spent: it answers one question
      expect((await confirm(v, token, code, p.wrongDocument)).statusCode).toBe(400);
      const another = (await check(v, p.wrongDocument, p.line)).json().tokenId as string;
      expect((await confirm(v, another, await lastCode(app, p.line), p.wrongDocument)).json()).toMatchObject({ holder: false });
      // a free number's answer can never be confirmed
      expect((await confirm(v, asked[2]!.json().tokenId, '123456', p.document)).statusCode).toBe(400);
    },
  );

  it.each([
    ['cl', '15.432.198-5', '4321'],
    ['pe', '912345678', '654321'],
  ] as const)('%s: a signed-in customer gets the answer for their own line at once, and needs the code for any other', async (site, login, secret) => {
    const p = pairs[site];
    const v = await new Visitor(sites[site].app, '198.51.100.20').open();
    expect((await v.login(login, secret)).statusCode).toBe(200);
    expect((await check(v, p.document, p.line)).json()).toMatchObject({ holder: true });
    expect((await check(v, p.wrongDocument, p.line)).json()).toMatchObject({ holder: false });
    const others = (await check(v, p.document, p.othersLine)).json();
    expect(others).toMatchObject({ codeRequired: true });
    expect(others).not.toHaveProperty('holder');
  });

  it.each(['cl', 'pe'] as const)('%s: bad input is a per-field validation error', async (site) => {
    const v = await new Visitor(sites[site].app, '198.51.100.9').open();
    const res = await check(v, '123', '12');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().validationError).sort()).toEqual(['document', 'phoneNumber']);
    expect((await confirm(v, '', '12', '123')).statusCode).toBe(400);
  });

  it('texts a number at most 3 ownership codes every 15 minutes for one address, and refuses a free number the same way', async () => {
    for (const [n, phone] of ['976543210', '955555556'].entries()) {
      // a line no other test asks about (Valentina's, 20.961.605-K), and a number nobody holds
      const v = await new Visitor(sites.cl.app, `203.0.113.${100 + n}`).open();
      for (let i = 0; i < 3; i++) expect((await check(v, pairs.cl.wrongDocument, phone)).statusCode).toBe(200);
      const locked = await check(v, '20.961.605-K', phone);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().response.systemMessage[0].exceptionKey).toBe('pp.error.too.many.requests');
      // another asker has an allowance of its own (the day's cap per line bounds them all: strangers.test.ts)
      expect((await check(await new Visitor(sites.cl.app, `203.0.113.${110 + n}`).open(), '20.961.605-K', phone)).statusCode).toBe(200);
    }
    expect(await outbox(sites.cl, '976543210')).toHaveLength(4);
  });

  it('locks the answer for a number after 5 wrong documents, whatever the address', async () => {
    // a line no other test asks about: Ignacio's (19.357.246-4)
    const phone = '934512767';
    const answer = async (address: string, document: string, line = phone) => {
      const v = await new Visitor(sites.cl.app, address).open();
      const { tokenId } = (await check(v, document, line)).json();
      return confirm(v, tokenId, await lastCode(sites.cl, line), document);
    };
    for (let i = 0; i < 5; i++) expect((await answer(`203.0.113.${120 + i}`, strangerRut(i))).json().holder).toBe(false);
    const locked = await answer('203.0.113.125', '19.357.246-4');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().response.systemMessage[0].exceptionKey).toBe('pp.error.too.many.requests');
    expect(locked.json()).not.toHaveProperty('holder');
    // other numbers are still answered: Sofía's
    expect((await answer('203.0.113.126', '16.824.357-K', '934512790')).json().holder).toBe(true);
  });

  it('locks one address after 20 numbers asked', async () => {
    const v = await new Visitor(sites.cl.app, '203.0.113.50').open();
    for (let i = 0; i < 20; i++) expect((await check(v, strangerRut(10 + i), `9${String(10_000_000 + i).padStart(8, '0')}`)).statusCode).toBe(200);
    expect((await check(v, pairs.cl.document, pairs.cl.line)).statusCode).toBe(429);
  });

  it("counts an address's codes asked on every page: 20 in all lock it", async () => {
    const v = await new Visitor(sites.cl.app, '203.0.113.51').open();
    const number = (i: number) => `9${String(10_000_020 + i).padStart(8, '0')}`;
    for (let i = 0; i < 10; i++) expect((await check(v, strangerRut(30 + i), number(i))).statusCode).toBe(200);
    for (let i = 10; i < 20; i++) {
      expect(
        (await v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document: strangerRut(30 + i), phoneNumber: number(i) })).statusCode,
      ).toBe(200);
    }
    expect((await check(v, pairs.cl.document, pairs.cl.line)).statusCode).toBe(429);
    expect(
      (await v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document: pairs.cl.document, phoneNumber: pairs.cl.line })).statusCode,
    ).toBe(429);
  });

  it.each([
    ['cl', '12.345.678-5', '1234', '912345678', 27990],
    ['pe', '987654321', '123456', '987654321', 5990],
  ] as const)('%s: profiled offers give a line with a plan only dearer plans', async (site, user, secret, phone, currentPrice) => {
    const v = await new Visitor(sites[site].app).open();
    await v.login(user, secret);
    const lines = (await v.call('GET', '/restpp/offers/profiled')).json().lines as Array<{ phoneNumber: string; offers: Array<{ price: number; id: string }> }>;
    const line = lines.find((l) => l.phoneNumber === phone)!;
    expect(line.offers.length).toBeGreaterThan(0);
    expect(line.offers.every((o) => o.price > currentPrice)).toBe(true);
    expect(line.offers.map((o) => o.price)).toEqual([...line.offers.map((o) => o.price)].sort((a, b) => a - b));
  });

  it('profiled offers give a prepaid line the plans it can migrate to; visitors must sign in', async () => {
    const v = await new Visitor(sites.cl.app).open();
    await v.login('15.432.198-5', '4321');
    const [line] = (await v.call('GET', '/restpp/offers/profiled')).json().lines as Array<{ kind: string; offers: Array<{ customerGroup: string }> }>;
    expect(line!.kind).toBe('prepaid');
    expect(line!.offers.every((o) => o.customerGroup !== 'blue')).toBe(true);
    expect((await (await new Visitor(sites.cl.app).open()).call('GET', '/restpp/offers/profiled')).statusCode).toBe(401);
  });
});
