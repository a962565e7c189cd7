import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

const BLUE_PHONE = 'PO_EQ_SAMSUNG_GALAXY_S24_ULTRA';
const BLUE_SKU = `sku_${BLUE_PHONE}_1`;
const OTHER_SKU = 'sku_PO_EQ_SAMSUNG_GALAXY_S24_FE_1';
const CAMPAIGN = 'CMP_BLUE_RENOVACION';
const BLUE_PLAN = 'PO_PLAN_BLUE_120';
const CUSTOMERS = { cl: { login: '123456785', secret: '1234' }, pe: { login: '987654321', secret: '123456' } } as const;

/** Buyers whose sandbox credit answer is known (docs/sandbox.md: last digit 1 rejects, else approves). */
const BUYERS = {
  cl: {
    approved: { name: 'Bruno Díaz', document: '18.585.543-0', email: 'bruno@example.com', phoneNumber: '912345671' },
    rejected: { name: 'Carla Rojas', document: '11.111.111-1', email: 'carla@example.com', phoneNumber: '912345672' },
  },
  pe: {
    approved: { name: 'Bruno Díaz', document: '40112233', email: 'bruno@example.com', phoneNumber: '912345671' },
    rejected: { name: 'Carla Rojas', document: '12345671', email: 'carla@example.com', phoneNumber: '912345672' },
  },
} as const;

async function passIdentity(v: Visitor, document: string) {
  const round = (await v.call('POST', '/restpp/subscriber/active/questions', { document })).json();
  const body = document.split('-')[0]!.replace(/\D/g, '');
  const answered = await v.call('POST', '/restpp/subscriber/active/answers', {
    challengeId: round.challengeId,
    answers: { q1: `o${body.slice(-2)}`, q2: `o${body.slice(0, 2)}` },
  });
  expect(answered.json().outcome).toBe('passed');
}

/** A guest with a Blue phone and its Blue plan (paid in installments) in the cart, identified. */
async function financingGuest(site: TestSite, buyer: { name: string; document: string; email: string; phoneNumber: string }) {
  const v = await new Visitor(site.app).open();
  expect(
    (
      await v.call('POST', '/restpp/order/add', [
        { type: 'equipment', id: BLUE_SKU, quantity: 1 },
        { type: 'plan', id: BLUE_PLAN, quantity: 1, billing_msisdn: buyer.phoneNumber },
      ])
    ).statusCode,
  ).toBe(200);
  expect((await v.call('PUT', '/restpp/order/customer/info', buyer)).statusCode).toBe(200);
  return v;
}

interface CartItem {
  id: string;
  type: string;
  price: number;
  monthlyPrice: number;
  campaignID: string | null;
  billing_email: string | null;
  billing_msisdn: string | null;
  insurances: Array<{ id: string; monthlyValue: number }>;
}

describe.each(drivers)('phone with a plan (%s database)', (driver) => {
  const sites = bothSites(driver);

  describe.each(['cl', 'pe'] as const)('%s', (site) => {
    it("lists a running campaign's equipment with the campaign item fields", async () => {
      const v = await new Visitor(sites[site].app).open();
      const res = await v.call('GET', `/restpp/asset/campaign/product/details?campaignID=${CAMPAIGN}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.campaign).toMatchObject({
        campaignID: CAMPAIGN,
        planID: BLUE_PLAN,
        planName: expect.stringContaining('Blue 120 GB'),
        discountPercentage: 10,
      });
      const item = body.items.find((i: { equipmentID: string }) => i.equipmentID === BLUE_PHONE);
      expect(item).toMatchObject({
        campaignID: CAMPAIGN,
        brand: 'Samsung',
        displayName: expect.stringContaining('Galaxy S24 Ultra'),
        backCamera: '200 MP + 50 MP + 12 MP + 10 MP',
        frontCamera: '12 MP',
        cpu: 'Snapdragon 8 Gen 3 for Galaxy',
        skuId: expect.stringMatching(/^sku_PO_EQ_SAMSUNG_GALAXY_S24_ULTRA_/),
      });
      expect(item.price.amount).toBe(Math.round((item.listPrice.amount * 90) / 100));
      expect(item.price.formatted).toMatch(site === 'cl' ? /^\$/ : /^S\/ /);
    });

    it('refuses a finished, unknown or missing campaign', async () => {
      const v = await new Visitor(sites[site].app).open();
      const finished = await v.call('GET', '/restpp/asset/campaign/product/details?campaignID=CMP_VERANO');
      expect(finished.statusCode).toBe(404);
      expect(finished.json().response.systemMessage[0]).toMatchObject({
        exceptionKey: 'phonePlan.error.campaign',
        messages: ['La campaña no existe o ya no está vigente.'],
      });
      expect((await v.call('GET', '/restpp/asset/campaign/product/details?campaignID=CMP_NADA')).statusCode).toBe(404);
      const missing = await v.call('GET', '/restpp/asset/campaign/product/details');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().validationError.campaignID).toBeDefined();
      expect((await v.call('GET', '/restpp/asset/campaign/product/details?campaignID=%3Cscript%3E')).statusCode).toBe(400);
    });

    it('adds a Blue phone and its plan together, with campaign, billing contact and insurance', async () => {
      const v = await new Visitor(sites[site].app).open();
      const lines = [
        { type: 'equipment', id: BLUE_SKU, quantity: 1, campaignID: CAMPAIGN, insurances: ['INS_PROTECCION_TOTAL'] },
        { type: 'plan', id: BLUE_PLAN, quantity: 1, campaignID: CAMPAIGN, billing_email: 'cliente@example.com', billing_msisdn: '987654321' },
      ];
      const res = await v.call('POST', '/restpp/order/add/campaign', lines);
      expect(res.statusCode).toBe(200);
      const cart = res.json();
      const phone = cart.items.find((i: CartItem) => i.type === 'equipment') as CartItem;
      const plan = cart.items.find((i: CartItem) => i.type === 'plan') as CartItem;
      // the phone goes with a Blue plan: it is on the Blue program (SPEC §3 rentalType)
      expect(phone).toMatchObject({ id: BLUE_SKU, campaignID: CAMPAIGN, rentalType: 'andesBlue' });
      expect(phone.insurances.map((i) => i.id)).toEqual(['INS_PROTECCION_TOTAL']);
      expect(plan).toMatchObject({ id: BLUE_PLAN, campaignID: CAMPAIGN, billing_email: 'cliente@example.com', billing_msisdn: '987654321' });
      expect(plan.monthlyPrice).toBeGreaterThan(0);
      expect(cart.nextMonthPrice).toBe(plan.monthlyPrice + phone.insurances[0].monthlyValue);
      const details = (await v.call('GET', `/restpp/asset/campaign/product/details?campaignID=${CAMPAIGN}`)).json();
      const listed = details.items.find((i: { skuId: string; equipmentID: string }) => i.equipmentID === BLUE_PHONE);
      expect(listed.skuId).toBe(BLUE_SKU);
      expect(phone.price).toBe(listed.price.amount);
    });

    it('a phone already in the cart, added again under the campaign, takes the campaign price without a re-check', async () => {
      const v = await new Visitor(sites[site].app).open();
      expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: BLUE_SKU, quantity: 1 }])).statusCode).toBe(200);
      const res = await v.call('POST', '/restpp/order/add/campaign', [
        { type: 'equipment', id: BLUE_SKU, quantity: 1, campaignID: CAMPAIGN },
        { type: 'plan', id: BLUE_PLAN, quantity: 1, campaignID: CAMPAIGN },
      ]);
      expect(res.statusCode).toBe(200);
      const phone = res.json().items.find((i: CartItem) => i.type === 'equipment') as CartItem & { shownPrice: number };
      expect(phone.shownPrice).toBe(phone.price);
      expect(res.json().issues).toEqual([]);
    });

    it('keeps one plan per cart and leaves the cart unchanged on refusal', async () => {
      const v = await new Visitor(sites[site].app).open();
      expect(
        (
          await v.call('POST', '/restpp/order/add', [
            { type: 'equipment', id: OTHER_SKU, quantity: 1 },
            { type: 'plan', id: 'PO_PLAN_LIBRE_30', quantity: 1 },
          ])
        ).statusCode,
      ).toBe(200);
      const again = await v.call('POST', '/restpp/order/add', [
        { type: 'equipment', id: BLUE_SKU, quantity: 1 },
        { type: 'plan', id: BLUE_PLAN, quantity: 1 },
      ]);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        success: false,
        overOrderErrorType: 'plansOverCountError',
        response: { systemMessage: [{ exceptionKey: 'pp.error.commerce.has.plan.in.cart' }] },
      });
      const cart = (await v.call('GET', '/restpp/order/shoppingCart')).json();
      expect(cart.items.map((i: CartItem) => i.id).sort()).toEqual(['PO_PLAN_LIBRE_30', OTHER_SKU].sort());
    });

    it('refuses campaign lines without a campaign and a campaign that does not hold the phone', async () => {
      const v = await new Visitor(sites[site].app).open();
      const without = await v.call('POST', '/restpp/order/add/campaign', [
        { type: 'equipment', id: BLUE_SKU, quantity: 1 },
        { type: 'plan', id: BLUE_PLAN, quantity: 1, campaignID: CAMPAIGN },
      ]);
      expect(without.statusCode).toBe(400);
      const finished = await v.call('POST', '/restpp/order/add/campaign', [{ type: 'equipment', id: BLUE_SKU, quantity: 1, campaignID: 'CMP_VERANO' }]);
      expect(finished.statusCode).toBe(409);
      expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
    });

    it("a campaign's price needs the campaign's plan: refused without it, and lost when the plan leaves the cart", async () => {
      const v = await new Visitor(sites[site].app).open();
      const phone = { type: 'equipment', id: BLUE_SKU, quantity: 1, campaignID: CAMPAIGN };
      const alone = await v.call('POST', '/restpp/order/add/campaign', [phone]);
      expect(alone.statusCode).toBe(409);
      expect(alone.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'pp.error.cart.campaign.plan', messages: [expect.stringMatching(/plan/)] });
      const otherPlan = await v.call('POST', '/restpp/order/add/campaign', [
        phone,
        { type: 'plan', id: 'PO_PLAN_LIBRE_30', quantity: 1, campaignID: CAMPAIGN },
      ]);
      expect(otherPlan.statusCode).toBe(409);
      expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);

      const listed = (await v.call('GET', `/restpp/asset/campaign/product/details?campaignID=${CAMPAIGN}`))
        .json()
        .items.find((i: { equipmentID: string }) => i.equipmentID === BLUE_PHONE);
      const added = (await v.call('POST', '/restpp/order/add/campaign', [phone, { type: 'plan', id: BLUE_PLAN, quantity: 1, campaignID: CAMPAIGN }])).json();
      expect(added.items.find((i: CartItem) => i.type === 'equipment').price).toBe(listed.price.amount);
      expect(listed.price.amount).toBeLessThan(listed.listPrice.amount);
      // the plan goes: so does the campaign price, and the checkout re-check shows the change before any charge
      const without = (await v.call('DELETE', `/restpp/order/${BLUE_PLAN}`)).json();
      expect(without.items.find((i: CartItem) => i.type === 'equipment').price).toBe(listed.listPrice.amount);
      expect(without.issues).toEqual([
        expect.objectContaining({ itemId: BLUE_SKU, kind: 'price', shownPrice: listed.price.amount, currentPrice: listed.listPrice.amount }),
      ]);
    });

    it('a campaign that ended since the phone was added no longer discounts it; one without a plan discounts the phone alone', async () => {
      const site_ = sites[site];
      const db = site_.database.db;
      await db.execute(
        sql.raw(`insert into campaigns (id, name, description, plan_id, product_ids, discount_percentage, starts_at, ends_at)
        values ('CMP_T_ENDING', 'Fin de semana', 'Solo hoy', '${BLUE_PLAN}', '["${BLUE_PHONE}"]', 20, now() - interval '1 day', now() + interval '1 hour'),
               ('CMP_T_ALONE', 'Equipo solo', 'Sin plan', null, '["${BLUE_PHONE}"]', 5, now() - interval '1 day', now() + interval '1 day')
        on conflict (id) do update set ends_at = excluded.ends_at`),
      );
      const v = await new Visitor(site_.app).open();
      const added = (
        await v.call('POST', '/restpp/order/add/campaign', [
          { type: 'equipment', id: BLUE_SKU, quantity: 1, campaignID: 'CMP_T_ENDING' },
          { type: 'plan', id: BLUE_PLAN, quantity: 1, campaignID: 'CMP_T_ENDING' },
        ])
      ).json();
      const discounted = added.items.find((i: CartItem) => i.type === 'equipment').price as number;
      await db.execute(sql.raw(`update campaigns set ends_at = now() - interval '1 second' where id = 'CMP_T_ENDING'`));
      const ended = (await v.call('GET', '/restpp/order/shoppingCart')).json();
      const today = ended.items.find((i: CartItem) => i.type === 'equipment').price as number;
      const [{ list }] = (
        (await db.execute(sql.raw(`select list_price as list from skus where id = '${BLUE_SKU}'`))) as unknown as { rows: Array<{ list: number }> }
      ).rows;
      expect(discounted).toBe(Math.round(Number(list) * 0.8));
      expect(today).toBe(Number(list));
      expect(ended.issues).toEqual([expect.objectContaining({ itemId: BLUE_SKU, kind: 'price', shownPrice: discounted, currentPrice: today })]);

      const w = await new Visitor(site_.app).open();
      const alone = (await w.call('POST', '/restpp/order/add/campaign', [{ type: 'equipment', id: BLUE_SKU, quantity: 1, campaignID: 'CMP_T_ALONE' }])).json();
      expect(alone.items[0].price).toBe(Math.round((today * 95) / 100));
    });

    it('refuses insurances that exclude each other, leaving the cart unchanged', async () => {
      const v = await new Visitor(sites[site].app).open();
      const res = await v.call('POST', '/restpp/order/add', [
        { type: 'equipment', id: BLUE_SKU, quantity: 1, insurances: ['INS_PROTECCION_TOTAL', 'INS_ROBO'] },
        { type: 'plan', id: BLUE_PLAN, quantity: 1 },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().validationError.insurances).toEqual([expect.stringMatching(/./)]);
      expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
    });

    it("adds a phone and plan for a signed-in customer into the customer's cart", async () => {
      const v = await new Visitor(sites[site].app).open();
      expect((await v.login(CUSTOMERS[site].login, CUSTOMERS[site].secret)).statusCode).toBe(200);
      await v.call('DELETE', `/restpp/order/${BLUE_SKU}`);
      await v.call('DELETE', `/restpp/order/${BLUE_PLAN}`);
      const res = await v.call('POST', '/restpp/order/add', [
        { type: 'equipment', id: BLUE_SKU, quantity: 1 },
        { type: 'plan', id: BLUE_PLAN, quantity: 1, billing_msisdn: '912345678' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json().status.signedIn).toBe(true);
      expect(
        res
          .json()
          .items.map((i: CartItem) => i.type)
          .sort(),
      ).toEqual(['equipment', 'plan']);
      // without the Blue plan the same phone is a regular sale
      const regular = (await v.call('DELETE', `/restpp/order/${BLUE_PLAN}`)).json();
      expect(regular.items.find((i: CartItem) => i.id === BLUE_SKU)).toMatchObject({ rentalType: 'regular' });
    });
    it('a financed phone needs identity and the financing credit check; a phone gone from stock goes to equipment-error', async () => {
      const site_ = sites[site];
      const buyer = BUYERS[site].approved;
      const v = await financingGuest(site_, buyer);
      const create = () => v.call('GET', '/restpp/order/create');
      expect((await create()).json()).toMatchObject({
        redirectRUL: '/personas/planesV2/validacion-identidad',
        response: { systemMessage: [{ exceptionKey: 'pp.error.identity.required' }] },
      });
      await passIdentity(v, buyer.document);
      expect((await create()).json()).toMatchObject({
        redirectRUL: '/personas/planesV2/equipo-financiamiento',
        response: { systemMessage: [{ exceptionKey: 'pp.error.credit.required' }] },
      });
      const stock = (n: number) => site_.database.db.execute(sql.raw(`update skus set stock = ${n} where id = '${BLUE_SKU}'`));
      const [{ stock: before }] = (
        (await site_.database.db.execute(sql.raw(`select stock from skus where id = '${BLUE_SKU}'`))) as unknown as { rows: Array<{ stock: number }> }
      ).rows;
      await stock(0);
      try {
        const approved = (await v.call('POST', '/restpp/subscriber/active/customer', { document: buyer.document, purpose: 'financing' })).json();
        expect(approved).toMatchObject({ outcome: 'approved', next: '/personas/equipos/lineas/solicitud/equipment-error' });
        expect((await create()).json()).toMatchObject({
          redirectRUL: '/personas/equipos/lineas/solicitud/equipment-error',
          response: { systemMessage: [{ exceptionKey: 'pp.error.credit.equipment' }] },
        });
      } finally {
        await stock(before);
      }
      expect((await v.call('GET', '/restpp/subscriber/active/requirements')).json()).toMatchObject({
        next: null,
        planSale: false,
        steps: [
          { kind: 'identity', done: true },
          { kind: 'credit', purpose: 'financing', done: true, outcome: 'approved' },
        ],
      });
      expect((await create()).statusCode).toBe(200);
    });

    it('a refused credit check keeps the financed order on the rejected-credit page', async () => {
      const buyer = BUYERS[site].rejected;
      const v = await financingGuest(sites[site], buyer);
      await passIdentity(v, buyer.document);
      expect((await v.call('POST', '/restpp/subscriber/active/customer', { document: buyer.document, purpose: 'financing' })).json()).toMatchObject({
        outcome: 'rejected',
        next: '/personas/equipos/lineas/solicitud/rejected-credit',
      });
      const refused = await v.call('GET', '/restpp/order/create');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        redirectRUL: '/personas/equipos/lineas/solicitud/rejected-credit',
        response: { systemMessage: [{ exceptionKey: 'rejected-credit' }] },
      });
    });
  });
});
