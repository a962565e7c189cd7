import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { formatRut, rutCheckDigit } from '@andes/domain/rut';
import { luhnCheckDigit } from '@andes/domain/iccid';
import { activationAnswer, activationQuestions, streetsAnswer } from '@andes/contract/inputs/activation';
import { sandboxIccid } from '../src/adapters/sim-inventory/sandbox.ts';
import { sweepActivations } from '../src/flows/sim-activation.flow.ts';
import { ACTIVATION_PAGES } from '@andes/domain/sim-activation';
import { topupAmounts } from '@andes/domain/account-balance';
import { drivers, metricValue, startTestSite, Visitor, type TestSite } from './helpers.ts';

const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const withPages = existsSync(`${webBuild}/server/index.js`);

const APPROVE = '4051885600446623';
const REJECT = '5186059559590568';

/** The activation's holders (documents of this branch's range, unused by the seed) and their addresses. */
const people = {
  cl: {
    document: (body: string) => formatRut(`${body}${rutCheckDigit(body)}`),
    body: '22134567',
    area: { region: '13', commune: '13123', street: 'avenida providencia', number: '1234' },
    uncovered: { region: '05', commune: '05109', street: 'Avenida Libertad', number: '10' },
    otherMarket: 'pe' as SiteId,
  },
  pe: {
    document: (body: string) => body,
    body: '46134567',
    area: { region: '15', province: '1501', commune: '150122', street: 'Avenida José Larco', number: '345' },
    uncovered: { region: '04', province: '0401', commune: '040126', street: 'Avenida Ejército', number: '10' },
    otherMarket: 'cl' as SiteId,
  },
} as const;

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]).toString('base64');

/** What a port needs per market: a company of origin (Peru: and modality), and a number already ours. */
const ports = {
  cl: { company: 'entel', modality: undefined, ourLine: '912345678' },
  pe: { company: 'bitel', modality: 'prepaid', ourLine: '987654321' },
} as const;

const errorKey = (res: { json(): unknown }) =>
  (res.json() as { response: { systemMessage: Array<{ exceptionKey: string }> } }).response.systemMessage[0]?.exceptionKey;

describe.each(drivers)('SIM activation (%s database)', (driver) => {
  let site: TestSite;
  afterEach(async () => site?.close());
  const visitor = (n = 10) => new Visitor(site.app, `203.0.113.${n}`).open();

  /** A chip started, the holder identified and an address with coverage saved. */
  async function identified(market: SiteId, v: Visitor, chip: number, body: string = people[market].body) {
    const p = people[market];
    const started = await v.call('POST', '/restpp/subscriber/active/iccid', { iccid: sandboxIccid(market, chip), journey: 'newNumber' });
    expect(started.statusCode).toBe(200);
    const holder = await v.call('POST', '/restpp/subscriber/active/holder', {
      document: p.document(body),
      name: 'Camila Rojas',
      email: `camila.${body}@example.com`,
      phoneNumber: '934610001',
    });
    expect(holder.statusCode).toBe(200);
    const round = activationQuestions.parse(holder.json());
    const answers = await v.call('POST', '/restpp/subscriber/active/holder/answers', {
      challengeId: round.challengeId,
      answers: { q1: `o${body.slice(-2)}`, q2: `o${body.slice(0, 2)}` },
    });
    expect(answers.json().passed).toBe(true);
    const address = await v.call('POST', '/restpp/subscriber/address', p.area);
    expect(address.statusCode).toBe(200);
    return activationAnswer.parse(address.json()).activation;
  }

  /** Numbers offered, one picked, and the first plan offered for a new line chosen. */
  async function planned(v: Visitor) {
    const offered = activationAnswer.parse((await v.call('POST', '/restpp/subscriber/active/msisdn')).json()).activation.offered;
    expect(offered).toHaveLength(5);
    expect((await v.call('PUT', '/restpp/subscriber/active/msisdn', { number: offered[2] })).statusCode).toBe(200);
    const plans = (await v.call('GET', '/restpp/subscriber/plans?activeSimType=newLine')).json();
    const planId = plans.postpaidPlans[0].id as string;
    const chosen = await v.call('POST', '/restpp/subscriber/active/plan', { planId });
    expect(chosen.statusCode).toBe(200);
    return { number: offered[2]!, offered, activation: activationAnswer.parse(chosen.json()).activation };
  }

  async function pay(v: Visitor, key = 'pay-key-0001') {
    const res = await v.call('POST', '/restpp/subscriber/active/payment', { paymentMethod: 'webPay', idempotencyKey: key });
    expect(res.statusCode).toBe(200);
    return res.json() as { buyOrder: string; replayed: boolean; response: { redirectRUL: string } };
  }

  /** The customer on the gateway's hosted page: answers the return address. */
  async function gateway(v: Visitor, redirect: string, card: string) {
    const token = new URL(redirect, 'http://x').searchParams.get('token_ws')!;
    const res = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, { card, action: 'pay' });
    expect(res.statusCode).toBe(303);
    return String(res.headers.location);
  }

  it.each(['cl', 'pe'] as const)('%s: a new-number activation paid by card opens one line on the chip, with the number picked', async (market) => {
    site = await startTestSite(market, driver);
    const v = await visitor();
    const before = await identified(market, v, 1);
    expect(before).toMatchObject({ journeyKind: 'onlySimActivtion', covered: true, identityPassed: true, missing: 'number', chip: { kind: 'plan' } });
    expect(before.chip.last4).toBe(`•••• ${sandboxIccid(market, 1).slice(-4)}`);
    expect(before.next).toBe('/personas/activacion-chip/numero-nuevo/activar-plan');
    const { number, activation } = await planned(v);
    expect(activation.missing).toBeNull();
    expect(activation.next).toBe('/personas/activacion-chip/numero-nuevo/pagar-plan');
    expect(activation.amount!.amount).toBeGreaterThan(0);

    // resumed from the same browser; no one else sees it
    expect(activationAnswer.parse((await v.call('GET', '/restpp/subscriber/active/activation')).json()).activation.phoneNumber).toBe(number);
    expect((await (await visitor(11)).call('GET', '/restpp/subscriber/active/activation')).statusCode).toBe(404);

    const started = await pay(v);
    // a double submit answers the same payment
    const again = await pay(v, 'pay-key-0002');
    expect(again).toMatchObject({ buyOrder: started.buyOrder, replayed: true });
    const back = await gateway(v, started.response.redirectRUL, APPROVE);
    const returned = await v.call('GET', back);
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe('/personas/activacion-chip/numero-nuevo/activacion-exitosa');
    // a replayed return changes nothing
    expect((await v.call('GET', back)).headers.location).toBe('/personas/activacion-chip/numero-nuevo/activacion-exitosa');

    const done = activationAnswer.parse((await v.call('GET', '/restpp/subscriber/active/activation')).json()).activation;
    expect(done.state).toBe('active');
    expect(done.result).toMatchObject({ phoneNumber: number, newCustomer: true, cardLast4: '6623' });
    const lines = await site.database.db
      .select()
      .from(schema.lines)
      .where(eq(schema.lines.simCode, sandboxIccid(market, 1)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ phoneNumber: number, status: 'active', planId: activation.plan!.id });
    const [customer] = await site.database.db.select().from(schema.customers).where(eq(schema.customers.id, lines[0]!.customerId));
    expect(customer!.email).toBe(`camila.${people[market].body}@example.com`);
    // the numbers not picked are let go
    const holds = await site.database.db.select().from(schema.numberHolds).where(isNotNull(schema.numberHolds.activationId));
    expect(holds).toEqual([]);

    // the chip is now active: another browser is refused, and the picked number is a line
    const late = await (await visitor(12)).call('POST', '/restpp/subscriber/active/iccid', { iccid: sandboxIccid(market, 1), journey: 'newNumber' });
    expect(late.statusCode).toBe(409);
    expect(errorKey(late)).toBe('activation.error.chip.active');
  });

  it.each(['cl', 'pe'] as const)('%s: every bad chip is refused with what to do', async (market) => {
    site = await startTestSite(market, driver);
    const v = await visitor();
    const start = (iccid: string) => v.call('POST', '/restpp/subscriber/active/iccid', { iccid, journey: 'newNumber' });
    const good = sandboxIccid(market, 2);
    const wrongDigit = good.slice(0, -1) + String((Number(good.slice(-1)) + 1) % 10);
    // a code that is not a SIM's: the field says so in Spanish
    for (const iccid of [wrongDigit, '8956', `${good}1`, `12${good.slice(2, 19)}${luhnCheckDigit(`12${good.slice(2, 19)}`)}`]) {
      const res = await start(iccid);
      expect(res.statusCode, iccid).toBe(400);
      expect(res.json().validationError.iccid, iccid).toEqual([site.app.t('activation.error.iccid')]);
    }
    for (const [iccid, status, key] of [
      [sandboxIccid(people[market].otherMarket, 2), 409, 'activation.error.chip.otherMarket'],
      [sandboxIccid(market, 202), 409, 'activation.error.chip.active'],
      [sandboxIccid(market, 303), 409, 'activation.error.chip.lost'],
      [sandboxIccid(market, 90), 404, 'activation.error.chip.unknown'],
      [sandboxIccid(market, 999), 502, 'activation.error.inventory'],
    ] as const) {
      const res = await start(iccid);
      expect(res.statusCode, iccid).toBe(status);
      expect(errorKey(res), iccid).toBe(key);
    }
    // the printed card's spaces are fine
    const spaced = good.replace(/(\d{4})/g, '$1 ').trim();
    expect((await start(spaced)).statusCode).toBe(200);
    // malformed bodies are 400s, never 500s
    for (const body of [{}, { iccid: 5, journey: 'newNumber' }, { iccid: good, journey: 'x' }, { iccid: [good], journey: 'newNumber' }]) {
      expect((await v.call('POST', '/restpp/subscriber/active/iccid', body)).statusCode).toBe(400);
    }
    // no page token, no change
    expect((await v.call('POST', '/restpp/subscriber/active/iccid', { iccid: good, journey: 'newNumber' }, { token: null })).statusCode).toBe(403);
  });

  it.each(['cl', 'pe'] as const)('%s: steps in order, streets of the commune, feasibility, held numbers and plans', async (market) => {
    site = await startTestSite(market, driver);
    const p = people[market];
    const v = await visitor();
    // nothing before a chip
    expect(errorKey(await v.call('POST', '/restpp/subscriber/active/msisdn'))).toBe('activation.error.none');
    expect((await v.call('POST', '/restpp/subscriber/active/iccid', { iccid: sandboxIccid(market, 3), journey: 'newNumber' })).statusCode).toBe(200);
    const early = await v.call('POST', '/restpp/subscriber/active/msisdn');
    expect(early.statusCode).toBe(409);
    expect(errorKey(early)).toBe('activation.error.holder');
    expect(errorKey(await v.call('POST', '/restpp/subscriber/active/plan', { planId: 'x' }))).toBe('activation.error.holder');

    // the street directory of the demo commune
    const streets = streetsAnswer.parse((await v.call('GET', `/restpp/subscriber/streets?commune=${p.area.commune}&q=av`)).json());
    expect(streets.streets.length).toBeGreaterThan(10);
    expect(streets.commune.code).toBe(p.area.commune);
    const all = streetsAnswer.parse((await v.call('GET', `/restpp/subscriber/streets?commune=${p.area.commune}`)).json());
    expect(all.streets.length).toBeGreaterThanOrEqual(30);
    expect((await v.call('GET', '/restpp/subscriber/streets?commune=abc')).statusCode).toBe(400);
    expect((await v.call('GET', '/restpp/subscriber/streets?commune=99999')).statusCode).toBe(400);

    // a document that fails its check, then a holder with no bureau record
    const bad = await v.call('POST', '/restpp/subscriber/active/holder', {
      document: market === 'cl' ? '22.134.567-0' : '4613456',
      name: 'Ana',
      email: 'a@example.com',
      phoneNumber: '934610002',
    });
    expect(bad.statusCode).toBe(400);
    const noRecord = await v.call('POST', '/restpp/subscriber/active/holder', {
      document: p.document('22134560'.replace('22', market === 'cl' ? '22' : '46')),
      name: 'Ana Soto',
      email: 'a@example.com',
      phoneNumber: '934610002',
    });
    expect(noRecord.statusCode).toBe(404);
    // wrong answers do not pass
    const round = activationQuestions.parse(
      (
        await v.call('POST', '/restpp/subscriber/active/holder', {
          document: p.document(p.body),
          name: 'Ana Soto',
          email: 'a@example.com',
          phoneNumber: '934610002',
        })
      ).json(),
    );
    const wrong = await v.call('POST', '/restpp/subscriber/active/holder/answers', { challengeId: round.challengeId, answers: { q1: 'o00', q2: 'o00' } });
    expect(wrong.json().passed).toBe(false);
    expect(errorKey(await v.call('POST', '/restpp/subscriber/active/msisdn'))).toBe('activation.error.identity');

    // a fresh round, right answers
    const round2 = activationQuestions.parse(
      (
        await v.call('POST', '/restpp/subscriber/active/holder', {
          document: p.document(p.body),
          name: 'Ana Soto',
          email: 'a@example.com',
          phoneNumber: '934610002',
        })
      ).json(),
    );
    expect(
      (
        await v.call('POST', '/restpp/subscriber/active/holder/answers', {
          challengeId: round2.challengeId,
          answers: { q1: `o${p.body.slice(-2)}`, q2: `o${p.body.slice(0, 2)}` },
        })
      ).json().passed,
    ).toBe(true);

    // a street that is not the commune's, then a commune without coverage
    const street = await v.call('POST', '/restpp/subscriber/address', { ...p.area, street: 'Calle Inventada 123' });
    expect(street.statusCode).toBe(400);
    expect(errorKey(street)).toBe('activation.error.street');
    expect((await v.call('POST', '/restpp/subscriber/address', { ...p.area, commune: p.uncovered.commune })).statusCode).toBe(400);
    const uncovered = activationAnswer.parse((await v.call('POST', '/restpp/subscriber/address', p.uncovered)).json()).activation;
    expect(uncovered.covered).toBe(false);
    expect(errorKey(await v.call('POST', '/restpp/subscriber/active/msisdn'))).toBe('activation.error.address');
    const covered = activationAnswer.parse((await v.call('POST', '/restpp/subscriber/address', p.area)).json()).activation;
    expect(covered.address!.street).toBe(market === 'cl' ? 'Avenida Providencia' : 'Avenida José Larco');

    // five numbers held for this activation, the same ones when asked again, none offered to another
    const offered = activationAnswer.parse((await v.call('POST', '/restpp/subscriber/active/msisdn')).json()).activation.offered;
    expect(offered).toHaveLength(5);
    expect(activationAnswer.parse((await v.call('POST', '/restpp/subscriber/active/msisdn')).json()).activation.offered).toEqual(offered);
    const other = await visitor(20);
    await identified(market, other, 4, market === 'cl' ? '22134568' : '46134568');
    const theirs = activationAnswer.parse((await other.call('POST', '/restpp/subscriber/active/msisdn')).json()).activation.offered;
    expect(theirs).toHaveLength(5);
    expect(theirs.filter((n) => offered.includes(n))).toEqual([]);
    // a number not held for this activation (another's) cannot be picked
    const foreign = await v.call('PUT', '/restpp/subscriber/active/msisdn', { number: theirs[0] });
    expect(foreign.statusCode).toBe(409);
    expect(errorKey(foreign)).toBe('activation.error.number');
    expect((await v.call('PUT', '/restpp/subscriber/active/msisdn', { number: 'abc' })).statusCode).toBe(400);
    expect(errorKey(await v.call('POST', '/restpp/subscriber/active/plan', { planId: 'x' }))).toBe('activation.error.numberFirst');
    expect((await v.call('PUT', '/restpp/subscriber/active/msisdn', { number: offered[0] })).statusCode).toBe(200);

    // a plan not offered in the activation flow
    const [hidden] = await site.database.db.select().from(schema.plans).where(eq(schema.plans.showInActivationFlow, false)).limit(1);
    for (const planId of ['NOPE', ...(hidden ? [hidden.id] : [])]) {
      const res = await v.call('POST', '/restpp/subscriber/active/plan', { planId });
      expect(res.statusCode, planId).toBe(400);
      expect(errorKey(res)).toBe('activation.error.plan');
    }
    // paying before a plan is chosen
    expect(errorKey(await v.call('POST', '/restpp/subscriber/active/payment', { paymentMethod: 'webPay', idempotencyKey: 'k-000001' }))).toBe(
      'activation.error.planFirst',
    );
  });

  it.each(['cl', 'pe'] as const)('%s: a refused card leaves the chip and the number held for the same browser, who pays again', async (market) => {
    site = await startTestSite(market, driver);
    const v = await visitor();
    await identified(market, v, 5);
    const { number } = await planned(v);
    const first = await pay(v);
    const back = await v.call('GET', await gateway(v, first.response.redirectRUL, REJECT));
    expect(back.headers.location).toBe('/personas/activacion-chip/numero-nuevo/pagar-plan?resultado=rechazado');
    const after = activationAnswer.parse((await v.call('GET', '/restpp/subscriber/active/activation')).json()).activation;
    expect(after).toMatchObject({ state: 'started', phoneNumber: number, missing: null });
    expect(after.offered).toContain(number);
    expect(
      await site.database.db
        .select()
        .from(schema.lines)
        .where(eq(schema.lines.simCode, sandboxIccid(market, 5))),
    ).toEqual([]);
    // still this browser's: another one is told the chip is busy
    const busy = await (await visitor(30)).call('POST', '/restpp/subscriber/active/iccid', { iccid: sandboxIccid(market, 5), journey: 'newNumber' });
    expect(errorKey(busy)).toBe('activation.error.chip.busy');
    const second = await pay(v, 'pay-key-0003');
    expect(second.buyOrder).not.toBe(first.buyOrder);
    expect((await v.call('GET', await gateway(v, second.response.redirectRUL, APPROVE))).headers.location).toBe(
      '/personas/activacion-chip/numero-nuevo/activacion-exitosa',
    );
    const counted = (outcome: string) => metricValue(site.app, 'payments_total', { outcome });
    expect([await counted('rejected'), await counted('approved')]).toEqual([1, 1]);
  });

  it('the sweep lets an unfinished activation go: its chip and numbers are free again', async () => {
    site = await startTestSite('cl', driver);
    const v = await visitor();
    await identified('cl', v, 6);
    const offered = activationAnswer.parse((await v.call('POST', '/restpp/subscriber/active/msisdn')).json()).activation.offered;
    const other = await visitor(40);
    expect(errorKey(await other.call('POST', '/restpp/subscriber/active/iccid', { iccid: sandboxIccid('cl', 6), journey: 'newNumber' }))).toBe(
      'activation.error.chip.busy',
    );
    // nothing lapsed yet: the sweep leaves it
    expect(await sweepActivations(site.app)).toBe(0);
    await site.database.db
      .update(schema.simActivations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.simActivations.iccid, sandboxIccid('cl', 6)));
    expect(await sweepActivations(site.app)).toBe(1);
    expect(await site.database.db.select().from(schema.numberHolds).where(isNotNull(schema.numberHolds.activationId))).toEqual([]);
    expect(errorKey(await v.call('POST', '/restpp/subscriber/active/msisdn'))).toBe('activation.error.none');
    const taken = await other.call('POST', '/restpp/subscriber/active/iccid', { iccid: sandboxIccid('cl', 6), journey: 'newNumber' });
    expect(taken.statusCode).toBe(200);
    // the numbers it held are held by no one: free to be offered again
    expect(await site.database.db.select().from(schema.numberHolds).where(inArray(schema.numberHolds.number, offered))).toEqual([]);
    await identified('cl', other, 6, '22134569');
    expect(activationAnswer.parse((await other.call('POST', '/restpp/subscriber/active/msisdn')).json()).activation.offered).toHaveLength(5);
  });

  it.each(['cl', 'pe'] as const)('%s: 40 browsers starting one chip at once: one holds it; 40 returns of its payment open one line', async (market) => {
    site = await startTestSite(market, driver);
    const iccid = sandboxIccid(market, 7);
    const visitors = await Promise.all(Array.from({ length: 40 }, (_, i) => visitor(100 + i)));
    const starts = await Promise.all(visitors.map((v) => v.call('POST', '/restpp/subscriber/active/iccid', { iccid, journey: 'newNumber' })));
    const winners = starts.map((r, i) => ({ r, v: visitors[i]! })).filter(({ r }) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const r of starts.filter((s) => s.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(errorKey(r)).toBe('activation.error.chip.busy');
    }
    const v = winners[0]!.v;
    await identified(market, v, 7);
    await planned(v);
    const payments = await Promise.all(Array.from({ length: 40 }, (_, i) => pay(v, `pay-race-${String(i).padStart(4, '0')}`)));
    expect(new Set(payments.map((p) => p.buyOrder)).size).toBe(1);
    const back = await gateway(v, payments[0]!.response.redirectRUL, APPROVE);
    const returns = await Promise.all(Array.from({ length: 40 }, () => v.call('GET', back)));
    for (const r of returns) expect(r.headers.location).toBe('/personas/activacion-chip/numero-nuevo/activacion-exitosa');
    expect(await site.database.db.select().from(schema.lines).where(eq(schema.lines.simCode, iccid))).toHaveLength(1);
    const active = await site.database.db
      .select()
      .from(schema.simActivations)
      .where(and(eq(schema.simActivations.iccid, iccid), eq(schema.simActivations.state, 'active')));
    expect(active).toHaveLength(1);
    // and one payment in the metrics, under the method the customer chose
    expect(await metricValue(site.app, 'payments_total', { outcome: 'approved' })).toBe(1);
    expect(await metricValue(site.app, 'payments_total', { outcome: 'approved', method: 'webPay' })).toBe(1);
  });

  /** A port activation identified, with a covered address. */
  async function portIdentified(market: SiteId, v: Visitor, chip: number, body: string) {
    const p = people[market];
    expect((await v.call('POST', '/restpp/subscriber/active/iccid', { iccid: sandboxIccid(market, chip), journey: 'port' })).statusCode).toBe(200);
    const round = activationQuestions.parse(
      (
        await v.call('POST', '/restpp/subscriber/active/holder', {
          document: p.document(body),
          name: 'Diego Paz',
          email: `diego.${body}@example.com`,
          phoneNumber: '934610003',
        })
      ).json(),
    );
    expect(
      (
        await v.call('POST', '/restpp/subscriber/active/holder/answers', {
          challengeId: round.challengeId,
          answers: { q1: `o${body.slice(-2)}`, q2: `o${body.slice(0, 2)}` },
        })
      ).json().passed,
    ).toBe(true);
    return activationAnswer.parse((await v.call('POST', '/restpp/subscriber/address', p.area)).json()).activation;
  }

  async function codeFor(phone: string): Promise<string> {
    const res = await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phone}&limit=1` });
    return /\b(\d{6})\b/.exec(res.json().messages[0]?.body as string)![1]!;
  }

  it.each(['cl', 'pe'] as const)(
    '%s: a port activation: our own number refused, photos checked by content, the code from the outbox, the line porting until the window',
    async (market) => {
      site = await startTestSite(market, driver);
      const v = await visitor(50);
      const port = ports[market];
      const started = await portIdentified(market, v, 20, market === 'cl' ? '22156789' : '46156789');
      expect(started).toMatchObject({ journeyKind: 'onlyProtability', missing: 'number', next: '/personas/activacion-chip/portar-plan/datos' });
      // the numbers of a new line are not this journey's
      expect(errorKey(await v.call('POST', '/restpp/subscriber/active/msisdn'))).toBe('activation.error.journey');
      // SIM-swap protection: a number that is already a line here is never moved to this chip
      const ours = await v.call('POST', '/restpp/subscriber/active/port', { phoneNumber: port.ourLine, company: port.company, modality: port.modality });
      expect(ours.statusCode).toBe(409);
      expect(errorKey(ours)).toBe('activation.error.ourLine');
      const [line] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, port.ourLine));
      expect(line!.simCode).not.toBe(sandboxIccid(market, 20));
      if (market === 'pe')
        expect((await v.call('POST', '/restpp/subscriber/active/port', { phoneNumber: '934610201', company: port.company })).statusCode).toBe(400);
      expect((await v.call('POST', '/restpp/subscriber/active/port', { phoneNumber: '934610201', company: 'nope', modality: port.modality })).statusCode).toBe(
        400,
      );
      const saved = activationAnswer.parse(
        (await v.call('POST', '/restpp/subscriber/active/port', { phoneNumber: '934610201', company: port.company, modality: port.modality })).json(),
      ).activation;
      expect(saved).toMatchObject({ missing: 'documents', phoneNumber: '934610201', port: { state: 'draft', company: port.company } });
      expect(errorKey(await v.call('POST', '/restpp/subscriber/active/port/code'))).toBe('activation.error.documents');

      // photos: by content, whatever the declared type; too big refused; the photo never comes back
      const wrong = await v.call('POST', '/restpp/subscriber/active/documents', { side: 'front', image: { type: 'image/jpeg', data: PNG } });
      expect(wrong.statusCode).toBe(400);
      expect(errorKey(wrong)).toBe('account.error.attachment.type');
      const text = await v.call('POST', '/restpp/subscriber/active/documents', {
        side: 'front',
        image: { type: 'image/png', data: Buffer.from('<svg onload=alert(1)>').toString('base64') },
      });
      expect(errorKey(text)).toBe('account.error.attachment.type');
      const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024)]).toString('base64');
      expect([400, 413]).toContain(
        (await v.call('POST', '/restpp/subscriber/active/documents', { side: 'back', image: { type: 'image/jpeg', data: big } })).statusCode,
      );
      expect((await v.call('POST', '/restpp/subscriber/active/documents', { side: 'top', image: { type: 'image/png', data: PNG } })).statusCode).toBe(400);
      const front = await v.call('POST', '/restpp/subscriber/active/documents', { side: 'front', image: { type: 'image/png', data: PNG } });
      expect(front.statusCode).toBe(200);
      expect(JSON.stringify(front.json())).not.toContain(PNG.slice(0, 40));
      const back = activationAnswer.parse(
        (await v.call('POST', '/restpp/subscriber/active/documents', { side: 'back', image: { type: 'image/jpeg', data: JPEG } })).json(),
      ).activation;
      expect(back).toMatchObject({ documents: ['front', 'back'], missing: 'code' });
      expect(errorKey(await v.call('POST', '/restpp/subscriber/active/plan', { planId: 'x' }))).toBe('activation.error.codeFirst');

      // the code texted to the number being brought
      expect(activationAnswer.parse((await v.call('POST', '/restpp/subscriber/active/port/code')).json()).activation.port!.state).toBe('code_sent');
      const code = await codeFor('934610201');
      const bad = await v.call('PUT', '/restpp/subscriber/active/port/code', { code: code === '000000' ? '111111' : '000000' });
      expect(bad.statusCode).toBe(400);
      const accepted = activationAnswer.parse((await v.call('PUT', '/restpp/subscriber/active/port/code', { code })).json()).activation;
      expect(accepted).toMatchObject({ missing: 'plan', port: { state: 'accepted' }, next: '/personas/activacion-chip/portar-plan/activar-plan' });
      const scheduled = accepted.port!.scheduledFor!;

      const plans = (await v.call('GET', '/restpp/subscriber/plans?activeSimType=portability')).json();
      expect((await v.call('POST', '/restpp/subscriber/active/plan', { planId: plans.postpaidPlans[0].id })).statusCode).toBe(200);
      const started2 = await pay(v);
      expect((await v.call('GET', await gateway(v, started2.response.redirectRUL, APPROVE))).headers.location).toBe(
        '/personas/activacion-chip/portar-plan/activacion-exitosa',
      );
      const done = activationAnswer.parse((await v.call('GET', '/restpp/subscriber/active/activation')).json()).activation;
      expect(done.result).toMatchObject({ phoneNumber: '934610201', worksFrom: scheduled });
      const [opened] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, '934610201'));
      expect(opened).toMatchObject({ simCode: sandboxIccid(market, 20), status: 'porting' });
      // the photos are stored, and no route serves them
      expect(await site.database.db.select().from(schema.activationDocuments)).toHaveLength(2);
    },
  );

  it('a port the registry rejects stays at the code step with its reason; the chip is not activated', async () => {
    site = await startTestSite('cl', driver);
    const v = await visitor(60);
    await portIdentified('cl', v, 21, '22167891');
    await v.call('POST', '/restpp/subscriber/active/port', { phoneNumber: '934610207', company: 'entel' });
    await v.call('POST', '/restpp/subscriber/active/documents', { side: 'front', image: { type: 'image/png', data: PNG } });
    await v.call('POST', '/restpp/subscriber/active/documents', { side: 'back', image: { type: 'image/png', data: PNG } });
    await v.call('POST', '/restpp/subscriber/active/port/code');
    const answered = activationAnswer.parse(
      (await v.call('PUT', '/restpp/subscriber/active/port/code', { code: await codeFor('934610207') })).json(),
    ).activation;
    expect(answered).toMatchObject({ missing: 'code', port: { state: 'rejected', rejectReason: 'debt' } });
    expect(errorKey(await v.call('POST', '/restpp/subscriber/active/payment', { paymentMethod: 'webPay', idempotencyKey: 'k-000002' }))).toBe(
      'activation.error.codeFirst',
    );
    expect(
      await site.database.db
        .select()
        .from(schema.lines)
        .where(eq(schema.lines.simCode, sandboxIccid('cl', 21))),
    ).toEqual([]);
  });

  it.runIf(withPages).each(['cl', 'pe'] as const)(
    '%s: every page of the SPEC list answers: the starts render, the later steps send a visitor without an activation to its start',
    async (market) => {
      site = await startTestSite(market, driver, { WEB_BUILD_DIR: webBuild });
      const html = { accept: 'text/html' };
      for (const journey of ['newNumber', 'port'] as const) {
        const pages = Object.values(ACTIVATION_PAGES[journey]);
        expect(pages).toHaveLength(journey === 'port' ? 10 : 4);
        for (const path of pages) {
          const res = await site.app.inject({ method: 'GET', url: path, headers: html });
          if (path === ACTIVATION_PAGES[journey].start) {
            expect(res.statusCode, path).toBe(200);
            expect(res.body).toContain(journey === 'port' ? 'Activa tu chip y trae tu número' : 'Activa tu chip con un número nuevo');
            expect(res.body).toContain('Código del chip (ICCID)');
          } else {
            expect(res.statusCode, path).toBe(302);
            expect(res.headers.location, path).toBe(ACTIVATION_PAGES[journey].start);
          }
        }
      }
    },
  );

  it.each(['cl', 'pe'] as const)('%s: a cash code (Peru only) holds the chip until paid at an agent; the signed notice opens the line once', async (market) => {
    site = await startTestSite(market, driver);
    const v = await visitor(70);
    await identified(market, v, 30, market === 'cl' ? '22178912' : '46178912');
    const { number } = await planned(v);
    const res = await v.call('POST', '/restpp/subscriber/active/payment', { paymentMethod: 'cashCode', idempotencyKey: 'cash-key-0001' });
    if (market === 'cl') {
      expect(res.statusCode).toBe(400);
      expect(res.json().validationError.paymentMethod).toEqual([site.app.t('activation.error.payment')]);
      return;
    }
    expect(res.statusCode).toBe(200);
    const cip = res.json().cashCode as string;
    expect(cip).toMatch(/^\d{12}$/);
    const waiting = activationAnswer.parse((await v.call('GET', '/restpp/subscriber/active/activation')).json()).activation;
    expect(waiting).toMatchObject({ state: 'paying', cashCode: { code: cip } });
    expect(Date.parse(waiting.cashCode!.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // a forged notice changes nothing
    const forged = await site.app.inject({
      method: 'POST',
      url: '/restpp/subscriber/active/payment/notify',
      headers: { 'content-type': 'application/json', 'x-pagoefectivo-signature': 'x' },
      payload: JSON.stringify({ cip, status: 'PAID', amount: waiting.amount!.amount }),
    });
    expect(forged.statusCode).toBe(401);
    // the agent takes the money: the provider's signed notice opens the line
    const agent = await site.app.inject({ method: 'POST', url: `/sandbox/pagoefectivo/pay?cip=${cip}` });
    expect(agent.statusCode).toBe(200);
    const done = activationAnswer.parse((await v.call('GET', '/restpp/subscriber/active/activation')).json()).activation;
    expect(done).toMatchObject({ state: 'active', result: { phoneNumber: number, cardLast4: null } });
    // the provider repeats its notice: still one line
    expect((await site.app.inject({ method: 'POST', url: `/sandbox/pagoefectivo/pay?cip=${cip}` })).statusCode).toBe(200);
    expect(
      await site.database.db
        .select()
        .from(schema.lines)
        .where(eq(schema.lines.simCode, sandboxIccid(market, 30))),
    ).toHaveLength(1);
  });

  it('40 activations asking for numbers at once: each gets five, none held for two, and the pool runs dry cleanly', async () => {
    site = await startTestSite('cl', driver);
    const visitors = await Promise.all(Array.from({ length: 41 }, (_, i) => visitor(150 + i)));
    for (const [i, v] of visitors.entries()) {
      expect((await v.call('POST', '/restpp/subscriber/active/iccid', { iccid: sandboxIccid('cl', i + 1), journey: 'newNumber' })).statusCode).toBe(200);
    }
    // the holder, identity and address steps are the other tests'; here they are set as passed
    await site.database.db.update(schema.simActivations).set({
      document: '22134567-0',
      holderName: 'Prueba Carrera',
      email: 'carrera@example.com',
      contactPhone: '934610009',
      identityPassed: true,
      covered: true,
    });
    const offers = await Promise.all(visitors.slice(0, 40).map((v) => v.call('POST', '/restpp/subscriber/active/msisdn')));
    expect(offers.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const offered = offers.map((r) => activationAnswer.parse(r.json()).activation.offered);
    for (const list of offered) expect(list).toHaveLength(5);
    const all = offered.flat();
    expect(new Set(all).size).toBe(200);
    // the sandbox block (200 numbers) is all held now: the next one is told there are none
    const dry = await visitors[40]!.call('POST', '/restpp/subscriber/active/msisdn');
    expect(dry.statusCode).toBe(409);
    expect(errorKey(dry)).toBe('numbering.error.none');
  });

  /** A prepaid chip of the sandbox stock (101–120), the holder identified and a number picked. */
  async function prepaidNumbered(market: SiteId, v: Visitor, chip: number, body: string) {
    await identified(market, v, chip, body);
    const offered = activationAnswer.parse((await v.call('POST', '/restpp/subscriber/active/msisdn')).json()).activation.offered;
    const picked = activationAnswer.parse((await v.call('PUT', '/restpp/subscriber/active/msisdn', { number: offered[0] })).json()).activation;
    return picked;
  }

  const balanceOf = async (phoneNumber: string) => {
    const [line] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, phoneNumber));
    return line;
  };

  it.each(['cl', 'pe'] as const)(
    '%s: a prepaid chip skips the plan with an initial top-up: the amount shown is charged, 40 returns credit it once',
    async (market) => {
      site = await startTestSite(market, driver);
      const v = await visitor(80);
      const picked = await prepaidNumbered(market, v, 101, market === 'cl' ? '22512345' : '44651234');
      const amounts = topupAmounts[market === 'cl' ? 'CLP' : 'PEN'];
      expect(picked).toMatchObject({ chip: { kind: 'prepaid' }, missing: 'plan', initialTopup: null });
      expect(picked.topupAmounts.map((a) => a.amount)).toEqual([...amounts]);
      // an amount the account's top-ups do not offer is refused, nothing chosen
      const odd = await v.call('POST', '/restpp/subscriber/active/topup', { amount: amounts[0]! + 1 });
      expect(odd.statusCode).toBe(400);
      expect(odd.json().validationError.amount).toEqual([site.app.t('activation.error.topup')]);
      const amount = amounts[1]!;
      const chosen = activationAnswer.parse((await v.call('POST', '/restpp/subscriber/active/topup', { amount })).json()).activation;
      expect(chosen).toMatchObject({ missing: null, plan: null, initialTopup: { amount }, amount: { amount }, next: ACTIVATION_PAGES.newNumber.pay });
      const payments = await Promise.all(Array.from({ length: 40 }, (_, i) => pay(v, `prepaid-${String(i).padStart(4, '0')}`)));
      expect(new Set(payments.map((p) => p.buyOrder)).size).toBe(1);
      // the price shown is what the gateway charges
      const [charged] = await site.database.db.select().from(schema.gatewayTransactions).where(eq(schema.gatewayTransactions.buyOrder, payments[0]!.buyOrder));
      expect(charged!.amount).toBe(chosen.amount!.amount);
      const back = await gateway(v, payments[0]!.response.redirectRUL, APPROVE);
      const returns = await Promise.all(Array.from({ length: 40 }, () => v.call('GET', back)));
      for (const r of returns) expect(r.headers.location).toBe(ACTIVATION_PAGES.newNumber.done);
      const done = activationAnswer.parse((await v.call('GET', '/restpp/subscriber/active/activation')).json()).activation;
      expect(done.result).toMatchObject({ phoneNumber: picked.phoneNumber, prepaidBalance: { amount } });
      const line = await balanceOf(picked.phoneNumber!);
      expect(line).toMatchObject({ kind: 'prepaid', planId: null, balance: amount, simCode: sandboxIccid(market, 101), promoPrice: null });
      const moves = await site.database.db.select().from(schema.balanceMovements).where(eq(schema.balanceMovements.lineId, line!.id));
      expect(moves.map((m) => ({ kind: m.kind, amount: m.amount }))).toEqual([{ kind: 'topup', amount }]);
      expect(await site.database.db.select().from(schema.payments).where(eq(schema.payments.lineId, line!.id))).toHaveLength(1);
    },
  );

  it('a prepaid chip in Peru pays its initial top-up with a cash code; a plan chip is never activated with a top-up', async () => {
    site = await startTestSite('pe', driver);
    const plan = await visitor(81);
    await prepaidNumbered('pe', plan, 3, '44652345');
    const refused = await plan.call('POST', '/restpp/subscriber/active/topup', { amount: 500 });
    expect(refused.statusCode).toBe(409);
    expect(errorKey(refused)).toBe('activation.error.topup.chip');
    const v = await visitor(82);
    const picked = await prepaidNumbered('pe', v, 102, '44653456');
    // the top-up replaces a plan chosen before, and a plan chosen after replaces the top-up
    const plans = (await v.call('GET', '/restpp/subscriber/plans?activeSimType=newLine')).json();
    expect((await v.call('POST', '/restpp/subscriber/active/plan', { planId: plans.postpaidPlans[0].id })).statusCode).toBe(200);
    const chosen = activationAnswer.parse((await v.call('POST', '/restpp/subscriber/active/topup', { amount: 1000 })).json()).activation;
    expect(chosen).toMatchObject({ plan: null, initialTopup: { amount: 1000 }, amount: { amount: 1000 } });
    const res = await v.call('POST', '/restpp/subscriber/active/payment', { paymentMethod: 'cashCode', idempotencyKey: 'prepaid-cash-0001' });
    expect(res.statusCode).toBe(200);
    const cip = res.json().cashCode as string;
    const notices = await Promise.all(Array.from({ length: 3 }, () => site.app.inject({ method: 'POST', url: `/sandbox/pagoefectivo/pay?cip=${cip}` })));
    expect(notices.some((n) => n.statusCode === 200)).toBe(true);
    const line = await balanceOf(picked.phoneNumber!);
    expect(line).toMatchObject({ kind: 'prepaid', balance: 1000 });
    const [paid] = await site.database.db.select().from(schema.payments).where(eq(schema.payments.lineId, line!.id));
    expect(paid).toMatchObject({ kind: 'topup', amount: 1000, method: 'cashCode' });
  });

  it('a payment taken for an activation that cannot open its line is refunded by the sweep until the gateway takes it, once', async () => {
    site = await startTestSite('cl', driver);
    const v = await visitor(83);
    await identified('cl', v, 40, '22514567');
    const { activation } = await planned(v);
    const started = await pay(v, 'refund-key-0001');
    const back = await gateway(v, started.response.redirectRUL, APPROVE);
    // meanwhile the picked number became someone else's line: the approved payment opens nothing
    const [someone] = await site.database.db.select().from(schema.customers).limit(1);
    await site.database.db
      .insert(schema.lines)
      .values({ customerId: someone!.id, phoneNumber: activation.phoneNumber!, kind: 'prepaid', simCode: '89560710000000999999' });
    const payments = site.app.adapters.payments;
    const refund = payments.refund.bind(payments);
    let asked = 0;
    payments.refund = async (token) => {
      asked += 1;
      if (asked === 1) throw new Error('gateway unreachable');
      return refund(token);
    };
    const token = new URL(started.response.redirectRUL, 'http://x').searchParams.get('token_ws')!;
    const ledger = async () => (await site.database.db.select().from(schema.gatewayTransactions).where(eq(schema.gatewayTransactions.token, token)))[0]!.status;
    try {
      expect((await v.call('GET', back)).headers.location).toBe(`${ACTIVATION_PAGES.newNumber.pay}?resultado=rechazado`);
      expect(asked).toBe(1);
      expect(await ledger()).toBe('AUTHORIZED');
      expect(await sweepActivations(site.app)).toBe(1);
      expect(asked).toBe(2);
      expect(await ledger()).toBe('NULLIFIED');
      // given back: later sweeps and replayed returns never ask again
      expect(await sweepActivations(site.app)).toBe(0);
      await v.call('GET', back);
      expect(asked).toBe(2);
      const [row] = await site.database.db
        .select()
        .from(schema.simActivations)
        .where(eq(schema.simActivations.iccid, sandboxIccid('cl', 40)));
      expect(row).toMatchObject({ state: 'cancelled', refundClaimedBy: null });
      expect(row!.refundedAt).not.toBeNull();
    } finally {
      payments.refund = refund;
    }
  });
});
