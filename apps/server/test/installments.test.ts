import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { installmentsResponse } from '@andes/contract/inputs/plan-change';
import { COMMIT_GRACE_MS } from '../src/adapters/payments/recover.ts';
import { issueDueBills } from '../src/modules/account/billing-cycle.service.ts';
import { sweepOrders } from '../src/modules/cart/order-sweep.service.ts';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

const APPROVE = '4051885600446623';
const REJECT = '5186059559590568';
/** Approved, but the answer to the shop's first commit never arrives (docs/sandbox.md). */
const ANSWER_LOST = '4051885600000009';

/** The installments journeys' demo customers (README), and another customer's line for the ownership check. */
const people = {
  cl: { login: '22.300.002-9', secret: '5183', phone: '934630003', foreign: '912345678' },
  pe: { login: '934630003', secret: '529374', phone: '934630003', foreign: '987654321' },
} as const;

type View = ReturnType<typeof installmentsResponse.parse>;

describe.each(drivers)('installments paid ahead (%s database)', (driver) => {
  let site: TestSite;
  const open = async (market: SiteId) => {
    site = await startTestSite(market, driver);
    const p = people[market];
    const v = await new Visitor(site.app).open();
    expect((await v.login(p.login, p.secret)).statusCode).toBe(200);
    return { v, p };
  };
  afterEach(async () => site?.close());
  const url = (phone: string, rest = '') => `/restpp/asset/${phone}/installments${rest}`;
  const viewOf = async (v: Visitor, phone: string): Promise<View> => installmentsResponse.parse((await v.call('GET', url(phone))).json());
  /** Pays at the sandbox gateway with `card` and follows its return: answers where the shop sent the browser. */
  const gateway = async (v: Visitor, redirect: string, card: string) => {
    const token = new URL(redirect, 'http://x').searchParams.get('token_ws')!;
    const paid = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, { card, action: 'pay' });
    expect(paid.statusCode).toBe(303);
    return String((await v.call('GET', String(paid.headers.location).replace(/^https?:\/\/[^/]+/, ''))).headers.location);
  };
  const approvedCharges = async (lineId: number) =>
    site.database.db
      .select()
      .from(schema.topups)
      .where(and(eq(schema.topups.lineId, lineId), eq(schema.topups.purpose, 'installments'), eq(schema.topups.status, 'approved')));

  it.each(['cl', 'pe'] as const)(
    '%s: the next installments paid by card at the price shown; the next bill no longer charges them; the page shows them paid',
    async (market) => {
      const { v, p } = await open(market);
      const before = await viewOf(v, p.phone);
      expect(before.equipment).toHaveLength(1);
      const phone = before.equipment[0]!;
      expect(phone.left).toBeGreaterThan(3);
      expect(phone.nextPayable).toBe(phone.paid + 1);
      expect(phone.outstanding.map((i) => i.number)).toEqual(Array.from({ length: phone.left }, (_, i) => phone.paid + 1 + i));
      const each = phone.installmentAmount.amount;
      const bills = async () => (await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json();
      const nextBill = (await bills()).nextBill;
      // the next bill charges the installment falling due on its day
      expect(nextBill.installments.amount).toBe(phone.outstanding[0]!.dueOn === nextBill.issuesOn ? each : 0);

      const body = { equipmentId: phone.id, from: phone.nextPayable, count: 2, amount: 2 * each, idempotencyKey: `installments-${market}-0001` };
      // ownership, the page token, bad input, what the page did not show
      expect((await v.call('GET', url(p.foreign))).statusCode).toBe(403);
      expect((await v.call('POST', url(p.foreign, '/pay'), body)).statusCode).toBe(403);
      expect((await v.call('POST', url(p.phone, '/pay'), body, { token: null })).statusCode).toBe(403);
      const malformed = await v.call('POST', url(p.phone, '/pay'), { equipmentId: 'x', from: -1, count: 0, amount: 'all', idempotencyKey: '?' });
      expect(malformed.statusCode).toBe(400);
      expect(Object.keys(malformed.json().validationError).sort()).toEqual(['amount', 'count', 'equipmentId', 'from', 'idempotencyKey']);
      const tooMany = await v.call('POST', url(p.phone, '/pay'), { ...body, count: phone.left + 1, amount: (phone.left + 1) * each });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().validationError).toEqual({ count: [expect.any(String)] });
      const wrongAmount = await v.call('POST', url(p.phone, '/pay'), { ...body, amount: 2 * each - 1 });
      expect(wrongAmount.statusCode).toBe(409);
      expect(wrongAmount.json().response.systemMessage[0].exceptionKey).toBe('account.installments.error.amount');
      const skipping = await v.call('POST', url(p.phone, '/pay'), { ...body, from: phone.nextPayable! + 1 });
      expect(skipping.statusCode).toBe(409);
      expect(skipping.json().response.systemMessage[0].exceptionKey).toBe('account.installments.error.stale');
      const [other] = await site.database.db
        .select()
        .from(schema.lineEquipment)
        .where(eq(schema.lineEquipment.lineId, (await lineOf(p.foreign)).id));
      if (other) expect((await v.call('POST', url(p.phone, '/pay'), { ...body, equipmentId: other.id })).statusCode).toBe(403);

      // a refused card pays nothing
      const refusedStart = (await v.call('POST', url(p.phone, '/pay'), { ...body, idempotencyKey: `installments-${market}-0000` })).json();
      expect(await gateway(v, refusedStart.response.redirectRUL, REJECT)).toMatch(/^\/personas\/mientel\/equipo\/quotas-pagar\?resultado=rejected/);
      expect((await viewOf(v, p.phone)).equipment[0]!.paid).toBe(phone.paid);

      const started = (await v.call('POST', url(p.phone, '/pay'), body)).json();
      expect(started).toMatchObject({ replayed: false, buyOrder: expect.stringMatching(/^IP/) });
      const twice = (await v.call('POST', url(p.phone, '/pay'), body)).json();
      expect(twice).toMatchObject({ replayed: true, buyOrder: started.buyOrder });
      expect(await gateway(v, started.response.redirectRUL, APPROVE)).toBe(
        `/personas/mientel/equipo/quotas-pagar?resultado=approved&orden=${started.buyOrder}`,
      );
      const line = await lineOf(p.phone);
      const charged = await approvedCharges(line.id);
      // the price shown is the price charged, once
      expect(charged.map((c) => c.amount)).toEqual([2 * each]);
      const [ledger] = await site.database.db.select().from(schema.gatewayTransactions).where(eq(schema.gatewayTransactions.buyOrder, started.buyOrder));
      expect(ledger).toMatchObject({ amount: 2 * each, status: 'AUTHORIZED' });

      const after = await viewOf(v, p.phone);
      expect(after.equipment[0]).toMatchObject({ paid: phone.paid + 2, left: phone.left - 2, prepaidThrough: phone.paid + 2, nextPayable: phone.paid + 3 });
      expect(after.payments).toEqual([
        expect.objectContaining({ buyOrder: started.buyOrder, from: phone.paid + 1, count: 2, amount: { amount: 2 * each, formatted: expect.any(String) } }),
      ]);
      const payments = (await v.call('GET', `/restpp/asset/${p.phone}/payments`)).json().payments;
      expect(payments.filter((x: { kind: string }) => x.kind === 'installments')).toEqual([
        expect.objectContaining({ amount: 2 * each, reference: started.buyOrder }),
      ]);

      // the next bill does not charge what was paid: issued on its day, it carries no installment
      expect((await bills()).nextBill.installments.amount).toBe(0);
      expect(await issueDueBills(site.app, { lineId: line.id }, new Date(`${nextBill.issuesOn}T17:00:00Z`))).toBe(1);
      const [bill] = (await bills()).bills;
      expect(bill.issuedAt).toBe(nextBill.issuesOn);
      expect(bill.charges.filter((c: { kind: string }) => c.kind === 'installment')).toEqual([]);
      // the one after it neither (the second installment paid); the third one is billed again
      const second = (await bills()).nextBill.issuesOn as string;
      await issueDueBills(site.app, { lineId: line.id }, new Date(`${second}T17:00:00Z`));
      expect((await bills()).bills[0].charges.filter((c: { kind: string }) => c.kind === 'installment')).toEqual([]);
      const third = (await bills()).nextBill.issuesOn as string;
      await issueDueBills(site.app, { lineId: line.id }, new Date(`${third}T17:00:00Z`));
      expect((await bills()).bills[0].charges.filter((c: { kind: string }) => c.kind === 'installment').map((c: { amount: number }) => c.amount)).toEqual([
        each,
      ]);
    },
    90_000,
  );

  it.each(['cl', 'pe'] as const)(
    '%s: all at once; a commit whose answer was lost is finished by the order sweep, once',
    async (market) => {
      const { v, p } = await open(market);
      const phone = (await viewOf(v, p.phone)).equipment[0]!;
      const each = phone.installmentAmount.amount;
      const all = {
        equipmentId: phone.id,
        from: phone.nextPayable,
        count: phone.left,
        amount: phone.left * each,
        idempotencyKey: `installments-all-${market}-01`,
      };
      const started = (await v.call('POST', url(p.phone, '/pay'), all)).json();
      // the gateway took the money and its answer to our commit was lost: the return fails, nothing is recorded yet
      const token = new URL(started.response.redirectRUL, 'http://x').searchParams.get('token_ws')!;
      const paid = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, { card: ANSWER_LOST, action: 'pay' });
      const lost = await v.call('GET', String(paid.headers.location).replace(/^https?:\/\/[^/]+/, ''));
      expect(lost.statusCode).toBeGreaterThanOrEqual(500);
      expect((await viewOf(v, p.phone)).equipment[0]!.paid).toBe(phone.paid);
      const line = await lineOf(p.phone);
      expect((await sweepOrders(site.app, new Date(Date.now() + COMMIT_GRACE_MS + 1_000))).reconciled).toBe(1);
      expect((await sweepOrders(site.app, new Date(Date.now() + COMMIT_GRACE_MS + 1_000))).reconciled).toBe(0);
      const paidOff = (await viewOf(v, p.phone)).equipment[0]!;
      expect(paidOff).toMatchObject({ left: 0, nextPayable: null, outstanding: [], paid: phone.installments });
      expect((await approvedCharges(line.id)).map((c) => c.amount)).toEqual([phone.left * each]);
      // nothing left to pay
      const more = await v.call('POST', url(p.phone, '/pay'), { ...all, count: 1, amount: each, idempotencyKey: `installments-all-${market}-02` });
      expect(more.statusCode).toBe(409);
    },
    90_000,
  );

  it.each(['cl', 'pe'] as const)(
    '%s: an installment its bill charged while its payment ahead was at the gateway is given back on the next bill, never charged twice',
    async (market) => {
      const { v, p } = await open(market);
      const phone = (await viewOf(v, p.phone)).equipment[0]!;
      const each = phone.installmentAmount.amount;
      const due = phone.outstanding[0]!.dueOn;
      const started = (
        await v.call('POST', url(p.phone, '/pay'), {
          equipmentId: phone.id,
          from: phone.nextPayable,
          count: 1,
          amount: each,
          idempotencyKey: `installments-late-${market}-1`,
        })
      ).json();
      const token = new URL(started.response.redirectRUL, 'http://x').searchParams.get('token_ws')!;
      const paid = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, { card: APPROVE, action: 'pay' });
      // the installment's bill day comes before the browser is back: its bill charges it
      const line = await lineOf(p.phone);
      await issueDueBills(site.app, { lineId: line.id }, new Date(`${due}T17:00:00Z`));
      const bills = async () => (await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json();
      const charged = (await bills()).bills[0];
      expect(charged.issuedAt).toBe(due);
      expect(charged.charges.filter((c: { kind: string }) => c.kind === 'installment').map((c: { amount: number }) => c.amount)).toEqual([each]);
      const back = await v.call('GET', String(paid.headers.location).replace(/^https?:\/\/[^/]+/, ''));
      expect(String(back.headers.location)).toMatch(/resultado=approved/);
      // paid ahead and billed: the next bill gives it back
      const credits = (await bills()).nextBill.charges.filter((c: { kind: string }) => c.kind === 'installment_credit');
      expect(credits.map((c: { amount: number }) => c.amount)).toEqual([-each]);
      expect((await viewOf(v, p.phone)).equipment[0]).toMatchObject({ paid: phone.paid + 1, prepaidThrough: phone.paid + 1 });
    },
    90_000,
  );

  if (driver === 'server') {
    it('cl: forty parallel pays charge once, with one key or forty', async () => {
      const { v, p } = await open('cl');
      const phone = (await viewOf(v, p.phone)).equipment[0]!;
      const each = phone.installmentAmount.amount;
      const body = { equipmentId: phone.id, from: phone.nextPayable, count: 1, amount: each };
      const same = await Promise.all(
        Array.from({ length: 40 }, () => v.call('POST', url(p.phone, '/pay'), { ...body, idempotencyKey: 'installments-race-same' })),
      );
      expect(same.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
      expect(new Set(same.map((a) => a.json().buyOrder)).size).toBe(1);
      const distinct = await Promise.all(
        Array.from({ length: 40 }, (_, i) => v.call('POST', url(p.phone, '/pay'), { ...body, idempotencyKey: `installments-race-${i}` })),
      );
      expect(distinct.every((a) => a.statusCode === 200)).toBe(true);
      // every payment page paid, the returns all at once: one charge, the others never committed
      const tokens = [same[0]!, ...distinct].map((a) => new URL(a.json().response.redirectRUL, 'http://x').searchParams.get('token_ws')!);
      const backs = [];
      for (const token of tokens) {
        const paid = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, { card: APPROVE, action: 'pay' });
        backs.push(String(paid.headers.location).replace(/^https?:\/\/[^/]+/, ''));
      }
      const outcomes = await Promise.all(backs.map((b) => v.call('GET', b)));
      const results = outcomes.map((o) => new URL(String(o.headers.location), 'http://x').searchParams.get('resultado'));
      expect(results.filter((r) => r === 'approved')).toHaveLength(1);
      expect(results.every((r) => r === 'approved' || r === 'duplicate')).toBe(true);
      const line = await lineOf(p.phone);
      expect((await approvedCharges(line.id)).map((c) => c.amount)).toEqual([each]);
      const committed = await site.database.db.select().from(schema.gatewayTransactions).where(eq(schema.gatewayTransactions.status, 'AUTHORIZED'));
      expect(committed.filter((t) => t.committedAt !== null && t.buyOrder.startsWith('IP'))).toHaveLength(1);
      expect((await viewOf(v, p.phone)).equipment[0]).toMatchObject({ paid: phone.paid + 1 });
    }, 90_000);
  }

  async function lineOf(phone: string) {
    return (await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, phone)))[0]!;
  }
});
