import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { deductibleResponse, insuranceOverviewResponse } from '@andes/contract/inputs/insurance';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

const APPROVE = '4051885600446623';

/** The insured demo customers of the insurance journeys (README), and another customer's line. */
const people = {
  cl: { login: '22.400.001-4', secret: '4640', phone: '934640001', foreign: '912345678' },
  pe: { login: '934640011', secret: '464011', phone: '934640011', foreign: '987654321' },
} as const;

const key = (label: string) => `${label}-${Math.random().toString(36).slice(2, 12)}`;

describe.each(drivers)('insurance deductible paid by card (%s database)', (driver) => {
  let site: TestSite;
  afterEach(async () => site?.close());
  const url = (phone: string, rest = '') => `/restpp/asset/${phone}/insurance${rest}`;
  const local = (location: unknown) => String(location).replace(/^https?:\/\/[^/]+/, '');
  const tokenOf = (redirect: string) => new URL(redirect, 'http://x').searchParams.get('token_ws')!;
  /** Pays at the sandbox gateway: answers the shop's return address the gateway sends the browser to. */
  const payAtGateway = async (v: Visitor, redirect: string) => {
    const paid = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(tokenOf(redirect))}`, { card: APPROVE, action: 'pay' });
    expect(paid.statusCode).toBe(303);
    return local(paid.headers.location);
  };
  const lineIdOf = async (phone: string) => (await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, phone)))[0]!.id;
  const deductiblePayments = async (phone: string) =>
    site.database.db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.lineId, await lineIdOf(phone)), eq(schema.payments.kind, 'insurance_deductible')));
  const billCharges = async (phone: string) =>
    site.database.db
      .select()
      .from(schema.billCharges)
      .where(and(eq(schema.billCharges.lineId, await lineIdOf(phone)), eq(schema.billCharges.kind, 'insurance_deductible')));

  /** Signs in the insured customer and files a damage claim the insurer approves (two status checks). */
  const approvedClaim = async (market: SiteId) => {
    site = await startTestSite(market, driver);
    const p = people[market];
    const v = await new Visitor(site.app).open();
    expect((await v.login(p.login, p.secret)).statusCode).toBe(200);
    const id = insuranceOverviewResponse.parse((await v.call('GET', url(p.phone))).json()).insurances[0]!.id;
    const filed = insuranceOverviewResponse.parse(
      (await v.call('POST', url(p.phone, '/claims'), { insuranceId: id, kind: 'damage', description: 'La pantalla se partió al caer.' })).json(),
    );
    const claim = filed.current!;
    const early = await v.call('POST', url(p.phone, `/claims/${claim.number}/deductible/card`), {
      idempotencyKey: key('early'),
      amount: claim.deductible.amount,
    });
    expect(early.json().response.systemMessage[0].exceptionKey).toBe('insurance.error.notApproved');
    await v.call('POST', url(p.phone, `/claims/${claim.number}/status`));
    await v.call('POST', url(p.phone, `/claims/${claim.number}/status`));
    return { v, p, claim };
  };

  it.each(['cl', 'pe'] as const)(
    '%s: the deductible shown is the one the card is charged, once per key; the claim is paid by card once and nothing reaches the bill',
    async (market) => {
      const { v, p, claim } = await approvedClaim(market);
      const amount = claim.deductible.amount;
      const card = (body: object, phone: string = p.phone) => v.call('POST', url(phone, `/claims/${claim.number}/deductible/card`), body);
      // another amount than the one shown is refused on its field; a foreign line, no page token and bad input too
      const other = await card({ idempotencyKey: key('other'), amount: amount + 1 });
      expect(other.statusCode).toBe(409);
      expect(Object.keys(other.json().validationError)).toEqual(['amount']);
      expect((await card({ idempotencyKey: key('foreign'), amount }, p.foreign)).statusCode).toBe(403);
      expect(
        (await v.call('POST', url(p.phone, `/claims/${claim.number}/deductible/card`), { idempotencyKey: key('token'), amount }, { token: null })).statusCode,
      ).toBe(403);
      expect((await card({ idempotencyKey: 'x', amount: 'mucho' })).statusCode).toBe(400);

      const payKey = key('card');
      const started = await card({ idempotencyKey: payKey, amount });
      expect(started.statusCode).toBe(200);
      const replay = await card({ idempotencyKey: payKey, amount });
      expect(replay.json().buyOrder).toBe(started.json().buyOrder);
      expect(replay.json().replayed).toBe(true);
      // the same key for another amount is not a replay
      expect((await card({ idempotencyKey: payKey, amount: amount + 1 })).statusCode).toBe(409);

      const back = await v.call('GET', await payAtGateway(v, started.json().response.redirectRUL));
      expect(local(back.headers.location)).toBe(`/personas/mientel/equipo/insurance?resultado=approved&orden=${started.json().buyOrder}`);
      // a replayed return changes nothing
      const [topup] = await site.database.db.select().from(schema.topups).where(eq(schema.topups.buyOrder, started.json().buyOrder));
      expect(topup).toMatchObject({ purpose: 'deductible', subjectRef: claim.number, amount, status: 'approved' });
      await v.call('GET', `/restpp/asset/topups/return?token_ws=${encodeURIComponent(topup!.token!)}`);

      const after = insuranceOverviewResponse.parse((await v.call('GET', url(p.phone))).json());
      expect(after.current).toMatchObject({ number: claim.number, deductiblePayment: 'card', deductiblePaidAt: expect.any(String) });
      expect((await deductiblePayments(p.phone)).map((x) => [x.amount, x.method, x.reference])).toEqual([[amount, 'webpay', topup!.buyOrder]]);
      expect(await billCharges(p.phone)).toEqual([]);
      // paid: neither another card payment nor the bill charges it again
      const again = await card({ idempotencyKey: key('again'), amount });
      expect(again.json().response.systemMessage[0].exceptionKey).toBe('insurance.error.deductiblePaid');
      const bill = await v.call('POST', url(p.phone, `/claims/${claim.number}/deductible`), { idempotencyKey: key('bill') });
      expect(bill.json().response.systemMessage[0].exceptionKey).toBe('insurance.error.deductiblePaid');
      // the replacement goes out now that the deductible is paid
      const checked = insuranceOverviewResponse.parse((await v.call('POST', url(p.phone, `/claims/${claim.number}/status`))).json());
      expect([checked.current, ...checked.history].find((c) => c?.number === claim.number)?.status).toBe('delivered');
    },
    90_000,
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a card payment opened and then overtaken by the bill is not committed at its return: never charged twice',
    async (market) => {
      const { v, p, claim } = await approvedClaim(market);
      const started = await v.call('POST', url(p.phone, `/claims/${claim.number}/deductible/card`), {
        idempotencyKey: key('card'),
        amount: claim.deductible.amount,
      });
      expect(started.statusCode).toBe(200);
      const billed = deductibleResponse.parse(
        (await v.call('POST', url(p.phone, `/claims/${claim.number}/deductible`), { idempotencyKey: key('bill') })).json(),
      );
      expect(billed.current).toMatchObject({ deductiblePayment: 'bill' });
      const back = await v.call('GET', await payAtGateway(v, started.json().response.redirectRUL));
      expect(local(back.headers.location)).toMatch(/^\/personas\/mientel\/equipo\/insurance\?resultado=duplicate/);
      const committed = await site.database.db
        .select()
        .from(schema.gatewayTransactions)
        .where(eq(schema.gatewayTransactions.buyOrder, started.json().buyOrder));
      expect(committed.every((t) => t.committedAt === null)).toBe(true);
      expect((await deductiblePayments(p.phone)).filter((x) => x.method === 'webpay')).toEqual([]);
    },
    90_000,
  );

  if (driver === 'server') {
    it('cl: forty parallel gateway returns of forty card payments charge the deductible once', async () => {
      const { v, p, claim } = await approvedClaim('cl');
      const amount = claim.deductible.amount;
      const starts = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          v.call('POST', url(p.phone, `/claims/${claim.number}/deductible/card`), { idempotencyKey: `deductible-race-${i}`, amount }),
        ),
      );
      expect(starts.map((s) => s.statusCode)).toEqual(Array(40).fill(200));
      const backs = [];
      for (const s of starts) backs.push(await payAtGateway(v, s.json().response.redirectRUL));
      const outcomes = await Promise.all(backs.map((b) => v.call('GET', b)));
      const results = outcomes.map((o) => new URL(String(o.headers.location), 'http://x').searchParams.get('resultado'));
      expect(results.filter((r) => r === 'approved')).toHaveLength(1);
      expect(results.every((r) => r === 'approved' || r === 'duplicate')).toBe(true);
      const committed = await site.database.db.select().from(schema.gatewayTransactions).where(eq(schema.gatewayTransactions.status, 'AUTHORIZED'));
      expect(committed.filter((t) => t.committedAt !== null && t.buyOrder.startsWith('SD'))).toHaveLength(1);
      expect((await deductiblePayments(p.phone)).map((x) => x.amount)).toEqual([amount]);
      expect(await billCharges(p.phone)).toEqual([]);
    }, 120_000);
  }
});
