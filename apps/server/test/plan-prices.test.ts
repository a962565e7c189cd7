import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { SIM_CARD_PRICE } from '@andes/domain/plans-sale';
import { nextCycleDay } from '@andes/domain/account-bills';
import { issueDueBills } from '../src/modules/account/billing-cycle.service.ts';
import { drivers, Visitor, bothSites } from './helpers.ts';
import { APPROVE, pay, planOrder } from './plan-journey.ts';

/** The plan with a promotion the portability journey sells: 50% for 6 months, for port-in lines only (seed). */
const PROMOTED = 'PO_PLAN_LIBRE_40_V2';
/** Halves in minor units: $24.990 → $12.495, S/ 59.90 → S/ 29.95 (never rounded to whole units). */
const PRICES = { cl: { list: 24_990, promo: 12_495 }, pe: { list: 5990, promo: 2995 } } as const;
/** A promotion for every line: 30% for 12 months (seed); 30% off $34.990 is $24.493, off S/ 109.90 is S/ 76.93. */
const FOR_ALL = 'PO_PLAN_LIBRE_ILIMITADO';
const FOR_ALL_PRICES = { cl: { list: 34_990, promo: 24_493 }, pe: { list: 10_990, promo: 7693 } } as const;
/** The market's offset in the southern summer and winter alike is at least this far behind UTC. */
const OFFSET = { cl: '-04:00', pe: '-05:00' } as const;

/** The 10th of next month, late evening in the market (billing-proration.test.ts drives time the same way). */
function tenthOfNextMonth(site: 'cl' | 'pe') {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const periodDays = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { at: new Date(`${month}-10T22:00:00${OFFSET[site]}`), lastDay: `${month}-${periodDays}`, periodDays, days: periodDays - 9 };
}

describe.each(drivers)('the plan price the card shows is the price charged (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)('%s: the portability promotion is priced on a port-in line only, in minor units', async (siteId) => {
    const site = sites[siteId];
    const expected = PRICES[siteId];
    const plans = (await site.app.inject({ method: 'GET', url: '/restpp/subscriber/plans?activeSimType=portability' })).json();
    const card = plans.postpaidPlans.find((p: { id: string }) => p.id === PROMOTED);
    expect(card).toMatchObject({
      price: expected.list,
      commercePrice: expected.promo,
      planDiscountPercentage: 50,
      planDiscountMonths: 6,
      planDiscountLineKinds: ['portability'],
      planDiscountPerDocument: 3,
    });

    const v = await new Visitor(site.app).open();
    expect((await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: PROMOTED, quantity: 1, isPortability: true }])).statusCode).toBe(200);
    const cart = (await v.call('GET', '/restpp/order/shoppingCart')).json();
    expect(cart.nextMonthPrice).toBe(expected.promo);
    expect(cart.items).toMatchObject([
      {
        id: PROMOTED,
        type: 'plan',
        price: SIM_CARD_PRICE[siteId === 'cl' ? 'CLP' : 'PEN'],
        monthlyPrice: expected.promo,
        listMonthlyPrice: expected.list,
        promotion: { percentage: 50, promoPrice: expected.promo, months: 6, perDocument: 3 },
      },
    ]);

    // a new number is not what the promotion's terms name: the list price from the first month, in the cart and the order
    const { v: buyer, order } = await planOrder(site, siteId, PROMOTED, 1);
    const newLine = (await buyer.call('GET', '/restpp/order/shoppingCart')).json();
    expect(newLine.items).toMatchObject([{ id: PROMOTED, monthlyPrice: expected.list, listMonthlyPrice: expected.list, promotion: null }]);
    expect(order.nextMonthPrice).toBe(expected.list);
    expect(order.lines).toMatchObject([{ id: PROMOTED, monthlyPrice: expected.list, listMonthlyPrice: expected.list, promotion: null }]);
    // a page that showed the promotion for a new number is told the price, never charged another one
    const other = await new Visitor(site.app).open();
    const forged = await other.call('POST', '/restpp/order/add', [{ type: 'plan', id: PROMOTED, quantity: 1, price: expected.promo }]);
    expect(forged.statusCode).toBe(409);
    expect((await other.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
  });

  it.each(['cl', 'pe'] as const)(
    '%s: a plan line is compared by the monthly price it was added at, so an unchanged plan is no price change',
    async (siteId) => {
      const site = sites[siteId];
      const v = await new Visitor(site.app).open();
      expect((await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: 'PO_PLAN_LIBRE_30', quantity: 1 }])).statusCode).toBe(200);
      const before = (await v.call('GET', '/restpp/order/shoppingCart')).json();
      expect(before.items[0]).toMatchObject({ type: 'plan', shownPrice: before.items[0].monthlyPrice });
      expect(before.issues).toEqual([]);

      // the catalogue raises the plan meanwhile: the cart says so (from what to what) and the order waits for the customer
      const [plan] = await site.app.db.select().from(schema.plans).where(eq(schema.plans.id, 'PO_PLAN_LIBRE_30'));
      await site.app.db
        .update(schema.plans)
        .set({ price: sql`${schema.plans.price} + 1000`, commercePrice: sql`${schema.plans.commercePrice} + 1000` })
        .where(eq(schema.plans.id, plan!.id));
      try {
        const after = (await v.call('GET', '/restpp/order/shoppingCart')).json();
        expect(after.issues).toEqual([
          expect.objectContaining({ itemId: 'PO_PLAN_LIBRE_30', kind: 'price', shownPrice: plan!.price, currentPrice: plan!.price + 1000 }),
        ]);
        expect((await v.call('POST', '/restpp/order/cart/accept', {})).statusCode).toBe(200);
        expect((await v.call('GET', '/restpp/order/shoppingCart')).json().issues).toEqual([]);
      } finally {
        await site.app.db.update(schema.plans).set({ price: plan!.price, commercePrice: plan!.commercePrice }).where(eq(schema.plans.id, plan!.id));
      }
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: the line sold with the promotion is billed at its price: the prorated first bill and twelve whole bills, then the list price',
    async (siteId) => {
      const site = sites[siteId];
      const app = site.app;
      const expected = FOR_ALL_PRICES[siteId];
      const { v, order } = await planOrder(site, siteId, FOR_ALL, 2);
      await pay(app, v, (await v.call('GET', '/restpp/order/payment')).json().url, APPROVE);
      const number = (await v.call('GET', `/restpp/order/status?order=${order.number}`)).json().order.number;
      const [sold] = (await v.call('GET', `/restpp/order/plan/activation?order=${number}`)).json().lines;
      const [line] = await app.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, sold.phoneNumber));
      expect(line).toMatchObject({ cycleDay: 1, promoPrice: expected.promo, promoMonths: 12, status: 'pending' });
      // its holder activates the SIM (the captive host, captive-card-pending.test.ts) on the 10th of next month
      const when = tenthOfNextMonth(siteId);
      await app.db.update(schema.lines).set({ status: 'active', activatedAt: when.at }).where(eq(schema.lines.id, line!.id));
      // first seen billable within its first period
      expect(await issueDueBills(app, { lineId: line!.id }, new Date(`${when.lastDay}T17:00:00Z`))).toBe(0);

      const amounts: number[] = [];
      for (let day = nextCycleDay(when.lastDay, 1), n = 0; n < 14; day = nextCycleDay(day, 1), n++) {
        expect(await issueDueBills(app, { lineId: line!.id }, new Date(`${day}T17:00:00Z`))).toBe(1);
        const [bill] = await app.db
          .select()
          .from(schema.bills)
          .where(and(eq(schema.bills.lineId, line!.id), eq(schema.bills.issuedAt, day)));
        amounts.push(bill!.amount);
      }
      const firstBill = Math.floor((expected.promo * when.days) / when.periodDays);
      expect(amounts).toEqual([firstBill, ...Array(12).fill(expected.promo), expected.list]);
    },
  );
});
