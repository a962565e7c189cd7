import { describe, expect, it } from 'vitest';
import { rutCheckDigit } from '@andes/domain/rut';
import { drivers, Visitor, bothSites } from './helpers.ts';

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

  it.each(['cl', 'pe'] as const)('%s: answers whether the pair matches, and nothing else', async (site) => {
    const p = pairs[site];
    const v = await new Visitor(sites[site].app, `198.51.100.${site === 'cl' ? 1 : 2}`).open();
    const right = await check(v, p.document, p.line);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ success: true, holder: true });
    const answers = [await check(v, p.document, p.othersLine), await check(v, p.document, p.free), await check(v, p.wrongDocument, p.line)];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().holder).toBe(false);
    }
    // someone else's line and a free number look the same: no name, plan or status leaks
    const keys = answers.map((r) => Object.keys(r.json()).sort().join());
    expect(new Set(keys).size).toBe(1);
    expect(Object.keys(right.json()).sort()).toEqual(['holder', 'response', 'success']);
  });

  it.each(['cl', 'pe'] as const)('%s: bad input is a per-field validation error', async (site) => {
    const v = await new Visitor(sites[site].app, '198.51.100.9').open();
    const res = await check(v, '123', '12');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().validationError).sort()).toEqual(['document', 'phoneNumber']);
  });

  it('locks the check of a number after 5 wrong documents, whatever the address', async () => {
    // a line no other test asks about: Valentina's (20.961.605-K)
    for (let i = 0; i < 5; i++) {
      const v = await new Visitor(sites.cl.app, `203.0.113.${100 + i}`).open();
      expect((await check(v, strangerRut(i), '976543210')).json().holder).toBe(false);
    }
    const later = await new Visitor(sites.cl.app, '203.0.113.200').open();
    const locked = await check(later, '20.961.605-K', '976543210');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().response.systemMessage[0].exceptionKey).toBe('pp.error.too.many.requests');
    expect(locked.json()).not.toHaveProperty('holder');
    // other numbers are still checked
    expect((await check(later, pairs.cl.document, pairs.cl.line)).json().holder).toBe(true);
  });

  it('locks one address after 20 wrong pairs across numbers and documents', async () => {
    const v = await new Visitor(sites.cl.app, '203.0.113.50').open();
    for (let i = 0; i < 20; i++) expect((await check(v, strangerRut(10 + i), `9${String(10_000_000 + i).padStart(8, '0')}`)).statusCode).toBe(200);
    expect((await check(v, pairs.cl.document, pairs.cl.line)).statusCode).toBe(429);
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
