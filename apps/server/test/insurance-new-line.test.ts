import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { insuranceOverviewResponse } from '@andes/contract/inputs/insurance';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

/** A demo customer of the insurance journeys whose lines have no insurance (README): a postpaid and a prepaid line. */
const people = {
  cl: { login: '22.400.002-2', secret: '4641', phone: '934640002', prepaid: '934640003' },
  pe: { login: '934640012', secret: '464012', phone: '934640012', prepaid: '934640013' },
} as const;

// decision 028: a phone sold with a new line had no number when sold; the line its order opened carries its insurance
describe.each(drivers)('insurance of a phone sold with a new line (%s database)', (driver) => {
  let site: TestSite;
  afterEach(async () => site?.close());

  it.each(['cl', 'pe'] as const)('%s: the order’s only new line gets the phone’s insurance; an order opening two lines links neither', async (market) => {
    site = await startTestSite(market, driver);
    const p = people[market];
    const v = await new Visitor(site.app).open();
    expect((await v.login(p.login, p.secret)).statusCode).toBe(200);
    const db = site.database.db;
    const lineOf = async (phone: string) => (await db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, phone)))[0]!;
    const [line, prepaid] = [await lineOf(p.phone), await lineOf(p.prepaid)];
    const paidAt = new Date(Date.now() - 86_400_000);
    /** A paid order with a phone insured with `insurance` for no line yet, that opened `opened`. */
    const order = async (label: string, insurance: string, opened: Array<typeof line>) => {
      const [o] = await db
        .insert(schema.orders)
        .values({
          number: `T-NEW-${label}-${market}`,
          idempotencyKey: `test-new-line-${label}-${market}`,
          cartId: 0,
          customerId: line.customerId,
          ownerToken: 'test',
          status: 'delivered',
          currency: market === 'cl' ? 'CLP' : 'PEN',
          subTotalPrice: 1,
          totalPrice: 1,
          paidAt,
        })
        .returning();
      await db.insert(schema.orderLines).values({
        orderId: o!.id,
        type: 'equipment',
        itemId: 'SKU',
        productId: 'P',
        name: `Equipo ${label}`,
        color: 'Negro',
        image: '',
        quantity: 1,
        unitPrice: 1,
        insurances: [insurance],
      });
      for (const [i, l] of opened.entries()) {
        await db.insert(schema.planActivations).values({
          orderId: o!.id,
          planId: l.planId ?? line.planId!,
          customerId: l.customerId,
          lineId: l.id,
          phoneNumber: l.phoneNumber,
          newCustomer: false,
          slot: i + 1,
        });
      }
    };
    const insurancesOf = async (phone: string) => insuranceOverviewResponse.parse((await v.call('GET', `/restpp/asset/${phone}/insurance`)).json()).insurances;

    await order('two', 'INS_ROBO', [line, prepaid]);
    await order('one', 'INS_PANTALLA', [line]);
    const linked = await insurancesOf(p.phone);
    expect(linked.map((i) => [i.insuranceId, i.device, i.startsAt])).toEqual([['INS_PANTALLA', 'Equipo one', paidAt.toISOString()]]);
    // read again (and from the other line): still once, and the order that opened two lines is no one's
    expect(await insurancesOf(p.phone)).toHaveLength(1);
    expect(await insurancesOf(p.prepaid)).toEqual([]);
    const rows = await db.select().from(schema.lineInsurances);
    expect(rows.filter((r) => r.lineId === line.id || r.lineId === prepaid.id).map((r) => r.insuranceId)).toEqual(['INS_PANTALLA']);
  });
});
