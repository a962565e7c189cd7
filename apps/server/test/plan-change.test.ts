import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { getMarket } from '@andes/domain/market';
import { isoDayInZone, previousCycleDay, splitPlanCharge } from '@andes/domain/account-bills';
import { planChangeOverviewResponse, planChangeResponse } from '@andes/contract/inputs/plan-change';
import { issueDueBills } from '../src/modules/account/billing-cycle.service.ts';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

/** The plan change journeys' demo customers (README), a prepaid customer's line, and another customer's line for the ownership check. */
const people = {
  cl: {
    login: '22.300.001-0',
    secret: '6241',
    phone: '934630001',
    controlado: '934630002',
    foreign: '912345678',
    prepaid: ['15.432.198-5', '4321', '987654321'],
  },
  pe: {
    login: '934630001',
    secret: '418263',
    phone: '934630001',
    controlado: '934630002',
    foreign: '987654321',
    prepaid: ['912345678', '654321', '912345678'],
  },
} as const;

type Overview = ReturnType<typeof planChangeOverviewResponse.parse>;
const key = (n: number | string) => `plan-change-key-${n}`;

describe.each(drivers)('plan change (%s database)', (driver) => {
  // one site per test: a change outlives its test otherwise (one per billing period)
  let site: TestSite;
  const open = async (market: SiteId) => {
    site = await startTestSite(market, driver);
    const p = people[market];
    const v = await new Visitor(site.app).open();
    expect((await v.login(p.login, p.secret)).statusCode).toBe(200);
    return { v, p, today: isoDayInZone(new Date(), getMarket(market).timeZone) };
  };
  afterEach(async () => site?.close());
  const url = (phone: string, rest = '') => `/restpp/asset/${phone}/plan-change${rest}`;
  const overviewOf = async (v: Visitor, phone: string): Promise<Overview> => planChangeOverviewResponse.parse((await v.call('GET', url(phone))).json());
  const lineRow = async (phone: string) => (await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, phone)))[0]!;

  it.each(['cl', 'pe'] as const)(
    '%s: the plans a line may move to follow the plan selector’s groups; an upgrade applies now and the next bill charges each plan by its days, as shown',
    async (market) => {
      const { v, p, today } = await open(market);
      const overview = await overviewOf(v, p.phone);
      expect(overview).toMatchObject({ kind: 'postpaid', status: 'active', refusal: null, migrationPath: null, pending: null, thisPeriod: null });
      expect(overview.current).toMatchObject({ id: 'PO_PLAN_LIBRE_80' });
      const ids = overview.plans.map((x) => x.id);
      // postpaid and Blue plans; never Controlado, BAM, two-line plans or the plan the line has
      expect(ids).toEqual(expect.arrayContaining(['PO_PLAN_LIBRE_30', 'PO_PLAN_LIBRE_ILIMITADO', 'PO_PLAN_BLUE_50']));
      expect(ids.some((id) => /CONTROLADO|BAM|^multi_|LIBRE_80/.test(id))).toBe(false);
      expect(overview.plans.find((x) => x.id === 'PO_PLAN_LIBRE_30')).toMatchObject({ kind: 'downgrade', effectiveOn: overview.periodEndsOn, nextBill: null });
      const target = overview.plans.find((x) => x.id === 'PO_PLAN_LIBRE_ILIMITADO')!;
      expect(target).toMatchObject({ kind: 'upgrade', effectiveOn: today });
      // the estimate is the rule the bill applies
      const rule = splitPlanCharge(
        overview.current!.monthly.amount,
        target.price.amount,
        previousCycleDay(overview.periodEndsOn),
        today,
        overview.periodEndsOn,
      );
      expect(target.nextBill).toMatchObject({
        from: { amount: { amount: rule.from.amount } },
        to: { amount: { amount: rule.to.amount } },
        amount: { amount: rule.amount },
      });
      expect(rule.amount).toBeLessThanOrEqual(target.price.amount);

      // a Controlado line moves among the Controlado plans only
      const controlado = await overviewOf(v, p.controlado);
      expect(controlado.kind).toBe('hybrid');
      expect(controlado.plans.map((x) => x.id).sort()).toEqual(['PO_PLAN_CONTROLADO_15', 'PO_PLAN_CONTROLADO_45']);

      // ownership, the page token, bad input
      const body = { planId: target.id, price: target.price.amount, idempotencyKey: key(`${market}-up-1`) };
      expect((await v.call('GET', url(p.foreign))).statusCode).toBe(403);
      expect((await v.call('POST', url(p.foreign), body)).statusCode).toBe(403);
      expect((await v.call('POST', url(p.phone), body, { token: null })).statusCode).toBe(403);
      const malformed = await v.call('POST', url(p.phone), { planId: 7, price: 'x', idempotencyKey: '!' });
      expect(malformed.statusCode).toBe(400);
      expect(Object.keys(malformed.json().validationError).sort()).toEqual(['idempotencyKey', 'planId', 'price']);
      const notOffered = await v.call('POST', url(p.phone), { ...body, planId: 'PO_PLAN_CONTROLADO_45' });
      expect(notOffered.statusCode).toBe(400);
      expect(notOffered.json().validationError).toEqual({ planId: [expect.any(String)] });
      const otherPrice = await v.call('POST', url(p.phone), { ...body, price: target.price.amount - 1 });
      expect(otherPrice.statusCode).toBe(409);
      expect(otherPrice.json().response.systemMessage[0].exceptionKey).toBe('account.planChange.error.price');

      const done = planChangeResponse.parse((await v.call('POST', url(p.phone), body)).json());
      expect(done).toMatchObject({ replayed: false, change: { kind: 'upgrade', state: 'applied', effectiveOn: today } });
      expect((await lineRow(p.phone)).planId).toBe('PO_PLAN_LIBRE_ILIMITADO');
      expect(done.thisPeriod).toMatchObject({ toPlan: { id: 'PO_PLAN_LIBRE_ILIMITADO' }, fromPrice: { amount: overview.current!.monthly.amount } });
      // the same key again is the same change; another change in the same period is refused
      const again = planChangeResponse.parse((await v.call('POST', url(p.phone), body)).json());
      expect(again).toMatchObject({ replayed: true, change: { id: done.change.id } });
      const second = await v.call('POST', url(p.phone), {
        planId: 'PO_PLAN_LIBRE_30',
        price: overview.plans.find((x) => x.id === 'PO_PLAN_LIBRE_30')!.price.amount,
        idempotencyKey: key(`${market}-2`),
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().response.systemMessage[0].exceptionKey).toBe('account.planChange.error.once');

      // the bills page says what the next bill will charge
      const bills = (await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json();
      expect(bills.nextBill.planChange).toMatchObject({ kind: 'upgrade', state: 'applied', effectiveOn: today });
      expect(bills.nextBill.planChange.text).toContain(target.nextBill!.amount.formatted);

      // the period ends: its bill charges each plan by its days, the parts the page showed
      const line = await lineRow(p.phone);
      expect(await issueDueBills(site.app, { lineId: line.id }, new Date(`${overview.periodEndsOn}T17:00:00Z`))).toBe(1);
      const [bill] = (await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json().bills;
      expect(bill.issuedAt).toBe(overview.periodEndsOn);
      expect(bill.plan.amount).toBe(target.nextBill!.amount.amount);
      expect(bill.plan.change).toMatchObject({
        fromPlan: overview.current!.name,
        toPlan: target.name,
        changedOn: today,
        from: { amount: target.nextBill!.from.amount.amount, days: target.nextBill!.from.days },
        to: { amount: target.nextBill!.to.amount.amount, days: target.nextBill!.to.days },
      });
      const installments = bill.charges.filter((c: { kind: string }) => c.kind === 'installment').reduce((s: number, c: { amount: number }) => s + c.amount, 0);
      expect(bill.amount).toBe(target.nextBill!.amount.amount + bill.charges.reduce((s: number, c: { amount: number }) => s + c.amount, 0));
      expect(installments).toBeGreaterThanOrEqual(0);
      const pdf = (await v.call('GET', bill.pdfUrl)).rawPayload.toString('latin1');
      expect(pdf).toContain(`Plan ${target.name} del`);
      // the next period is whole, on the new plan
      const next = (await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json().nextBill.issuesOn as string;
      expect(await issueDueBills(site.app, { lineId: line.id }, new Date(`${next}T17:00:00Z`))).toBe(1);
      const [whole] = (await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json().bills;
      expect(whole.plan).toMatchObject({ amount: target.price.amount, change: null, prorated: null });
      const notices = await site.database.db.select().from(schema.notifications).where(eq(schema.notifications.customerId, line.customerId));
      expect(notices.map((n) => n.title)).toContain('Cambiaste de plan');
    },
    90_000,
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a downgrade waits for the cycle day (pending, cancellable), then the line moves and the bill of the old period charges the old plan whole',
    async (market) => {
      const { v, p } = await open(market);
      const overview = await overviewOf(v, p.phone);
      const cheaper = overview.plans.find((x) => x.id === 'PO_PLAN_LIBRE_30')!;
      const body = { planId: cheaper.id, price: cheaper.price.amount, idempotencyKey: key(`${market}-down-1`) };
      const scheduled = planChangeResponse.parse((await v.call('POST', url(p.phone), body)).json());
      expect(scheduled).toMatchObject({ change: { kind: 'downgrade', state: 'scheduled', effectiveOn: overview.periodEndsOn } });
      expect(scheduled.pending).toMatchObject({ toPlan: { id: 'PO_PLAN_LIBRE_30' } });
      expect((await lineRow(p.phone)).planId).toBe('PO_PLAN_LIBRE_80');
      expect((await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json().nextBill.planChange).toMatchObject({ kind: 'downgrade', state: 'scheduled' });

      expect((await v.call('POST', url(p.foreign, '/cancel'))).statusCode).toBe(403);
      expect((await v.call('POST', url(p.phone, '/cancel'), undefined, { token: null })).statusCode).toBe(403);
      const cancelled = planChangeOverviewResponse.parse((await v.call('POST', url(p.phone, '/cancel'))).json());
      expect(cancelled.pending).toBeNull();
      expect(cancelled.history[0]).toMatchObject({ state: 'cancelled' });
      expect((await v.call('POST', url(p.phone, '/cancel'))).statusCode).toBe(409);
      // a cancelled change frees the period: schedule it again
      const again = planChangeResponse.parse((await v.call('POST', url(p.phone), { ...body, idempotencyKey: key(`${market}-down-2`) })).json());
      expect(again.change.state).toBe('scheduled');

      // the cycle day comes: the old period's bill charges the old plan whole, then the line is on the new plan
      const line = await lineRow(p.phone);
      const monthly = overview.current!.monthly.amount;
      const cycleDay = new Date(`${overview.periodEndsOn}T17:00:00Z`);
      await site.app.linesAsOf({ lineId: line.id }, cycleDay);
      expect((await lineRow(p.phone)).planId).toBe('PO_PLAN_LIBRE_30');
      const [bill] = (await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json().bills;
      expect(bill).toMatchObject({ issuedAt: overview.periodEndsOn, plan: { amount: monthly, change: null } });
      const applied = await site.database.db
        .select()
        .from(schema.planChanges)
        .where(and(eq(schema.planChanges.lineId, line.id), eq(schema.planChanges.state, 'applied')));
      expect(applied).toHaveLength(1);
      // past its day it can no longer be cancelled
      expect((await v.call('POST', url(p.phone, '/cancel'))).statusCode).toBe(409);
      const next = (await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json().nextBill.issuesOn as string;
      await issueDueBills(site.app, { lineId: line.id }, new Date(`${next}T17:00:00Z`));
      const [second] = (await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json().bills;
      expect(second.plan.amount).toBe(cheaper.price.amount);
    },
    90_000,
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a prepaid line is sent to migra-a-plan; a blocked or suspended line is refused',
    async (market) => {
      const { v, p } = await open(market);
      const [login, secret, prepaid] = p.prepaid;
      const other = await new Visitor(site.app, '203.0.113.77').open();
      expect((await other.login(login, secret)).statusCode).toBe(200);
      const view = await overviewOf(other, prepaid);
      expect(view).toMatchObject({
        kind: 'prepaid',
        refusal: 'account.planChange.error.prepaid',
        migrationPath: '/personas/migra-a-plan',
        plans: [],
        current: null,
      });
      const refused = await other.call('POST', url(prepaid), { planId: 'PO_PLAN_LIBRE_30', price: 1, idempotencyKey: key('prepaid') });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().response.systemMessage[0].exceptionKey).toBe('account.planChange.error.prepaid');

      const overview = await overviewOf(v, p.phone);
      const target = overview.plans.find((x) => x.id === 'PO_PLAN_LIBRE_ILIMITADO')!;
      const line = await lineRow(p.phone);
      for (const [status, refusal] of [
        ['blocked', 'device.error.line.blocked'],
        ['suspended', 'suspension.error.line.suspended'],
      ] as const) {
        await site.database.db.update(schema.lines).set({ status }).where(eq(schema.lines.id, line.id));
        expect((await overviewOf(v, p.phone)).refusal).toBe(refusal);
        const answer = await v.call('POST', url(p.phone), { planId: target.id, price: target.price.amount, idempotencyKey: key(`${status}-1`) });
        expect(answer.statusCode).toBe(409);
        expect(answer.json().response.systemMessage[0].exceptionKey).toBe(refusal);
      }
      expect(await site.database.db.select().from(schema.planChanges)).toEqual([]);
    },
    90_000,
  );

  if (driver === 'server') {
    it('cl: forty parallel plan changes on one line give one change, with one key or forty', async () => {
      const { v, p } = await open('cl');
      const overview = await overviewOf(v, p.phone);
      const target = overview.plans.find((x) => x.id === 'PO_PLAN_LIBRE_ILIMITADO')!;
      const body = { planId: target.id, price: target.price.amount };
      const distinct = await Promise.all(Array.from({ length: 40 }, (_, i) => v.call('POST', url(p.phone), { ...body, idempotencyKey: key(`race-${i}`) })));
      expect(distinct.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(distinct.filter((a) => a.statusCode !== 200 && a.statusCode !== 409).map((a) => [a.statusCode, a.body.slice(0, 300)])).toEqual([]);
      const same = await Promise.all(
        Array.from({ length: 40 }, () => v.call('POST', url(p.phone, ''), { planId: 'PO_PLAN_CONTROLADO_25', price: 1, idempotencyKey: key('race-x') })),
      );
      // the period has its change: whatever else is asked is refused
      expect(same.every((a) => a.statusCode === 409)).toBe(true);
      expect(await site.database.db.select().from(schema.planChanges)).toHaveLength(1);

      // the Controlado line: forty submits of one key make one change, every answer names it
      const c = await overviewOf(v, p.controlado);
      const up = c.plans.find((x) => x.kind === 'upgrade')!;
      const once = await Promise.all(
        Array.from({ length: 40 }, () => v.call('POST', url(p.controlado), { planId: up.id, price: up.price.amount, idempotencyKey: key('race-same') })),
      );
      expect(once.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
      expect(new Set(once.map((a) => a.json().change.id)).size).toBe(1);
      expect(once.filter((a) => a.json().replayed === false)).toHaveLength(1);
      expect(await site.database.db.select().from(schema.planChanges)).toHaveLength(2);
    }, 90_000);
  }
});
