import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { normalizedDocument } from '@andes/domain/customer-document';
import { drivers, Visitor, bothSites } from './helpers.ts';
import { guestFor } from './plan-journey.ts';

/** The 50% promotion of the seed, capped at 3 lines per document (SPEC §9 "up to 3 plans with 50% discount per RUT"). */
const PROMOTED = 'PO_PLAN_LIBRE_40_V2';
const PRICES = { cl: { list: 24_990, promo: 12_495 }, pe: { list: 5990, promo: 2995 } } as const;
const BUYERS = 40;

describe.each(drivers)('the promotion quota per document (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)(
    '%s: 40 parallel order creations for one document never hold more than 3 promotional plans; the others are told the list price',
    async (siteId) => {
      const site = sites[siteId];
      const app = site.app;
      const prices = PRICES[siteId];
      const guest = guestFor(siteId, 0);
      const document = normalizedDocument(app.market, guest.document);
      // new-number lines for the race (a port-in line needs the registry's acceptance first): the
      // promotion's terms name every line for the test, its cap stays
      const [plan] = await app.db.select().from(schema.plans).where(eq(schema.plans.id, PROMOTED));
      expect(plan).toMatchObject({ discountLineKinds: ['portability'], discountPerDocument: 3 });
      await app.db.update(schema.plans).set({ discountLineKinds: null }).where(eq(schema.plans.id, PROMOTED));
      try {
        const buyers = [];
        for (let i = 0; i < BUYERS; i++) {
          const v = await new Visitor(app, `198.51.100.${i + 1}`).open();
          expect((await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: PROMOTED, quantity: 1 }])).statusCode).toBe(200);
          expect((await v.call('PUT', '/restpp/order/customer/info', { ...guest, email: `race${i}@example.com` })).statusCode).toBe(200);
          buyers.push(v);
        }
        // before any order the document has its 3 left: every cart shows the promotion
        expect((await buyers[0]!.call('GET', '/restpp/order/shoppingCart')).json().items[0]).toMatchObject({ monthlyPrice: prices.promo });

        const answers = await Promise.all(buyers.map((v) => v.call('GET', '/restpp/order/create')));
        const made = answers.filter((a) => a.statusCode === 200);
        const refused = answers.filter((a) => a.statusCode !== 200);
        expect(made).toHaveLength(3);
        for (const a of made) expect(a.json().order.lines).toMatchObject([{ id: PROMOTED, monthlyPrice: prices.promo, promotion: { percentage: 50 } }]);
        // the others: the re-check shows the line's price now, never a silent change
        for (const a of refused) {
          expect(a.statusCode).toBe(409);
          expect(a.json().issues).toEqual([expect.objectContaining({ itemId: PROMOTED, kind: 'price', shownPrice: prices.promo, currentPrice: prices.list })]);
        }
        const [held] = await app.db
          .select({ count: sql<number>`count(*)::integer` })
          .from(schema.orderLines)
          .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
          .where(and(eq(schema.orders.buyerDocument, document), eq(schema.orderLines.promoCapped, true)));
        expect(held!.count).toBe(3);

        // the fourth buyer's cart now shows the list price; accepting it makes the order at that price
        const late = buyers[answers.findIndex((a) => a.statusCode !== 200)]!;
        expect((await late.call('GET', '/restpp/order/shoppingCart')).json().items[0]).toMatchObject({
          monthlyPrice: prices.list,
          listMonthlyPrice: prices.list,
          promotion: null,
        });
        expect((await late.call('POST', '/restpp/order/cart/accept', {})).statusCode).toBe(200);
        const listed = await late.call('GET', '/restpp/order/create');
        expect(listed.statusCode).toBe(200);
        expect(listed.json().order).toMatchObject({ nextMonthPrice: prices.list, lines: [{ monthlyPrice: prices.list, promotion: null }] });

        // another document is not held back by this one's quota
        const other = await new Visitor(app, '198.51.100.200').open();
        expect((await other.call('POST', '/restpp/order/add', [{ type: 'plan', id: PROMOTED, quantity: 1 }])).statusCode).toBe(200);
        expect((await other.call('PUT', '/restpp/order/customer/info', guestFor(siteId, 1))).statusCode).toBe(200);
        expect((await other.call('GET', '/restpp/order/create')).json().order.lines).toMatchObject([{ monthlyPrice: prices.promo }]);
      } finally {
        await app.db.update(schema.plans).set({ discountLineKinds: plan!.discountLineKinds }).where(eq(schema.plans.id, PROMOTED));
      }
    },
    120_000,
  );
});
