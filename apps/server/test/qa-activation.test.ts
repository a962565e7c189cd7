import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { formatRut, rutCheckDigit } from '@andes/domain/rut';
import { activationAnswer, activationQuestions } from '@andes/contract/inputs/activation';
import { sandboxIccid } from '../src/adapters/sim-inventory/sandbox.ts';
import { sweepActivations } from '../src/flows/sim-activation.flow.ts';
import { issueDueBills } from '../src/modules/account/billing-cycle.service.ts';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

/**
 * QA of the SIM activation's payment faults (docs/api-activation.md, decision 025): a gateway answer
 * lost on the return or during the sweep, and a number that went to someone else while a payment
 * waited. Holders of this branch's range (RUT 22.8xx.xxx, DNI 4468xxxx, phones 93468xxxx).
 */

const APPROVE = '4051885600446623';
/** Approved, but the answer to the shop's first commit is lost (docs/sandbox.md). */
const ANSWER_LOST = '4051885600000009';

const people = {
  cl: {
    document: (body: string) => formatRut(`${body}${rutCheckDigit(body)}`),
    body: '22812345',
    area: { region: '13', commune: '13123', street: 'avenida providencia', number: '1234' },
  },
  pe: {
    document: (body: string) => body,
    body: '44681234',
    area: { region: '15', province: '1501', commune: '150122', street: 'Avenida José Larco', number: '345' },
  },
} as const;

describe.each(drivers)('SIM activation payment faults (%s database)', (driver) => {
  let site: TestSite;
  afterEach(async () => {
    vi.restoreAllMocks();
    await site?.close();
  });
  const visitor = (n: number) => new Visitor(site.app, `203.0.113.${n}`).open();

  /** A new-number activation ready to pay: identified, covered, a number picked and a plan chosen. */
  async function ready(market: SiteId, v: Visitor, chip: number) {
    const p = people[market];
    expect((await v.call('POST', '/restpp/subscriber/active/iccid', { iccid: sandboxIccid(market, chip), journey: 'newNumber' })).statusCode).toBe(200);
    const round = activationQuestions.parse(
      (
        await v.call('POST', '/restpp/subscriber/active/holder', {
          document: p.document(p.body),
          name: 'Ana Paz',
          email: `ana.${p.body}@example.com`,
          phoneNumber: '934680001',
        })
      ).json(),
    );
    const answers = await v.call('POST', '/restpp/subscriber/active/holder/answers', {
      challengeId: round.challengeId,
      answers: { q1: `o${p.body.slice(-2)}`, q2: `o${p.body.slice(0, 2)}` },
    });
    expect(answers.json().passed).toBe(true);
    expect((await v.call('POST', '/restpp/subscriber/address', p.area)).statusCode).toBe(200);
    const offered = activationAnswer.parse((await v.call('POST', '/restpp/subscriber/active/msisdn')).json()).activation.offered;
    expect((await v.call('PUT', '/restpp/subscriber/active/msisdn', { number: offered[0] })).statusCode).toBe(200);
    const plans = (await v.call('GET', '/restpp/subscriber/plans?activeSimType=newLine')).json();
    expect((await v.call('POST', '/restpp/subscriber/active/plan', { planId: plans.postpaidPlans[0].id })).statusCode).toBe(200);
    return offered[0]!;
  }

  /** Pays at the gateway's page with `card`; answers the return address the gateway sends the browser to. */
  async function paid(v: Visitor, card: string) {
    const res = await v.call('POST', '/restpp/subscriber/active/payment', { paymentMethod: 'webPay', idempotencyKey: 'qa-pay-00001' });
    expect(res.statusCode).toBe(200);
    const token = new URL(res.json().response.redirectRUL as string, 'http://x').searchParams.get('token_ws')!;
    const page = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, { card, action: 'pay' });
    expect(page.statusCode).toBe(303);
    return String(page.headers.location);
  }

  /** Paid and committed at the gateway, then the shop went down before recording it (a crash between the two steps). */
  async function committedUnrecorded(v: Visitor) {
    const back = await paid(v, APPROVE);
    const token = new URL(back, 'http://x').searchParams.get('token_ws')!;
    expect((await site.app.adapters.payments.commit(token)).status).toBe('AUTHORIZED');
  }

  /** The activation (and its numbers) past the gateway's time and the sweep's grace, as after a lost return. */
  async function lapse(iccid: string) {
    const past = new Date(Date.now() - 10 * 60_000);
    const [row] = await site.database.db.update(schema.simActivations).set({ expiresAt: past }).where(eq(schema.simActivations.iccid, iccid)).returning();
    await site.database.db.update(schema.numberHolds).set({ expiresAt: past }).where(eq(schema.numberHolds.activationId, row!.id));
    return row!;
  }

  const lineOf = async (iccid: string) => site.database.db.select().from(schema.lines).where(eq(schema.lines.simCode, iccid));

  it.each(['cl', 'pe'] as const)(
    '%s: the answer to the return’s commit is lost: the customer is not shown a server error, and the line opens once',
    async (market) => {
      site = await startTestSite(market, driver);
      const v = await visitor(21);
      const number = await ready(market, v, 41);
      const back = await paid(v, ANSWER_LOST);
      const returned = await v.call('GET', back);
      expect(returned.statusCode).toBe(303);
      expect(returned.headers.location).toBe('/personas/activacion-chip/numero-nuevo/activacion-exitosa');
      const lines = await lineOf(sandboxIccid(market, 41));
      expect(lines).toHaveLength(1);
      expect(lines[0]!.phoneNumber).toBe(number);
    },
  );

  it('the gateway unreachable during the sweep: an activation at the gateway is kept, and settled by a later sweep', async () => {
    site = await startTestSite('cl', driver);
    const v = await visitor(22);
    const number = await ready('cl', v, 42);
    await committedUnrecorded(v);
    // the browser never comes back; the sweep finds it past its time, and the gateway does not answer
    await lapse(sandboxIccid('cl', 42));
    vi.spyOn(site.app.adapters.payments, 'status').mockRejectedValueOnce(new Error('gateway down'));
    await sweepActivations(site.app);
    const [kept] = await site.database.db
      .select()
      .from(schema.simActivations)
      .where(eq(schema.simActivations.iccid, sandboxIccid('cl', 42)));
    expect(kept!.state).toBe('paying');
    // the gateway is back: the payment it took opens the line
    expect(await sweepActivations(site.app)).toBe(1);
    const lines = await lineOf(sandboxIccid('cl', 42));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.phoneNumber).toBe(number);
  });

  it('a number held for another customer while a payment waited is not given to the late payment: refunded instead', async () => {
    site = await startTestSite('cl', driver);
    const a = await visitor(23);
    const number = await ready('cl', a, 43);
    await committedUnrecorded(a);
    await lapse(sandboxIccid('cl', 43));
    // another customer's activation is offered that number meanwhile (it was free again)
    const b = await visitor(24);
    expect((await b.call('POST', '/restpp/subscriber/active/iccid', { iccid: sandboxIccid('cl', 44), journey: 'newNumber' })).statusCode).toBe(200);
    const [other] = await site.database.db
      .select()
      .from(schema.simActivations)
      .where(eq(schema.simActivations.iccid, sandboxIccid('cl', 44)));
    await site.database.db
      .update(schema.numberHolds)
      .set({ activationId: other!.id, expiresAt: new Date(Date.now() + 20 * 60_000) })
      .where(eq(schema.numberHolds.number, number));
    const refund = vi.spyOn(site.app.adapters.payments, 'refund');
    await sweepActivations(site.app);
    expect(await lineOf(sandboxIccid('cl', 43))).toEqual([]);
    expect(refund).toHaveBeenCalledTimes(1);
    const [ended] = await site.database.db
      .select()
      .from(schema.simActivations)
      .where(eq(schema.simActivations.iccid, sandboxIccid('cl', 43)));
    expect(ended!.state).toBe('cancelled');
    // the other customer still holds it
    const holds = await site.database.db.select().from(schema.numberHolds).where(isNotNull(schema.numberHolds.activationId));
    expect(holds.find((h) => h.number === number)?.activationId).toBe(other!.id);
  });

  it('an approved payment found by the sweep after its hold lapsed opens the line when no one took its number', async () => {
    site = await startTestSite('pe', driver);
    const v = await visitor(25);
    const number = await ready('pe', v, 45);
    await committedUnrecorded(v);
    await lapse(sandboxIccid('pe', 45));
    expect(await sweepActivations(site.app)).toBe(1);
    const lines = await lineOf(sandboxIccid('pe', 45));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.phoneNumber).toBe(number);
  });

  /** Days (ISO) around a chip line working from the 10th of next month (cycle day 1) and paying its first month then. */
  function paidMonth(market: SiteId) {
    const now = new Date();
    const day = (m: number, d: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, d)).toISOString().slice(0, 10);
    const offset = market === 'cl' ? '-04:00' : '-05:00';
    return { at: new Date(`${day(1, 10)}T12:00:00${offset}`), cycleDayInside: day(2, 1), endsOn: day(2, 10), firstBill: day(3, 1) };
  }

  it.each(['cl', 'pe'] as const)(
    '%s: the first month paid at the activation is not billed again; it counts as one of the promotion’s months',
    async (market) => {
      site = await startTestSite(market, driver);
      const v = await visitor(26);
      await ready(market, v, 46);
      const back = await paid(v, APPROVE);
      expect((await v.call('GET', back)).headers.location).toBe('/personas/activacion-chip/numero-nuevo/activacion-exitosa');
      const [line] = await lineOf(sandboxIccid(market, 46));
      const [plan] = await site.database.db.select().from(schema.plans).where(eq(schema.plans.id, line!.planId!));
      if (plan!.discountMonths !== null && plan!.commercePrice !== null) expect(line!.promoMonths ?? 0).toBe(Math.max(0, plan!.discountMonths - 1));
      // the line works from the 10th of next month: the month paid runs to the 10th of the month after
      const when = paidMonth(market);
      await site.database.db.update(schema.lines).set({ activatedAt: when.at }).where(eq(schema.lines.id, line!.id));
      await site.database.db.update(schema.simActivations).set({ activatedAt: when.at }).where(eq(schema.simActivations.lineId, line!.id));
      // the billing sweep sees the line the day it starts working
      await issueDueBills(site.app, { lineId: line!.id }, new Date(when.at.getTime() + 3_600_000));
      // no bill on a cycle day inside the month paid
      await issueDueBills(site.app, { lineId: line!.id }, new Date(`${when.cycleDayInside}T17:00:00Z`));
      expect(await site.database.db.select().from(schema.bills).where(eq(schema.bills.lineId, line!.id))).toEqual([]);
      // the first bill charges from the end of the month paid
      await issueDueBills(site.app, { lineId: line!.id }, new Date(`${when.firstBill}T17:00:00Z`));
      const bills = await site.database.db.select().from(schema.bills).where(eq(schema.bills.lineId, line!.id));
      expect(bills).toHaveLength(1);
      expect(bills[0]).toMatchObject({ issuedAt: when.firstBill, proratedFrom: when.endsOn });
    },
  );
});
