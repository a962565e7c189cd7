import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SiteId } from '@andes/domain/market';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

/**
 * Every limited action under a burst of parallel tries: the limit counts each try before it checks
 * anything, so a burst gets no more checks than a sequence (docs/decisions/005-counting-rule.md).
 * Each burst puts the right secret, code or answer last, after the tries that use up the limit.
 */
const BURST = 40;

type Answer = { statusCode: number; json(): { outcome?: string } };

/** Fires every call at once; their status codes in the order given. */
async function burst(calls: Array<() => Promise<Answer>>): Promise<number[]> {
  return (await Promise.all(calls.map((call) => call()))).map((r) => r.statusCode);
}

const times = (n: number, code: number, codes: number[]) => expect(codes.filter((c) => c === code)).toHaveLength(n);

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  return ((await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

async function outbox(site: TestSite, phone: string): Promise<string[]> {
  const res = await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phone}&limit=200` });
  return (res.json().messages as Array<{ body: string }>).map((m) => m.body);
}

const lastCode = async (site: TestSite, phone: string) => /\b(\d{6})\b/.exec((await outbox(site, phone))[0]!)![1]!;
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

const accounts = {
  cl: {
    signIn: { login: '12.345.678-5', secret: '1234', wrong: '0000' },
    change: { login: '13.579.246-2', secret: '3690', wrong: '0000', next: '8142' },
    recovery: { document: '15.432.198-5', phone: '987654321' },
    resend: { document: '19.357.246-4', phone: '934512767' },
    identity: '76.086.428-5',
  },
  pe: {
    signIn: { login: '45678912', secret: '123456', wrong: '000000' },
    change: { login: '43218765', secret: '135790', wrong: '000000', next: '814253' },
    recovery: { document: '70123456', phone: '912345678' },
    resend: { document: '42681359', phone: '934512766' },
    identity: '12345678',
  },
} as const;

describe.each(drivers)('limits under a burst of parallel tries (%s database)', (driver) => {
  const sites = bothSites(driver);

  describe.each(['cl', 'pe'] as const)('%s', (market: SiteId) => {
    const site = () => sites[market];
    const a = accounts[market];
    const address = (n: number) => `198.51.${market === 'cl' ? 100 : 101}.${n}`;

    it('sign-in: 40 secrets at once get 5 checks, the rest answer locked, and the right one after them does not sign in', async () => {
      const v = await new Visitor(site().app, address(1)).open();
      const secrets = [...Array<string>(BURST - 1).fill(a.signIn.wrong), a.signIn.secret];
      const codes = await burst(secrets.map((password) => () => v.call('POST', '/oam/server/authentication', { username: a.signIn.login, password })));
      // four wrong answers; the fifth wrong one locks; every other try is refused before any check
      times(4, 401, codes);
      times(BURST - 4, 429, codes);
      expect(codes.at(-1)).toBe(429);
      // one lock was counted (the first, 15 minutes), not one for every five tries of the burst
      const later = await (await new Visitor(site().app, address(2)).open()).login(a.signIn.login, a.signIn.secret);
      expect(later.statusCode).toBe(429);
      expect(later.json().response.systemMessage[0].messages[0]).toMatch(/15 minutos/);
    });

    it('signed-in change: 40 current secrets at once get 5 checks, and the right one after them changes nothing', async () => {
      const v = await new Visitor(site().app, address(3)).open();
      expect((await v.login(a.change.login, a.change.secret)).statusCode).toBe(200);
      const secrets = [...Array<string>(BURST - 1).fill(a.change.wrong), a.change.secret];
      const codes = await burst(
        secrets.map(
          (currentPassword) => () =>
            v.call('POST', '/restpp/password/change/changePassword', { currentPassword, password: a.change.next, confirmPassword: a.change.next }),
        ),
      );
      times(4, 400, codes);
      times(BURST - 4, 429, codes);
      expect(codes.at(-1)).toBe(429);
      // the secret is the old one: the session it opened still stands
      expect((await v.call('GET', '/restpp/assets')).statusCode).toBe(200);
    });

    it('recovery code: 40 codes at once for one code get 5 checks, and the right one after them is refused', async () => {
      const v = await new Visitor(site().app, address(4)).open();
      const { tokenId } = (
        await v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document: a.recovery.document, phoneNumber: a.recovery.phone })
      ).json();
      const code = await lastCode(site(), a.recovery.phone);
      const tries = [...Array<string>(BURST - 1).fill(otherThan(code)), code];
      const codes = await burst(tries.map((c) => () => v.call('POST', '/restpp/password/recovery/validateToken', { tokenId, code: c })));
      expect(codes).toEqual(Array(BURST).fill(400));
      expect((await v.call('POST', '/restpp/password/recovery/validateToken', { tokenId, code })).statusCode).toBe(400);
      const [token] = await rows<{ attempts: number }>(site(), `select attempts from password_tokens where id = '${tokenId}'`);
      expect(token!.attempts).toBe(5);
    });

    it('recovery code sends: 40 re-sends at once text at most 3 codes to the number in 15 minutes', async () => {
      const v = await new Visitor(site().app, address(5)).open();
      const { tokenId } = (
        await v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document: a.resend.document, phoneNumber: a.resend.phone })
      ).json();
      const codes = await burst(Array.from({ length: BURST }, () => () => v.call('POST', '/restpp/password/recovery/validatePhoneNumberTwo', { tokenId })));
      times(2, 200, codes);
      times(BURST - 2, 429, codes);
      expect(await outbox(site(), a.resend.phone)).toHaveLength(3);
    });

    it("line ownership: 40 wrong documents at once for the owner's own line get 5 answers, the rest answer 429", async () => {
      // a signed-in owner's own line is answered at once, by the pair check
      const owner =
        market === 'cl'
          ? { login: '16.824.357-K', secret: '8024', phone: '934512790', wrongDocument: '76.086.428-5' }
          : { login: '934512791', secret: '864213', phone: '934512791', wrongDocument: '11111111' };
      const v = await new Visitor(site().app, address(6)).open();
      expect((await v.login(owner.login, owner.secret)).statusCode).toBe(200);
      const codes = await burst(
        Array.from(
          { length: BURST },
          () => () => v.call('POST', '/restpp/subscriber/line/ownership', { document: owner.wrongDocument, phoneNumber: owner.phone }),
        ),
      );
      times(5, 200, codes);
      times(BURST - 5, 429, codes);
    });

    it('line ownership by code: 40 answers at once with the right code answer once, and 40 asks at once text the line at most 3 codes', async () => {
      const line = market === 'cl' ? { document: '17.654.329-9', phone: '934512760' } : { document: '48261537', phone: '934512761' };
      const v = await new Visitor(site().app, address(11)).open();
      const ask = () => v.call('POST', '/restpp/subscriber/line/ownership', { document: line.document, phoneNumber: line.phone });
      const { tokenId } = (await ask()).json();
      const code = await lastCode(site(), line.phone);
      const answers = await Promise.all(
        Array.from({ length: BURST }, () => v.call('POST', '/restpp/subscriber/line/ownership/code', { tokenId, code, document: line.document })),
      );
      times(
        1,
        200,
        answers.map((r) => r.statusCode),
      );
      times(
        BURST - 1,
        400,
        answers.map((r) => r.statusCode),
      );
      expect(answers.find((r) => r.statusCode === 200)!.json().holder).toBe(true);
      const asks = await burst(Array.from({ length: BURST }, () => ask));
      times(2, 200, asks);
      times(BURST - 2, 429, asks);
      expect(await outbox(site(), line.phone)).toHaveLength(3);
    });

    it("identity answers: a document's 5 rounds answered 40 times at once get 3 judgements, and the right answers among them do not pass", async () => {
      const rounds: string[] = [];
      // a document opens 5 rounds a day, whoever asks (limits-lookups.test.ts)
      for (let i = 0; i < 5; i++)
        rounds.push(
          (await (await new Visitor(site().app, address(20 + i)).open()).call('POST', '/restpp/subscriber/active/questions', { document: a.identity })).json()
            .challengeId,
        );
      const body = a.identity.split('-')[0]!.replace(/\D/g, '');
      const right = { q1: `o${body.slice(-2)}`, q2: `o${body.slice(0, 2)}` };
      // answers from 2 addresses, so the 20 answers an address may send an hour are not what stops them
      const [v, w] = [await new Visitor(site().app, address(8)).open(), await new Visitor(site().app, address(12)).open()];
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          (i % 2 ? v : w).call('POST', '/restpp/subscriber/active/answers', {
            challengeId: rounds[i % 5],
            answers: i === BURST - 1 ? right : { q1: 'o_wrong', q2: right.q2 },
          }),
        ),
      );
      const outcomes = answers.map((r) => (r.statusCode === 200 ? r.json().outcome : r.statusCode));
      // a round answered twice at once is judged once; the count of a second answer goes back, so which rounds get judged varies, never how many
      const judged = outcomes.filter((o) => o === 'failed' || o === 'locked');
      expect(judged.length).toBeGreaterThan(0);
      expect(judged.length).toBeLessThanOrEqual(3);
      expect(outcomes).not.toContain('passed');
      // every other answer was refused: the document locked, or its round already answered
      expect(outcomes.filter((o) => o === 423 || o === 409)).toHaveLength(BURST - judged.length);
      expect((await v.call('POST', '/restpp/subscriber/active/questions', { document: a.identity })).statusCode).toBe(429);
    });

    describe('portability', () => {
      const PLAN = 'PO_PLAN_LIBRE_30';
      const porting = async (phone: string, n: number) => {
        const v = await new Visitor(site().app, address(n)).open();
        expect((await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: PLAN, quantity: 1, isPortability: true }])).statusCode).toBe(200);
        const data = market === 'cl' ? { document: '76.086.428-5', company: 'wom' } : { document: '12345678', company: 'bitel', modality: 'prepaid' };
        expect((await v.call('POST', '/restpp/subscriber/portability/customer', { phoneNumber: phone, ...data })).statusCode).toBe(200);
        expect((await v.call('POST', '/restpp/subscriber/portability/securityCode')).statusCode).toBe(200);
        return v;
      };

      it('consent code: 40 codes at once get 5 checks, and the right one after them is refused', async () => {
        const phone = '912000091';
        const v = await porting(phone, 9);
        const code = await lastCode(site(), phone);
        const tries = [...Array<string>(BURST - 1).fill(otherThan(code)), code];
        const codes = await burst(tries.map((c) => () => v.call('PUT', '/restpp/subscriber/portability/securityCode', { code: c })));
        expect(codes).toEqual(Array(BURST).fill(400));
        expect((await v.call('GET', '/restpp/subscriber/portability/originalInfo')).json().request.state).toBe('code_sent');
      });

      it('consent code sends: 40 at once text at most 3 codes to the number in 15 minutes', async () => {
        const phone = '912000092';
        const v = await porting(phone, 10);
        const codes = await burst(Array.from({ length: BURST }, () => () => v.call('POST', '/restpp/subscriber/portability/securityCode')));
        times(2, 200, codes);
        times(BURST - 2, 429, codes);
        expect(await outbox(site(), phone)).toHaveLength(3);
      });
    });
  });

  it('pe: unique password: 40 codes at once get 5 checks, and the right one after them creates no password', async () => {
    const site = sites.pe;
    const v = await new Visitor(site.app, '198.51.101.20').open();
    const { tokenId } = (await v.call('POST', '/restpp/peru/unique/password', { document: '41357926', phoneNumber: '934512762' })).json();
    const code = await lastCode(site, '934512762');
    const tries = [...Array<string>(BURST - 1).fill(otherThan(code)), code];
    const codes = await burst(
      tries.map((c) => () => v.call('POST', '/restpp/peru/password/change', { tokenId, code: c, password: '739182', confirmPassword: '739182' })),
    );
    expect(codes).toEqual(Array(BURST).fill(400));
    expect((await (await new Visitor(site.app, '198.51.101.21').open()).login('41357926', '739182')).statusCode).toBe(401);
  });
});
