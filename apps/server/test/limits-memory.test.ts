import { describe, expect, it } from 'vitest';
import { rutCheckDigit } from '@andes/domain/rut';
import type { SiteId } from '@andes/domain/market';
import { AppError } from '../src/http/errors.ts';
import { signIn } from '../src/modules/auth/auth.service.ts';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

/**
 * What the limits remember and what they tell (docs/decisions/005-counting-rule.md): slow guessing
 * meets a long memory, the tries left are told only at the last two, Peru's DNI and phones are not
 * linked by any answer, and the pair and customer checks are limited like the ownership check.
 */
const MIN = 60_000;

/** A document nobody holds, one per n: a valid RUT in Chile, a DNI in Peru. */
const stranger = (market: SiteId, n: number) => {
  const body = String(30_000_000 + n);
  return market === 'cl' ? `${body}-${rutCheckDigit(body)}` : body;
};
const freeNumber = (n: number) => `9${String(50_000_000 + n).padStart(8, '0')}`;

async function lastCode(site: TestSite, phone: string): Promise<string> {
  const res = await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phone}&limit=1` });
  return /\b(\d{6})\b/.exec(res.json().messages[0].body)![1]!;
}

/** Recovers the secret by SMS, as the customer would at /personas/recuperar-clave. */
async function recover(site: TestSite, document: string, phone: string, secret: string) {
  const v = await new Visitor(site.app, '192.0.2.99').open();
  const { tokenId } = (await v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document, phoneNumber: phone })).json();
  expect((await v.call('POST', '/restpp/password/recovery/validateToken', { tokenId, code: await lastCode(site, phone) })).statusCode).toBe(200);
  expect((await v.call('POST', '/restpp/password/recovery/changePassword', { tokenId, password: secret, confirmPassword: secret })).statusCode).toBe(200);
}

const accounts = {
  cl: { login: '15.432.198-5', document: '15.432.198-5', phone: '987654321', secret: '4321', wrong: '0000', fresh: '8642' },
  pe: { login: '70123456', document: '70123456', phone: '912345678', secret: '654321', wrong: '000000', fresh: '864297' },
} as const;

describe.each(drivers)('what the limits remember and tell (%s database)', (driver) => {
  const sites = bothSites(driver);

  describe.each(['cl', 'pe'] as const)('%s', (market) => {
    const site = () => sites[market];
    const a = accounts[market];
    const net = market === 'cl' ? 100 : 101;

    it('slow guessing: 4 wrong secrets every 16 minutes, with the owner signing in between, lock the account at the 20th until a recovery by SMS', async () => {
      const t0 = Date.now();
      const attempt = (password: string, minute: number) =>
        signIn(site().database.db, site().app.market, { username: a.login, password, address: `192.0.2.${net}` }, new Date(t0 + minute * MIN)).then(
          () => 'signed in',
          (error: AppError) => error.key,
        );
      const outcomes: string[] = [];
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < 4; i++) outcomes.push(await attempt(a.wrong, round * 16));
        outcomes.push(await attempt(a.secret, round * 16 + 1));
      }
      const wrongRound = ['pp.error.login.invalid', 'pp.error.login.invalid', 'pp.error.login.invalid', 'pp.error.login.invalid', 'signed in'];
      expect(outcomes).toEqual([
        ...wrongRound,
        ...wrongRound,
        ...wrongRound,
        ...wrongRound,
        'pp.error.login.invalid',
        'pp.error.login.invalid',
        'pp.error.login.invalid',
        'pp.error.login.recovery.only',
        'pp.error.login.recovery.only',
      ]);
      // waiting does not end it; a recovery by SMS does
      expect(await attempt(a.secret, 29 * 24 * 60)).toBe('pp.error.login.recovery.only');
      await recover(site(), a.document, a.phone, a.fresh);
      expect(await attempt(a.fresh, 90)).toBe('signed in');
    });

    it("the owner's right secret as the 20th try of the month signs in and locks nothing; the next wrong one does", async () => {
      const t0 = Date.now();
      const login = market === 'cl' ? '16.824.357-K' : '46813579';
      const secret = market === 'cl' ? '8024' : '864213';
      const attempt = (password: string, minute: number) =>
        signIn(site().database.db, site().app.market, { username: login, password, address: `192.0.2.${net + 5}` }, new Date(t0 + minute * MIN)).then(
          () => 'signed in',
          (error: AppError) => error.key,
        );
      for (let round = 0; round < 5; round++)
        for (let i = 0; i < (round < 4 ? 4 : 3); i++) expect(await attempt(a.wrong, round * 16)).toBe('pp.error.login.invalid');
      expect(await attempt(secret, 70)).toBe('signed in');
      expect(await attempt(secret, 71)).toBe('signed in');
      expect(await attempt(a.wrong, 72)).toBe('pp.error.login.recovery.only');
    });

    it('tells the tries left only at the last two', async () => {
      const v = await new Visitor(site().app, `192.0.2.${net + 10}`).open();
      const login = market === 'cl' ? '19.357.246-4' : '42681359';
      const wrong = market === 'cl' ? '0000' : '000000';
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await v.login(login, wrong));
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 429]);
      expect(answers.slice(0, 4).map((r) => r.json().attemptsLeft)).toEqual([undefined, undefined, 2, 1]);
    });

    it('a right identity round after two failed ones passes and leaves the document open', async () => {
      const v = await new Visitor(site().app, `192.0.2.${net + 15}`).open();
      const document = market === 'cl' ? '11.111.112-K' : '12345673';
      const body = document.split('-')[0]!.replace(/\D/g, '');
      const right = { q1: `o${body.slice(-2)}`, q2: `o${body.slice(0, 2)}` };
      const round = async (answers: Record<string, string>) => {
        const { challengeId } = (await v.call('POST', '/restpp/subscriber/active/questions', { document })).json();
        return (await v.call('POST', '/restpp/subscriber/active/answers', { challengeId, answers })).json().outcome;
      };
      expect([await round({ q1: 'o_wrong', q2: right.q2 }), await round({ q1: 'o_wrong', q2: right.q2 }), await round(right)]).toEqual([
        'failed',
        'failed',
        'passed',
      ]);
      expect(await round({ q1: 'o_wrong', q2: right.q2 })).toBe('locked');
    });

    it('password recovery answers at most 20 asks from one address, matching or not, then refuses even the right pair', async () => {
      const v = await new Visitor(site().app, `192.0.2.${net + 20}`).open();
      const ask = (document: string, phoneNumber: string) => v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document, phoneNumber });
      const codes = [];
      for (let i = 0; i < 30; i++) codes.push((await ask(stranger(market, i), freeNumber(i))).statusCode);
      expect(codes).toEqual([...Array(20).fill(200), ...Array(10).fill(429)]);
      const right = await ask(a.document, a.phone);
      expect(right.statusCode).toBe(429);
      expect(right.json().response.systemMessage[0].exceptionKey).toBe('pp.error.too.many.requests');
    });

    it("wrong numbers asked for a document, on recovery or the ownership check, take nothing from its holder's recovery", async () => {
      const document = market === 'cl' ? '19.357.246-4' : '42681359';
      const phone = market === 'cl' ? '934512767' : '934512766';
      const others =
        market === 'cl' ? ['934512760', '934512764', '934512780', '934512790', '998877665'] : ['934512761', '934512762', '934512763', '934512781', '934512791'];
      for (const [i, line] of others.entries()) {
        const v = await new Visitor(site().app, `192.0.2.${net + 50 + i}`).open();
        expect((await v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document, phoneNumber: freeNumber(100 + i) })).statusCode).toBe(200);
        const { tokenId } = (await v.call('POST', '/restpp/subscriber/line/ownership', { document, phoneNumber: line })).json();
        expect((await v.call('POST', '/restpp/subscriber/line/ownership/code', { tokenId, code: await lastCode(site(), line), document })).json().holder).toBe(
          false,
        );
      }
      const v = await new Visitor(site().app, `192.0.2.${net + 60}`).open();
      expect((await v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document, phoneNumber: phone })).statusCode).toBe(200);
      expect(await lastCode(site(), phone)).toMatch(/^\d{6}$/);
    });

    it('customer/active answers 20 lookups an address, and 5 a document, every 15 minutes', async () => {
      const lookUp = (v: Visitor, document: string) => v.call('POST', '/restpp/order/v3/customer/active', { document });
      const v = await new Visitor(site().app, `192.0.2.${net + 70}`).open();
      const codes = [];
      for (let i = 0; i < 21; i++) codes.push((await lookUp(v, stranger(market, 300 + i))).statusCode);
      expect(codes).toEqual([...Array(20).fill(200), 429]);
      const known = market === 'cl' ? '20.961.605-K' : '47395162';
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await lookUp(await new Visitor(site().app, `192.0.2.${net + 80 + i}`).open(), known));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(answers[0]!.json().customerActive).toBe(true);
    });
  });

  describe('pe: a DNI and the phones of its account', () => {
    const site = () => sites.pe;
    const dni = '45678912';
    const phone = '987654321';
    const secondPhone = '943215678';
    const nobodys = '955555555';
    const answer = async (v: Visitor, login: string, password: string) => {
      const res = await v.login(login, password);
      return { status: res.statusCode, body: res.json() };
    };

    it("Peru's unique password answers at most 20 asks from one address, matching or not, then refuses even the right pair", async () => {
      const v = await new Visitor(site().app, '192.0.2.160').open();
      const ask = (document: string, phoneNumber: string) => v.call('POST', '/restpp/peru/unique/password', { document, phoneNumber });
      const codes = [];
      for (let i = 0; i < 20; i++) codes.push((await ask(stranger('pe', 400 + i), freeNumber(400 + i))).statusCode);
      expect(codes).toEqual(Array(20).fill(200));
      expect((await ask('41357926', '934512762')).statusCode).toBe(429);
    });

    it("no answer links them: the phone's counts and locks are its own, and the account's lock is told as a wrong password", async () => {
      const v = await new Visitor(site().app, '192.0.2.150').open();
      for (let i = 0; i < 3; i++) await answer(v, dni, '000000');
      // the phone's first wrong try reads like any number's first: no tries left told, whatever the DNI spent
      const w = await new Visitor(site().app, '192.0.2.151').open();
      const onPhone = await answer(w, phone, '000000');
      const onNobodys = await answer(w, nobodys, '000000');
      expect(onPhone).toEqual(onNobodys);
      expect(onPhone.status).toBe(401);
      expect(onPhone.body).not.toHaveProperty('attemptsLeft');
      // the DNI locks; its phones do not say so
      for (let i = 0; i < 2; i++) await answer(v, dni, '000000');
      expect((await answer(v, dni, '123456')).status).toBe(429);
      const x = await new Visitor(site().app, '192.0.2.152').open();
      expect(await answer(x, phone, '000000')).toEqual(await answer(x, nobodys, '000000'));
      // the account is locked all the same: the right password on its other phone reads as a wrong one, as on nobody's number
      const y = await new Visitor(site().app, '192.0.2.153').open();
      const right = await answer(y, secondPhone, '123456');
      expect(right).toEqual(await answer(y, '955555556', '123456'));
      expect(right.status).toBe(401);
      // a recovery by SMS lifts every lock of the account
      await recover(site(), dni, phone, '739264');
      expect((await answer(y, secondPhone, '739264')).status).toBe(200);
    });
  });
});
