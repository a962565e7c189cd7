import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { schema } from '@andes/db/client';
import { SIM_CARD_PRICE } from '@andes/domain/plans-sale';
import { issueDueBills } from '../src/modules/account/billing-cycle.service.ts';
import { updateCustomerSecret } from '../src/modules/auth/auth.repo.ts';
import { drivers, identityAnswers, Visitor, bothSites, type TestSite } from './helpers.ts';
import { APPROVE, guestFor, pay, storeFor } from './plan-journey.ts';

const BLUE_PLAN = 'PO_PLAN_BLUE_50';
const SECRET = { cl: '1357', pe: '246813' } as const;

/** A Blue phone in stock with its options for the Blue 50 plan (SPEC §3 {product}BlueInfo), from the catalogue. */
async function bluePhone(site: TestSite) {
  const db = site.app.db;
  const options = await db
    .select({
      productId: schema.blueOptions.productId,
      quotasValue: schema.blueOptions.quotasValue,
      initialQuota: schema.blueOptions.initialQuota,
      quotas: schema.blueOptions.quotas,
    })
    .from(schema.blueOptions)
    .where(eq(schema.blueOptions.planId, BLUE_PLAN))
    .orderBy(asc(schema.blueOptions.productId), asc(schema.blueOptions.quotasValue));
  const option = options.find((o) => o.quotasValue === 18)!;
  const [sku] = await db.select().from(schema.skus).where(eq(schema.skus.productId, option.productId)).orderBy(asc(schema.skus.id));
  const [regular] = await db
    .select({ id: schema.skus.id })
    .from(schema.skus)
    .innerJoin(schema.products, eq(schema.products.id, schema.skus.productId))
    .where(and(eq(schema.products.kind, 'phone'), eq(schema.products.pageType, 'other')))
    .limit(1);
  return { option, sku: sku!, regularSku: regular!.id };
}

async function passIdentity(v: Visitor, document: string) {
  const round = (await v.call('POST', '/restpp/subscriber/active/questions', { document })).json();
  const answered = await v.call('POST', '/restpp/subscriber/active/answers', {
    challengeId: round.challengeId,
    answers: identityAnswers(document.split('-')[0]!.replace(/\D/g, '')),
  });
  expect(answered.json().outcome).toBe('passed');
}

const errorKey = (res: { json: () => { response: { systemMessage: Array<{ exceptionKey: string }> } } }) => res.json().response.systemMessage[0]!.exceptionKey;

describe.each(drivers)('Blue phone sold on installments (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)('%s: a forged option, initial quota or plan is refused and the cart stays empty', async (siteId) => {
    const site = sites[siteId];
    const { option, sku, regularSku } = await bluePhone(site);
    const v = await new Visitor(site.app, '203.0.113.71').open();
    const plan = { type: 'plan', id: BLUE_PLAN, quantity: 1, billing_email: 'blue@example.com' };
    const phone = { type: 'equipment', id: sku.id, quantity: 1 };
    const forged = await v.call('POST', '/restpp/order/add', [{ ...phone, quotasValue: 7 }, plan]);
    expect(forged.statusCode).toBe(400);
    expect(errorKey(forged)).toBe('pp.error.cart.blue.option');
    const initial = await v.call('POST', '/restpp/order/add', [{ ...phone, quotasValue: option.quotasValue, initialQuota: option.initialQuota + 10 }, plan]);
    expect(initial.statusCode).toBe(400);
    expect(errorKey(initial)).toBe('pp.error.cart.blue.initialQuota');
    const withoutPlan = await v.call('POST', '/restpp/order/add', [{ ...phone, quotasValue: option.quotasValue }]);
    expect(withoutPlan.statusCode).toBe(409);
    expect(errorKey(withoutPlan)).toBe('pp.error.cart.blue.plan');
    const notBlue = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: regularSku, quantity: 1, quotasValue: option.quotasValue }, plan]);
    expect(notBlue.statusCode).toBe(409);
    const twice = await v.call('POST', '/restpp/order/add', [{ ...phone, quantity: 2, quotasValue: option.quotasValue }, plan]);
    expect(twice.statusCode).toBe(409);
    const cart = await site.app.db.select().from(schema.cartLines).innerJoin(schema.carts, eq(schema.carts.id, schema.cartLines.cartId));
    expect(cart.filter((r) => r.cart_lines.itemId === sku.id && r.cart_lines.quotasValue !== null)).toEqual([]);
  });

  it.each(['cl', 'pe'] as const)('%s: 40 parallel adds of the same Blue phone put one phone on installments in the cart', async (siteId) => {
    const site = sites[siteId];
    const { option, sku } = await bluePhone(site);
    const v = await new Visitor(site.app, '203.0.113.74').open();
    expect((await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: BLUE_PLAN, quantity: 1, billing_email: 'race@example.com' }])).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: sku.id, quantity: 1, quotasValue: option.quotasValue }])),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => errorKey(a) === 'pp.error.cart.blue.plan')).toBe(true);
    const cart = (await v.call('GET', '/restpp/order/shoppingCart')).json();
    const phone = cart.items.find((i: { type: string }) => i.type === 'equipment');
    expect(phone).toMatchObject({ quantity: 1, quotasValue: option.quotasValue, price: option.initialQuota });
    expect(cart.subTotalPrice).toBe(option.initialQuota + cart.items.find((i: { type: string }) => i.type === 'plan').price);
  });

  it.each(['cl', 'pe'] as const)(
    '%s: the initial quota is charged today, the monthly quota goes on the line and on its bills with the plan, the protection insurance at 0',
    async (siteId) => {
      const site = sites[siteId];
      const app = site.app;
      const { option, sku } = await bluePhone(site);
      const guest = guestFor(siteId, 0);
      const v = await new Visitor(app, '203.0.113.72').open();
      const added = await v.call('POST', '/restpp/order/add', [
        { type: 'equipment', id: sku.id, quantity: 1, quotasValue: option.quotasValue, initialQuota: option.initialQuota },
        { type: 'plan', id: BLUE_PLAN, quantity: 1, billing_email: guest.email },
      ]);
      expect(added.statusCode).toBe(200);
      const cart = added.json();
      const phoneLine = cart.items.find((i: { type: string }) => i.type === 'equipment');
      const planLine = cart.items.find((i: { type: string }) => i.type === 'plan');
      expect(phoneLine).toMatchObject({
        price: option.initialQuota,
        quotasValue: option.quotasValue,
        initialQuota: option.initialQuota,
        quotas: option.quotas,
      });
      expect(phoneLine.insurances).toEqual([expect.objectContaining({ id: 'INS_PROTECCION_TOTAL', monthlyValue: 0, included: true })]);
      expect(phoneLine.monthlyPrice).toBe(option.quotas);
      const sim = SIM_CARD_PRICE[siteId === 'cl' ? 'CLP' : 'PEN'];
      expect(cart.subTotalPrice).toBe(option.initialQuota + sim);
      expect(cart.nextMonthPrice).toBe(planLine.monthlyPrice + option.quotas);

      expect((await v.call('PUT', '/restpp/order/customer/info', guest)).statusCode).toBe(200);
      // a phone on installments asks who the buyer is first (buyer screening, phone-plan.test.ts)
      await passIdentity(v, guest.document);
      expect((await v.call('POST', '/restpp/subscriber/active/customer', { document: guest.document, purpose: 'financing' })).json().outcome).toBe('approved');
      const createRes = await v.call('GET', '/restpp/order/create');
      const created = createRes.json().order;
      expect(created.totalPrice).toBe(option.initialQuota + sim);
      expect(created.lines.find((l: { type: string }) => l.type === 'equipment')).toMatchObject({
        unitPrice: option.initialQuota,
        quotasValue: option.quotasValue,
        initialQuota: option.initialQuota,
        quotaAmount: option.quotas,
      });
      const ship = await v.call('POST', '/restpp/order/shipping/method', {
        deliveryType: 'storePickup',
        storeId: storeFor(siteId),
        consignee: { name: guest.name, rut: guest.document, phoneNumber: guest.phoneNumber },
      });
      expect(ship.statusCode).toBe(200);
      const payment = (await v.call('GET', '/restpp/order/payment')).json();
      await pay(app, v, payment.url, APPROVE);
      // what the gateway charged: the initial quota and the SIM, never the phone's full price
      const charged = await app.db
        .select({ amount: schema.paymentAttempts.amount, status: schema.paymentAttempts.status })
        .from(schema.paymentAttempts)
        .innerJoin(schema.orders, eq(schema.orders.id, schema.paymentAttempts.orderId))
        .where(eq(schema.orders.number, created.number));
      expect(charged).toEqual([{ amount: option.initialQuota + sim, status: 'authorized' }]);

      // the phone is on the line its Blue plan opened, its quotas from the first bill after the SIM is in hand
      const [sold] = (await v.call('GET', `/restpp/order/plan/activation?order=${created.number}`)).json().lines;
      const [line] = await app.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, sold.phoneNumber));
      const equipment = await app.db.select().from(schema.lineEquipment).where(eq(schema.lineEquipment.lineId, line!.id));
      expect(equipment).toHaveLength(1);
      expect(equipment[0]).toMatchObject({ installments: option.quotasValue, installmentAmount: option.quotas, rentalType: 'andesBlue', prepaidThrough: 0 });
      const first = equipment[0]!.firstInstallmentAt;

      await updateCustomerSecret(app.db, line!.customerId, await hash(SECRET[siteId]));
      const me = await new Visitor(app, '203.0.113.73').open();
      expect((await me.login(guest.document, SECRET[siteId])).statusCode).toBe(200);
      const listed = (await me.call('GET', `/REST/asset/${line!.phoneNumber}/equipment`)).json().equipment;
      expect(listed[0]).toMatchObject({ installments: option.quotasValue, installmentAmount: { amount: option.quotas }, rentalType: 'andesBlue', imei: null });
      // before its first bill the line's next bill already shows the first quota, in its total
      const preview = (await me.call('GET', `/restpp/asset/${line!.phoneNumber}/bills`)).json().nextBill;
      expect(preview.installmentLines).toEqual([expect.objectContaining({ number: 1, of: option.quotasValue, amount: option.quotas })]);
      expect(preview.total.amount).toBe(option.quotas);
      expect(preview.installments.amount).toBe(option.quotas);

      // the holder activates the SIM today; the bill issued on the first installment's day charges the quota as a bill line
      await app.db.update(schema.lines).set({ status: 'active', activatedAt: new Date() }).where(eq(schema.lines.id, line!.id));
      // seen billable today (its first bill is the next cycle day), then time runs to the first installment's bill
      expect(await issueDueBills(app, { lineId: line!.id })).toBe(0);
      expect(await issueDueBills(app, { lineId: line!.id }, new Date(`${first}T17:00:00Z`))).toBeGreaterThanOrEqual(1);
      const bills = (await me.call('GET', `/restpp/asset/${line!.phoneNumber}/bills`)).json().bills as Array<{
        issuedAt: string;
        amount: number;
        plan: { amount: number };
        pdfUrl: string;
        charges: Array<{ kind: string; amount: number }>;
      }>;
      const bill = bills.find((b) => b.issuedAt === first)!;
      expect(bill.charges).toEqual([expect.objectContaining({ kind: 'installment', amount: option.quotas })]);
      expect(bill.amount).toBe(bill.plan.amount + option.quotas);
      const pdf = (await me.call('GET', bill.pdfUrl)).rawPayload.toString('latin1');
      expect(pdf).toContain('Cuota del equipo');
    },
  );
});
