import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SIM_CARD_PRICE } from '@andes/domain/plans-sale';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';
import { APPROVE, pay, planOrder, storeFor } from './plan-journey.ts';

const REJECT = '5186059559590568';

async function rows<T>(site: TestSite, query: string): Promise<T[]> {
  const res = (await site.database.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return res.rows;
}

/** Answers the sandbox bureau's questions right (docs/sandbox.md: digits of the document). */
async function passIdentity(v: Visitor, document: string) {
  const round = (await v.call('POST', '/restpp/subscriber/active/questions', { document })).json();
  const body = document.split('-')[0]!.replace(/\D/g, '');
  const answered = await v.call('POST', '/restpp/subscriber/active/answers', {
    challengeId: round.challengeId,
    answers: { q1: `o${body.slice(-2)}`, q2: `o${body.slice(0, 2)}` },
  });
  expect(answered.json().outcome).toBe('passed');
}

describe.each(drivers)('plan sales API (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)('lists the three groups of activation-flow plans (%s)', async (siteId) => {
    const site = sites[siteId];
    const res = await site.app.inject({ method: 'GET', url: '/restpp/subscriber/plans?activeSimType=newLine' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, activeSimType: 'newLine', defaultTab: 'postpaidPlans', blueGroupName: 'andesBlue', selectValue: null });
    const ids = (g: string) => body[g].map((p: { id: string }) => p.id);
    // the multi_ plan is flagged out of the activation flow
    expect(ids('postpaidPlans')).toEqual(['PO_PLAN_LIBRE_30', 'PO_PLAN_LIBRE_40_V2', 'PO_PLAN_LIBRE_80', 'PO_PLAN_LIBRE_ILIMITADO', 'PO_PLAN_BAM_20']);
    expect(ids('hybridPlans')).toEqual(['PO_PLAN_CONTROLADO_15', 'PO_PLAN_CONTROLADO_25', 'PO_PLAN_CONTROLADO_45']);
    expect(ids('blue')).toEqual(['PO_PLAN_BLUE_50', 'PO_PLAN_BLUE_120', 'PO_PLAN_BLUE_ILIMITADO']);
    const versioned = body.postpaidPlans[1];
    expect(versioned).toMatchObject({ baseId: 'PO_PLAN_LIBRE_40', version: 2, planDiscountPercentage: 50, selected: false });
    expect(versioned.commercePrice).toBeLessThan(versioned.price);
    expect(body.postpaidPlans[4].isBam).toBe(true);
    expect(body.blue[0].rentalType).toBe('andesBlue');
    const db = await rows<{ n: number }>(site, `select count(*)::int as n from plans where show_in_activation_flow`);
    expect(body.postpaidPlans.length + body.hybridPlans.length + body.blue.length).toBe(db[0].n);
  });

  it('refuses an unknown activeSimType and an unknown plan', async () => {
    expect((await sites.cl.app.inject({ method: 'GET', url: '/restpp/subscriber/plans?activeSimType=x' })).statusCode).toBe(400);
    const v = await new Visitor(sites.cl.app).open();
    const res = await v.call('POST', '/restpp/order/select/plan', { id: 'NOPE' });
    expect(res.statusCode).toBe(404);
    expect(res.json().response.systemMessage[0].exceptionKey).toBe('plans.error.unknown');
    // without the page token the choice is refused
    expect((await v.call('POST', '/restpp/order/select/plan', { id: 'PO_PLAN_LIBRE_30' }, { token: null })).statusCode).toBe(403);
  });

  it('keeps the chosen plan for the session and marks only it selected', async () => {
    const v = await new Visitor(sites.pe.app).open();
    const chosen = await v.call('POST', '/restpp/order/select/plan', { id: 'PO_PLAN_CONTROLADO_25', isPortability: true });
    expect(chosen.json()).toMatchObject({ selectedPlan: { id: 'PO_PLAN_CONTROLADO_25', selected: true }, isPortability: true });
    const list = (await v.call('GET', '/restpp/subscriber/plans')).json();
    expect(list.selectValue).toBe('PO_PLAN_CONTROLADO_25');
    const selected = [...list.postpaidPlans, ...list.hybridPlans, ...list.blue].filter((p: { selected: boolean }) => p.selected);
    expect(selected.map((p: { id: string }) => p.id)).toEqual(['PO_PLAN_CONTROLADO_25']);
    expect((await v.call('GET', '/restpp/order/select/plan')).json().selectedPlan.id).toBe('PO_PLAN_CONTROLADO_25');
    // another visitor has chosen nothing
    const other = await new Visitor(sites.pe.app).open();
    expect((await other.call('GET', '/restpp/order/select/plan')).json().selectedPlan).toBeNull();
  });

  it('validates the plan line billing contact', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const bad = await v.call('POST', '/restpp/order/add', [
      { type: 'plan', id: 'PO_PLAN_LIBRE_30', quantity: 1, billing_email: 'no-at-sign', billing_msisdn: '812' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationError.items.sort()).toEqual(['validation.email', 'validation.phone'].map((k) => sites.cl.app.t(k)).sort());
    expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
  });

  it.each(['cl', 'pe'] as const)('a paid new-line order opens a line with a new number for a new customer (%s)', async (siteId) => {
    const site = sites[siteId];
    const { v, order } = await planOrder(site, siteId, 'PO_PLAN_LIBRE_30', 0);
    const sim = SIM_CARD_PRICE[siteId === 'cl' ? 'CLP' : 'PEN'];
    expect(order).toMatchObject({ subTotalPrice: sim, lines: [{ id: 'PO_PLAN_LIBRE_30', type: 'plan', unitPrice: sim }] });
    expect(order.nextMonthPrice).toBeGreaterThan(0);
    const before = await rows<{ n: number }>(site, `select count(*)::int as n from customers where document in ('18585543-0', '40112233')`);
    expect(before[0].n).toBe(0);
    const url = (await v.call('GET', '/restpp/order/payment')).json().url;
    const back = await pay(site.app, v, url, APPROVE);
    const number = (await v.call('GET', `/restpp/order/status?order=${order.number}`)).json().order.number;
    expect(back).toBe(`/personas/planesV2/success?order=${number}`);
    const activation = (await v.call('GET', `/restpp/order/plan/activation?order=${number}`)).json();
    expect(activation.lines).toHaveLength(1);
    const line = activation.lines[0];
    expect(line).toMatchObject({ planId: 'PO_PLAN_LIBRE_30', newCustomer: true, billing_email: 'bruno0@example.com' });
    expect(line.phoneNumber).toMatch(/^9\d{8}$/);
    const stored = await rows<{ plan_id: string; kind: string; status: string; document: string; secret_created: boolean }>(
      site,
      `select l.plan_id, l.kind, l.status, c.document, c.secret_created from lines l join customers c on c.id = l.customer_id where l.phone_number = '${line.phoneNumber}'`,
    );
    expect(stored).toEqual([
      { plan_id: 'PO_PLAN_LIBRE_30', kind: 'postpaid', status: 'pending', document: siteId === 'cl' ? '18585543-0' : '40112233', secret_created: false },
    ]);
    // a replayed return opens no second line
    await v.call('GET', back);
    const count = await rows<{ n: number }>(
      site,
      `select count(*)::int as n from plan_activations a join orders o on o.id = a.order_id where o.number = '${number}'`,
    );
    expect(count[0].n).toBe(1);
    // the order is not another visitor's to read
    const stranger = await new Visitor(site.app).open();
    expect((await stranger.call('GET', `/restpp/order/plan/activation?order=${number}`)).statusCode).toBe(404);
  });

  it('a rejected payment opens no line and returns to the plans payment page', async () => {
    const { v, order } = await planOrder(sites.cl, 'cl', 'PO_PLAN_CONTROLADO_15', 1);
    const url = (await v.call('GET', '/restpp/order/payment')).json().url;
    // a refused payment ends the new-line request on its failure page (solicitud/fallo), ready for a retry
    expect(await pay(sites.cl.app, v, url, REJECT)).toBe(`/personas/planes/solicitud/fallo?error=pp.error.payment.rejected&order=${order.number}`);
    const lines = await rows<{ n: number }>(
      sites.cl,
      `select count(*)::int as n from lines l join customers c on c.id = l.customer_id where c.document = '9068826-K'`,
    );
    expect(lines[0].n).toBe(0);
  });

  it('a signed-in customer gets the new line on their own account', async () => {
    const v = await new Visitor(sites.cl.app, '203.0.113.61').open();
    expect((await v.login('123456785', '1234')).statusCode).toBe(200);
    const [own] = await rows<{ id: number }>(sites.cl, `select id from customers where document = '12345678-5'`);
    const linesBefore = await rows<{ n: number }>(sites.cl, `select count(*)::int as n from lines where customer_id = ${own.id}`);
    await v.call('POST', '/restpp/order/select/plan', { id: 'PO_PLAN_BLUE_50' });
    expect((await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: 'PO_PLAN_BLUE_50', quantity: 1, billing_msisdn: '912345678' }])).statusCode).toBe(
      200,
    );
    const ship = await v.call('POST', '/restpp/order/shipping/method', {
      deliveryType: 'storePickup',
      storeId: storeFor('cl'),
      consignee: { name: 'Cliente Demo', rut: '12.345.678-5', phoneNumber: '912345678' },
    });
    expect(ship.statusCode).toBe(200);
    // an additional line (LLAA) needs the customer's identity questions, then the credit check
    const refused = await v.call('GET', '/restpp/order/create');
    expect(refused.json()).toMatchObject({
      redirectRUL: '/personas/planesV2/validacion-identidad',
      response: { systemMessage: [{ exceptionKey: 'pp.error.identity.required' }] },
    });
    await passIdentity(v, '12.345.678-5');
    const noCredit = await v.call('GET', '/restpp/order/create');
    expect(noCredit.json()).toMatchObject({
      redirectRUL: '/personas/equipos/lineas/solicitud',
      response: { systemMessage: [{ exceptionKey: 'pp.error.credit.required' }] },
    });
    // someone else's approval does not count for this customer
    expect((await v.call('POST', '/restpp/subscriber/active/customer', { document: '15.432.198-5', purpose: 'additionalLine' })).json().outcome).toBe(
      'approved',
    );
    expect((await v.call('GET', '/restpp/order/create')).statusCode).toBe(409);
    expect((await v.call('GET', '/restpp/subscriber/active/requirements')).json()).toMatchObject({
      next: '/personas/equipos/lineas/solicitud',
      steps: [
        { kind: 'identity', done: true },
        { kind: 'credit', purpose: 'additionalLine', done: false },
      ],
    });
    expect((await v.call('POST', '/restpp/subscriber/active/customer', { document: '12.345.678-5', purpose: 'additionalLine' })).json()).toMatchObject({
      outcome: 'approved',
      next: null,
    });
    const order = (await v.call('GET', '/restpp/order/create')).json().order;
    const back = await pay(sites.cl.app, v, (await v.call('GET', '/restpp/order/payment')).json().url, APPROVE);
    // an additional line ends on its own request page
    expect(back).toBe(`/personas/planes/lineasadicionales/solicitud/exito?order=${order.number}`);
    const [line] = (await v.call('GET', `/restpp/order/plan/activation?order=${order.number}`)).json().lines;
    expect(line).toMatchObject({ planId: 'PO_PLAN_BLUE_50', newCustomer: false, billing_msisdn: '912345678' });
    const linesAfter = await rows<{ n: number }>(sites.cl, `select count(*)::int as n from lines where customer_id = ${own.id}`);
    expect(linesAfter[0].n).toBe(linesBefore[0].n + 1);
    // the new line is the customer's own, in the self-service area too
    const assets = (await v.call('GET', '/restpp/assets')).json().assets.map((a: { phoneNumber: string }) => a.phoneNumber);
    expect(assets).toContain(line.phoneNumber);
  });

  it('the customer check tells a known document from an unknown one', async () => {
    const v = await new Visitor(sites.pe.app, '203.0.113.60').open();
    const demo = await rows<{ document: string; id: number }>(sites.pe, `select document, id from customers order by id limit 1`);
    expect((await v.call('POST', '/restpp/order/v3/customer/active', { document: demo[0].document })).json().customerActive).toBe(true);
    expect((await v.call('POST', '/restpp/order/v3/customer/active', { document: '40998877' })).json().customerActive).toBe(false);
    expect((await v.call('POST', '/restpp/order/v3/customer/active', { document: '12' })).statusCode).toBe(400);
  });

  it('offers each journey its plans and refuses a choice the selector does not list', async () => {
    const list = async (type: string) => {
      const body = (await sites.cl.app.inject({ method: 'GET', url: `/restpp/subscriber/plans?activeSimType=${type}` })).json();
      return [...body.postpaidPlans, ...body.hybridPlans, ...body.blue].map((p: { id: string }) => p.id);
    };
    const [newLine, portability, additional] = [await list('newLine'), await list('portability'), await list('additionalLine')];
    // a ported number carries voice and SMS: no BAM plan; additional lines are Libres and Blue plans
    expect(newLine).toContain('PO_PLAN_BAM_20');
    expect(portability).not.toContain('PO_PLAN_BAM_20');
    expect(portability).toContain('PO_PLAN_CONTROLADO_15');
    expect(additional.some((id: string) => id.startsWith('PO_PLAN_CONTROLADO'))).toBe(false);
    expect(additional).toContain('PO_PLAN_BLUE_50');
    const v = await new Visitor(sites.cl.app, '203.0.113.70').open();
    const hidden = await v.call('POST', '/restpp/order/select/plan', { id: 'multi_PO_PLAN_LIBRE_DUO' });
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().response.systemMessage[0].exceptionKey).toBe('plans.error.notOffered');
    expect((await v.call('POST', '/restpp/order/select/plan', { id: 'PO_PLAN_BAM_20', isPortability: true })).statusCode).toBe(409);
    expect((await v.call('POST', '/restpp/order/select/plan', { id: 'PO_PLAN_CONTROLADO_15', activeSimType: 'additionalLine' })).statusCode).toBe(409);
    expect((await v.call('GET', '/restpp/order/select/plan')).json().selectedPlan).toBeNull();
  });

  it('keeps a plan line at quantity 1: a second add or a larger quantity is plansOverCountError', async () => {
    const v = await new Visitor(sites.pe.app, '203.0.113.71').open();
    const three = await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: 'PO_PLAN_LIBRE_30', quantity: 3 }]);
    expect(three.statusCode).toBe(409);
    expect(three.json()).toMatchObject({
      overOrderErrorType: 'plansOverCountError',
      response: { systemMessage: [{ exceptionKey: 'pp.error.commerce.has.plan.in.cart' }] },
    });
    expect((await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: 'PO_PLAN_LIBRE_30', quantity: 1 }])).statusCode).toBe(200);
    const twice = await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: 'PO_PLAN_LIBRE_30', quantity: 1 }]);
    expect(twice.json().overOrderErrorType).toBe('plansOverCountError');
    expect((await v.call('POST', '/restpp/order/cart', { id: 'PO_PLAN_LIBRE_30', quantity: 2 })).statusCode).toBe(409);
    const [line] = (await v.call('GET', '/restpp/order/shoppingCart')).json().items;
    // the order-line fields of SPEC §3 for a plan: allowances, rentalType; number and SIM come with the line
    expect(line).toMatchObject({
      id: 'PO_PLAN_LIBRE_30',
      quantity: 1,
      rentalType: 'regular',
      data: '30 GB',
      voice: '300 min',
      sms: '100 SMS',
      planPhoneNumber: null,
      planSN: null,
    });
  });

  it('a paid multi_ plan (one cart line, counted as 2) opens two lines with their numbers and SIMs', async () => {
    const { v, order } = await planOrder(sites.cl, 'cl', 'multi_PO_PLAN_LIBRE_DUO', 2);
    expect(order.lines).toEqual([expect.objectContaining({ id: 'multi_PO_PLAN_LIBRE_DUO', quantity: 1 })]);
    await pay(sites.cl.app, v, (await v.call('GET', '/restpp/order/payment')).json().url, APPROVE);
    const { lines } = (await v.call('GET', `/restpp/order/plan/activation?order=${order.number}`)).json();
    expect(lines).toHaveLength(2);
    for (const l of lines)
      expect(l).toMatchObject({
        planId: 'multi_PO_PLAN_LIBRE_DUO',
        planPhoneNumber: l.phoneNumber,
        planSN: expect.stringMatching(/^89\d{18}$/),
        // each SIM waits for its holder to activate it (the captive host)
        status: 'pending',
        ported: false,
      });
    expect(lines[0].phoneNumber).not.toBe(lines[1].phoneNumber);
    const sims = await rows<{ sim_code: string }>(
      sites.cl,
      `select sim_code from lines where phone_number in ('${lines[0].phoneNumber}', '${lines[1].phoneNumber}')`,
    );
    expect(sims.map((r) => r.sim_code).sort()).toEqual(lines.map((l: { planSN: string }) => l.planSN).sort());
  });

  it('creates the customer profile for LLAA and VEP once the buyer passed the identity questions', async () => {
    const v = await new Visitor(sites.pe.app, '203.0.113.72').open();
    const noBuyer = await v.call('POST', '/restpp/order/v2/new/customer/profile');
    expect(noBuyer.json().response.systemMessage[0].exceptionKey).toBe('pp.error.checkout.identification');
    await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: 'PO_PLAN_LIBRE_80', quantity: 1 }]);
    const guest = { name: 'Rosa Quispe', document: '40556677', email: 'rosa@example.com', phoneNumber: '912345673' };
    await v.call('PUT', '/restpp/order/customer/info', guest);
    const unverified = await v.call('POST', '/restpp/order/v2/new/customer/profile');
    expect(unverified.json()).toMatchObject({
      redirectRUL: '/personas/planesV2/validacion-identidad',
      response: { systemMessage: [{ exceptionKey: 'pp.error.identity.required' }] },
    });
    await passIdentity(v, guest.document);
    expect((await v.call('POST', '/restpp/order/v2/new/customer/profile')).json().profile).toEqual({ document: '40556677', created: true, newCustomer: true });
    expect((await v.call('POST', '/restpp/order/v2/new/customer/profile')).json().profile.created).toBe(false);
    const made = await rows<{ secret_created: boolean }>(sites.pe, `select secret_created from customers where document = '40556677'`);
    expect(made).toEqual([{ secret_created: false }]);
  });
});
