import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { schema } from '@andes/db/client';
import { nextCycleDay } from '@andes/domain/account-bills';
import { issueDueBills } from '../src/modules/account/billing-cycle.service.ts';
import { nextBillDay } from '../src/modules/account/billing.repo.ts';
import { updateCustomerSecret } from '../src/modules/auth/auth.repo.ts';
import { drivers, Visitor, bothSites } from './helpers.ts';
import { APPROVE, guestFor, pay, planOrder } from './plan-journey.ts';

/** The market's offset in the southern summer and winter alike is at least this far behind UTC. */
const OFFSET = { cl: '-04:00', pe: '-05:00' } as const;
const SECRET = { cl: '1357', pe: '246813' } as const;
/** The demo prepaid customers (README): they move their line to a plan. */
const PREPAID = { cl: ['15.432.198-5', '4321', '987654321'], pe: ['912345678', '654321', '912345678'] } as const;

/**
 * The 10th of next month at 22:00 in the market (23:00 in Chile's summer time): already the 11th in
 * UTC, so a first day counted in UTC instead of the market's zone would be one day short.
 */
function tenthOfNextMonth(site: 'cl' | 'pe') {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
  const day = `${month}-10`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  // a new line's cycle day is the 1st: its first period runs from the 10th to the end of that month
  const periodDays = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { day, at: new Date(`${day}T22:00:00${OFFSET[site]}`), lastDay: `${month}-${periodDays}`, periodDays, days: periodDays - 9 };
}

/**
 * The month a line moving on `settledOn` (the 10th) pays at the migration: it ends on the 10th of the
 * next month, past that month's cycle day (the 1st); the first bill, on the 1st after, charges from the
 * 10th to the month's end.
 */
function monthAfterMigration(settledOn: string) {
  const [y, m] = settledOn.split('-').map(Number) as [number, number];
  const day = (month: number, d: number) => new Date(Date.UTC(y, month, d)).toISOString().slice(0, 10);
  const periodDays = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return {
    cycleDayInside: day(m, 1),
    lastPaidDay: day(m, 9),
    endsOn: day(m, 10),
    periodEnd: day(m, periodDays),
    firstBill: day(m + 1, 1),
    secondBill: day(m + 2, 1),
    periodDays,
    days: periodDays - 9,
  };
}

type BillView = {
  amount: number;
  issuedAt: string;
  pdfUrl: string;
  plan: { amount: number; text: string | null; prorated: { from: string; to: string; days: number; periodDays: number } | null };
};

describe.each(drivers)('first bill proration (%s database)', (driver) => {
  const sites = bothSites(driver);

  const billsOf = async (v: Visitor, phone: string) =>
    (await v.call('GET', `/restpp/asset/${phone}/bills`)).json() as { bills: BillView[]; nextBill: { issuesOn: string } };

  it.each([
    ['cl', 'Primera boleta: plan proporcional del'],
    ['pe', 'Primer recibo de servicios: plan proporcional del'],
  ] as const)(
    '%s: a line sold through the plan journey gets a first bill prorated from its activation day (market zone) to the cycle day; the next bill is whole',
    async (siteId, opening) => {
      const site = sites[siteId];
      const app = site.app;
      const { v: buyer, order } = await planOrder(site, siteId, 'PO_PLAN_LIBRE_30', 0);
      await pay(app, buyer, (await buyer.call('GET', '/restpp/order/payment')).json().url, APPROVE);
      const number = (await buyer.call('GET', `/restpp/order/status?order=${order.number}`)).json().order.number;
      const [sold] = (await buyer.call('GET', `/restpp/order/plan/activation?order=${number}`)).json().lines;
      const [line] = await app.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, sold.phoneNumber));
      // the SIM is on its way: the line waits for its holder (captive-card-pending.test.ts activates one)
      expect(line).toMatchObject({ kind: 'postpaid', status: 'pending', cycleDay: 1 });

      // drive time: the holder activated the line late on the 10th of next month (the cycle-day test drives it the same way)
      const when = tenthOfNextMonth(siteId);
      await app.db.update(schema.lines).set({ status: 'active', activatedAt: when.at }).where(eq(schema.lines.id, line!.id));
      // the new customer created their secret (the password journey, tested in password.test.ts) and signs in
      await updateCustomerSecret(app.db, line!.customerId, await hash(SECRET[siteId]));
      const v = await new Visitor(app).open();
      expect((await v.login(guestFor(siteId, 0).document, SECRET[siteId])).statusCode).toBe(200);

      const before = await billsOf(v, line!.phoneNumber);
      expect(before.bills).toEqual([]);
      const issuesOn = nextCycleDay(when.lastDay, 1);
      expect(before.nextBill.issuesOn).toBe(issuesOn);
      expect(await issueDueBills(app, { lineId: line!.id }, new Date(`${when.lastDay}T17:00:00Z`))).toBe(0);

      // the period ends on the cycle day: the sweep issues the first bill, prorated
      expect(await issueDueBills(app, { all: true, limit: 1000 }, new Date(`${issuesOn}T17:00:00Z`))).toBeGreaterThanOrEqual(1);
      const price = (await v.call('GET', `/REST/asset/${line!.phoneNumber}/plan`)).json().plan.price as number;
      const [first] = (await billsOf(v, line!.phoneNumber)).bills;
      // a fraction of a minor unit (peso, céntimo) is left to the customer
      const expected = Math.floor((price * when.days) / when.periodDays);
      expect(expected).toBeLessThan(price);
      expect(first).toMatchObject({
        issuedAt: issuesOn,
        amount: expected,
        plan: { amount: expected, prorated: { from: when.day, to: when.lastDay, days: when.days, periodDays: when.periodDays } },
      });
      expect(first!.plan.text).toMatch(new RegExp(`^${opening} .* \\(${when.days} de ${when.periodDays} días\\): `));
      const pdf = (await v.call('GET', first!.pdfUrl)).rawPayload.toString('latin1');
      expect(pdf).toContain('plan proporcional');
      const [stored] = await app.db
        .select()
        .from(schema.bills)
        .where(and(eq(schema.bills.lineId, line!.id)));
      expect(stored!.proratedFrom).toBe(when.day);

      // every later period is whole
      const second = nextCycleDay(issuesOn, 1);
      expect(await issueDueBills(app, { lineId: line!.id }, new Date(`${second}T17:00:00Z`))).toBe(1);
      const latest = (await billsOf(v, line!.phoneNumber)).bills[0];
      expect(latest).toMatchObject({ issuedAt: second, amount: price, plan: { amount: price, prorated: null, text: null } });
      expect((await v.call('GET', latest!.pdfUrl)).rawPayload.toString('latin1')).not.toContain('proporcional');
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a prepaid line moved to a plan paid its first month at the migration: no bill inside it, then a first bill prorated from its end, then whole bills',
    async (siteId) => {
      const app = sites[siteId].app;
      const [user, secret, phone] = PREPAID[siteId];
      const v = await new Visitor(app).open();
      expect((await v.login(user, secret)).statusCode).toBe(200);
      const started = (
        await v.call('POST', `/restpp/asset/${phone}/migration`, { planId: 'PO_PLAN_LIBRE_30', idempotencyKey: `prorate-${siteId}-0001` })
      ).json();
      const token = new URL(started.response.redirectRUL, 'http://x').searchParams.get('token_ws')!;
      const paid = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, { card: APPROVE, action: 'pay' });
      expect((await v.call('GET', String(paid.headers.location))).headers.location).toMatch(/^\/personas\/migra-a-plan\/exito\?resultado=approved/);
      const [line] = await app.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, phone));
      expect(line).toMatchObject({ kind: 'postpaid', cycleDay: 1 });
      // not seen billable yet; drive time: it moved late on the 10th of next month (already the 11th in UTC),
      // long after its activation as prepaid, and paid the plan from then to the 10th of the month after
      expect(await nextBillDay(app.db, line!.id)).toBeUndefined();
      const when = tenthOfNextMonth(siteId);
      await app.db
        .update(schema.lineMigrations)
        .set({ settledAt: when.at })
        .where(and(eq(schema.lineMigrations.lineId, line!.id), eq(schema.lineMigrations.state, 'approved')));
      const paidMonth = monthAfterMigration(when.day);
      const view = await billsOf(v, phone);
      expect(view.bills).toEqual([]);
      expect(view.nextBill.issuesOn).toBe(paidMonth.firstBill);

      // the cycle day inside the paid month, and the paid month's last day: no bill
      const sweepOn = (day: string) => issueDueBills(app, { all: true, limit: 1000 }, new Date(`${day}T17:00:00Z`));
      await sweepOn(paidMonth.cycleDayInside);
      await sweepOn(paidMonth.lastPaidDay);
      const during = await billsOf(v, phone);
      expect(during.bills).toEqual([]);
      expect(during.nextBill.issuesOn).toBe(paidMonth.firstBill);

      // the first bill charges the days from the paid month's end (the 10th, in the market's zone) to the cycle day
      await sweepOn(paidMonth.firstBill);
      const price = (await v.call('GET', `/REST/asset/${phone}/plan`)).json().plan.price as number;
      const afterFirst = await billsOf(v, phone);
      expect(afterFirst.bills).toHaveLength(1);
      const expected = Math.floor((price * paidMonth.days) / paidMonth.periodDays);
      expect(expected).toBeLessThan(price);
      expect(afterFirst.bills[0]).toMatchObject({
        issuedAt: paidMonth.firstBill,
        amount: expected,
        plan: { amount: expected, prorated: { from: paidMonth.endsOn, to: paidMonth.periodEnd, days: paidMonth.days, periodDays: paidMonth.periodDays } },
      });
      expect(afterFirst.nextBill.issuesOn).toBe(paidMonth.secondBill);

      // then whole periods
      await sweepOn(paidMonth.secondBill);
      const [latest] = (await billsOf(v, phone)).bills;
      expect(latest).toMatchObject({ issuedAt: paidMonth.secondBill, amount: price, plan: { amount: price, prorated: null, text: null } });
    },
  );
});
