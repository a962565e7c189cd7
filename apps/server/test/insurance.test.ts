import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { deductibleResponse, insuranceOverviewResponse } from '@andes/contract/inputs/insurance';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

/** The insurance journeys' demo customers (one insured, one not), and another customer's line for the ownership check. */
const people = {
  cl: {
    login: '22.400.001-4',
    secret: '4640',
    phone: '934640001',
    other: { login: '22.400.002-2', secret: '4641', phone: '934640002', prepaid: '934640003' },
    foreign: '912345678',
  },
  pe: {
    login: '934640011',
    secret: '464011',
    phone: '934640011',
    other: { login: '934640012', secret: '464012', phone: '934640012', prepaid: '934640013' },
    foreign: '987654321',
  },
} as const;

const key = (label: string) => `${label}-${Math.random().toString(36).slice(2, 12)}`;

describe.each(drivers)('device insurance (%s database)', (driver) => {
  // one site per test: claims and events outlive their test otherwise
  let site: TestSite;
  const open = async (market: SiteId, who: 'insured' | 'other' = 'insured') => {
    site = await startTestSite(market, driver);
    const p = people[market];
    const v = await new Visitor(site.app).open();
    const login = who === 'insured' ? p : p.other;
    expect((await v.login(login.login, login.secret)).statusCode).toBe(200);
    return { v, p };
  };
  afterEach(async () => site?.close());
  const url = (phone: string, rest = '') => `/restpp/asset/${phone}/insurance${rest}`;
  const catalogueOf = async (id: string) => (await site.database.db.select().from(schema.insurances).where(eq(schema.insurances.id, id)))[0]!;
  const lineId = async (phone: string) => (await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, phone)))[0]!.id;
  const deductibleCharges = async (phone: string) =>
    site.database.db
      .select()
      .from(schema.billCharges)
      .where(and(eq(schema.billCharges.lineId, await lineId(phone)), eq(schema.billCharges.kind, 'insurance_deductible')));

  it.each(['cl', 'pe'] as const)(
    '%s: a damage claim is filed, reviewed, approved, its deductible billed once and the replacement delivered',
    async (market) => {
      const { v, p } = await open(market);
      const total = await catalogueOf('INS_PROTECCION_TOTAL');
      const overview = insuranceOverviewResponse.parse((await v.call('GET', url(p.phone))).json());
      expect(overview.insurances).toHaveLength(1);
      const [insurance] = overview.insurances;
      expect(insurance).toMatchObject({ insuranceId: 'INS_PROTECCION_TOTAL', inForce: true, eventsNumber: 2, eventsLeft: 2, covers: ['theft', 'damage'] });
      expect(insurance!.nextDeductible.amount).toBe(total.deductibleCost);
      expect(insurance!.imei).toMatch(/^\d{15}$/);
      expect(overview).toMatchObject({ offer: [], current: null, history: [], theftBlock: null, deductiblePayment: 'bill' });

      // ownership, page token and bad input
      const body = { insuranceId: insurance!.id, kind: 'damage', description: 'Se me cayó al agua y no enciende.' };
      expect((await v.call('GET', url(p.foreign))).statusCode).toBe(403);
      expect((await v.call('POST', url(p.foreign, '/claims'), body)).statusCode).toBe(403);
      expect((await v.call('POST', url(p.phone, '/claims'), body, { token: null })).statusCode).toBe(403);
      const malformed = await v.call('POST', url(p.phone, '/claims'), { insuranceId: 'x', kind: 'fire', description: 'corto' });
      expect(malformed.statusCode).toBe(400);
      expect(Object.keys(malformed.json().validationError).sort()).toEqual(['description', 'insuranceId', 'kind']);
      expect((await v.call('POST', url(p.phone, '/claims'), 'not json')).statusCode).toBe(400);
      const unknown = await v.call('POST', url(p.phone, '/claims'), { ...body, insuranceId: 999999 });
      expect(unknown.statusCode).toBe(404);
      // a theft needs the line's theft block first
      const theft = await v.call('POST', url(p.phone, '/claims'), { ...body, kind: 'theft' });
      expect(theft.statusCode).toBe(409);
      expect(theft.json().response.systemMessage[0].exceptionKey).toBe('insurance.error.theftBlock');

      const filed = insuranceOverviewResponse.parse((await v.call('POST', url(p.phone, '/claims'), body)).json());
      const claim = filed.current!;
      expect(claim).toMatchObject({ status: 'filed', kind: 'damage', deductiblePaidAt: null, timeline: [{ status: 'filed' }] });
      expect(claim.number).toMatch(new RegExp(`^SN-${market.toUpperCase()}-\\d{7}$`));
      expect(claim.deductible.amount).toBe(total.deductibleCost);
      // the event is taken when filed
      expect(filed.insurances[0]).toMatchObject({ eventsUsed: 1, eventsLeft: 1 });
      const [row] = await site.database.db.select().from(schema.insuranceClaims).where(eq(schema.insuranceClaims.number, claim.number));
      expect(row!.insurerReference).toBe(`ASG-${claim.number}`);
      const again = await v.call('POST', url(p.phone, '/claims'), body);
      expect(again.statusCode).toBe(409);
      expect(again.json().response.systemMessage[0].exceptionKey).toBe('insurance.error.open');

      // not payable before approval; another line's claim number is refused
      const early = await v.call('POST', url(p.phone, `/claims/${claim.number}/deductible`), { idempotencyKey: key('early') });
      expect(early.statusCode).toBe(409);
      expect(early.json().response.systemMessage[0].exceptionKey).toBe('insurance.error.notApproved');
      expect((await v.call('POST', url(p.foreign, `/claims/${claim.number}/status`))).statusCode).toBe(403);
      expect((await v.call('POST', url(p.phone, '/claims/SN-XX-0000000/status'))).statusCode).toBe(404);
      expect((await v.call('POST', url(p.phone, '/claims/nonsense/status'))).statusCode).toBe(404);

      const check = async () => insuranceOverviewResponse.parse((await v.call('POST', url(p.phone, `/claims/${claim.number}/status`))).json());
      expect((await check()).current!.status).toBe('in_review');
      expect((await check()).current!.status).toBe('approved');
      // approved but unpaid: the replacement waits for the deductible
      expect((await check()).current!.status).toBe('approved');

      const payKey = key('pay');
      const paid = deductibleResponse.parse((await v.call('POST', url(p.phone, `/claims/${claim.number}/deductible`), { idempotencyKey: payKey })).json());
      expect(paid.replayed).toBe(false);
      expect(paid.current).toMatchObject({ deductiblePayment: 'bill', status: 'approved' });
      const replay = deductibleResponse.parse((await v.call('POST', url(p.phone, `/claims/${claim.number}/deductible`), { idempotencyKey: payKey })).json());
      expect(replay.replayed).toBe(true);
      const twice = await v.call('POST', url(p.phone, `/claims/${claim.number}/deductible`), { idempotencyKey: key('twice') });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().response.systemMessage[0].exceptionKey).toBe('insurance.error.deductiblePaid');
      // the deductible shown is the one charged, once, on the next bill
      expect((await deductibleCharges(p.phone)).map((c) => c.amount)).toEqual([claim.deductible.amount]);
      const bills = (await v.call('GET', `/restpp/asset/${p.phone}/bills`)).json();
      expect(bills.nextBill.charges).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'insurance_deductible', amount: claim.deductible.amount })]),
      );

      const delivered = await check();
      expect(delivered.current).toBeNull();
      expect(delivered.history[0]).toMatchObject({ number: claim.number, status: 'delivered' });
      expect(delivered.history[0]!.timeline.map((e) => e.status)).toEqual(['filed', 'in_review', 'approved', 'delivered']);
      // the second event's deductible is the catalogue's second one
      expect(delivered.insurances[0]).toMatchObject({ eventsUsed: 1, eventsLeft: 1 });
      expect(delivered.insurances[0]!.nextDeductible.amount).toBe(total.deductibleCost2);
      const notices = await site.database.db.select().from(schema.notifications);
      expect(notices.map((n) => n.title)).toEqual(expect.arrayContaining(['Declaraste un siniestro', 'Pagaste el deducible']));
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a theft claim carries the line’s theft block; a rejection gives the event back; no events left refuses',
    async (market) => {
      const { v, p } = await open(market);
      const block = await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, {
        reason: 'SROBO',
        blockType: 'all',
        ...(market === 'cl' ? { policeReport: 'PT-2026-7788' } : {}),
      });
      expect(block.statusCode).toBe(200);
      const overview = insuranceOverviewResponse.parse((await v.call('GET', url(p.phone))).json());
      expect(overview.theftBlock).toMatchObject({ reason: 'SROBO' });
      const report = overview.theftBlock!.report!;
      if (market === 'cl') expect(report).toBe('PT-2026-7788');
      else expect(report).toMatch(/^RT-\d{8}$/);
      const id = overview.insurances[0]!.id;

      const theft = insuranceOverviewResponse.parse(
        (await v.call('POST', url(p.phone, '/claims'), { insuranceId: id, kind: 'theft', description: 'RECHAZO: me lo robaron en la micro' })).json(),
      );
      expect(theft.current).toMatchObject({ kind: 'theft', theftReport: report, status: 'filed' });
      const number = theft.current!.number;
      const check = async () => insuranceOverviewResponse.parse((await v.call('POST', url(p.phone, `/claims/${number}/status`))).json());
      await check();
      const rejected = await check();
      expect(rejected.current).toBeNull();
      expect(rejected.history[0]).toMatchObject({ number, status: 'rejected' });
      expect(rejected.insurances[0]).toMatchObject({ eventsUsed: 0, eventsLeft: 2 });
      // a final claim does not move again
      expect((await check()).history[0]!.status).toBe('rejected');

      // both events used (straight in the table: each took the claim's path above) leave none
      const [li] = await site.database.db.select().from(schema.lineInsurances).where(eq(schema.lineInsurances.id, id));
      const now = new Date();
      for (const n of [1, 2]) {
        await site.database.db.insert(schema.insuranceClaims).values({
          number: `SN-${market.toUpperCase()}-99${String(n).padStart(5, '0')}`,
          lineId: li!.lineId,
          lineInsuranceId: id,
          kind: 'damage',
          description: 'Pantalla rota, equipo repuesto.',
          status: 'delivered',
          deductible: 1,
          createdAt: now,
          updatedAt: now,
          closedAt: now,
        });
      }
      const none = await v.call('POST', url(p.phone, '/claims'), { insuranceId: id, kind: 'damage', description: 'Otra vez se me cayó el equipo.' });
      expect(none.statusCode).toBe(409);
      expect(none.json().response.systemMessage[0].exceptionKey).toBe('insurance.error.noEvents');
      expect(insuranceOverviewResponse.parse((await v.call('GET', url(p.phone))).json()).insurances[0]).toMatchObject({ eventsLeft: 0 });
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a line without insurance sees the offer; a phone bought with insurance for it brings one; prepaid pays from its balance',
    async (market) => {
      const { v, p } = await open(market, 'other');
      const phone = p.other.phone;
      const none = insuranceOverviewResponse.parse((await v.call('GET', url(phone))).json());
      expect(none.insurances).toEqual([]);
      expect(none.offer.map((o) => o.insuranceId).sort()).toEqual(['INS_DANO_TOTAL', 'INS_PANTALLA', 'INS_PROTECCION_TOTAL', 'INS_ROBO']);
      const refused = await v.call('POST', url(phone, '/claims'), { insuranceId: 1, kind: 'damage', description: 'Se me cayó y no enciende.' });
      expect(refused.statusCode).toBe(404);

      // a paid order of this customer: a phone with Seguro Pantalla for this line
      const [customer] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, phone));
      const paidAt = new Date(Date.now() - 86_400_000);
      const [order] = await site.database.db
        .insert(schema.orders)
        .values({
          number: `T-INS-${market}`,
          idempotencyKey: `test-insurance-${market}`,
          cartId: 0,
          customerId: customer!.customerId,
          ownerToken: 'test',
          status: 'delivered',
          currency: market === 'cl' ? 'CLP' : 'PEN',
          subTotalPrice: 1,
          totalPrice: 1,
          paidAt,
        })
        .returning();
      await site.database.db.insert(schema.orderLines).values({
        orderId: order!.id,
        type: 'equipment',
        itemId: 'SKU',
        productId: 'P',
        name: 'Galaxy de prueba',
        color: 'Negro',
        image: '',
        quantity: 1,
        unitPrice: 1,
        insurances: ['INS_PANTALLA'],
        insuredPhoneNumber: phone,
      });
      const [first, second] = await Promise.all([v.call('GET', url(phone)), v.call('GET', url(phone))]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const bought = insuranceOverviewResponse.parse((await v.call('GET', url(phone))).json());
      expect(bought.insurances).toHaveLength(1);
      expect(bought.insurances[0]).toMatchObject({
        insuranceId: 'INS_PANTALLA',
        device: 'Galaxy de prueba',
        inForce: true,
        covers: ['damage'],
        startsAt: paidAt.toISOString(),
      });
      expect(bought.offer).toEqual([]);

      // a prepaid line's deductible comes from its balance, nothing when it is short
      const prepaidId = await lineId(p.other.prepaid);
      const [li] = await site.database.db
        .insert(schema.lineInsurances)
        .values({ lineId: prepaidId, insuranceId: 'INS_PANTALLA', device: 'Moto de prueba', startsAt: paidAt })
        .returning();
      const pre = (rest = '') => url(p.other.prepaid, rest);
      const filed = insuranceOverviewResponse.parse(
        (await v.call('POST', pre('/claims'), { insuranceId: li!.id, kind: 'damage', description: 'La pantalla se trizó entera.' })).json(),
      );
      expect(filed.deductiblePayment).toBe('balance');
      const number = filed.current!.number;
      const amount = filed.current!.deductible.amount;
      expect(amount).toBe((await catalogueOf('INS_PANTALLA')).deductibleCost);
      await v.call('POST', pre(`/claims/${number}/status`));
      await v.call('POST', pre(`/claims/${number}/status`));
      await site.database.db
        .update(schema.lines)
        .set({ balance: amount - 1 })
        .where(eq(schema.lines.id, prepaidId));
      const short = await v.call('POST', pre(`/claims/${number}/deductible`), { idempotencyKey: key('short') });
      expect(short.statusCode).toBe(409);
      expect(short.json().response.systemMessage[0].exceptionKey).toBe('insurance.error.balanceShort');
      await site.database.db
        .update(schema.lines)
        .set({ balance: amount + 500 })
        .where(eq(schema.lines.id, prepaidId));
      const paid = deductibleResponse.parse((await v.call('POST', pre(`/claims/${number}/deductible`), { idempotencyKey: key('balance') })).json());
      expect(paid.current).toMatchObject({ deductiblePayment: 'balance' });
      const [after] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.id, prepaidId));
      expect(after!.balance).toBe(500);
    },
  );

  it.each(['cl', 'pe'] as const)('%s: a claim the insurer could not take stays filed and the status check says so; nothing is lost', async (market) => {
    const { v, p } = await open(market);
    const id = insuranceOverviewResponse.parse((await v.call('GET', url(p.phone))).json()).insurances[0]!.id;
    const filed = insuranceOverviewResponse.parse(
      (await v.call('POST', url(p.phone, '/claims'), { insuranceId: id, kind: 'damage', description: 'CAIDA: se mojó y no enciende.' })).json(),
    );
    const number = filed.current!.number;
    const [row] = await site.database.db.select().from(schema.insuranceClaims).where(eq(schema.insuranceClaims.number, number));
    expect(row).toMatchObject({ status: 'filed', insurerReference: null });
    const check = await v.call('POST', url(p.phone, `/claims/${number}/status`));
    expect(check.statusCode).toBe(502);
    expect((await v.call('POST', url(p.foreign, `/claims/${number}/deductible`), { idempotencyKey: key('foreign') })).statusCode).toBe(403);
    const after = insuranceOverviewResponse.parse((await v.call('GET', url(p.phone))).json());
    expect(after.current).toMatchObject({ number, status: 'filed' });
    expect(after.insurances[0]).toMatchObject({ eventsUsed: 1 });
  });

  if (driver === 'server') {
    it('cl: forty parallel filings make one claim and take one event; forty parallel payments charge the deductible once', async () => {
      const { v, p } = await open('cl');
      const id = insuranceOverviewResponse.parse((await v.call('GET', url(p.phone))).json()).insurances[0]!.id;
      const body = { insuranceId: id, kind: 'damage', description: 'Se cayó desde el segundo piso.' };
      const filings = await Promise.all(Array.from({ length: 40 }, () => v.call('POST', url(p.phone, '/claims'), body)));
      const codes = filings.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(39);
      expect(await site.database.db.select().from(schema.insuranceClaims)).toHaveLength(1);
      const after = insuranceOverviewResponse.parse((await v.call('GET', url(p.phone))).json());
      expect(after.insurances[0]).toMatchObject({ eventsUsed: 1, eventsLeft: 1 });
      const number = after.current!.number;
      await v.call('POST', url(p.phone, `/claims/${number}/status`));
      await v.call('POST', url(p.phone, `/claims/${number}/status`));
      const payments = await Promise.all(
        Array.from({ length: 40 }, (_, i) => v.call('POST', url(p.phone, `/claims/${number}/deductible`), { idempotencyKey: `race-${i % 4}-abcdefgh` })),
      );
      expect(payments.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      expect(payments.some((r) => r.statusCode === 200)).toBe(true);
      expect((await deductibleCharges(p.phone)).map((c) => c.amount)).toEqual([after.current!.deductible.amount]);
    });
  }
});
