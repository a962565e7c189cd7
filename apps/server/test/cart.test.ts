import { describe, expect, it } from 'vitest';
import { drivers, Visitor, bothSites } from './helpers.ts';

const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const OTHER = 'sku_PO_AC_XIAOMI_REDMI_BUDS_6_ACTIVE_1';

describe.each(drivers)('cart (%s database)', (driver) => {
  const sites = bothSites(driver);

  it('adds lines, adds up quantities, sets and removes them, answering the whole cart', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const empty = (await v.call('GET', '/restpp/order/shoppingCart')).json();
    expect(empty).toMatchObject({
      success: true,
      items: [],
      totalPrice: 0,
      subTotalPrice: 0,
      deliveryPrice: 0,
      nextMonthPrice: 0,
      totalPointUsed: 0,
      isPortability: false,
    });
    const added = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1, insurances: [] }]);
    expect(added.statusCode).toBe(200);
    const cart = added.json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      id: ACCESSORY,
      type: 'equipment',
      quantity: 1,
      name: 'JBL Flip 6',
      color: expect.any(String),
      // an accessory has no storage to name
      storage: null,
      images: expect.arrayContaining([expect.stringContaining('/img/producto/')]),
    });
    const price = cart.items[0].price;
    expect(cart.subTotalPrice).toBe(price);
    const again = (
      await v.call('POST', '/restpp/order/add', [
        { type: 'equipment', id: ACCESSORY, quantity: 1 },
        { type: 'equipment', id: OTHER, quantity: 2 },
      ])
    ).json();
    expect(again.items.map((i: { id: string; quantity: number }) => [i.id, i.quantity])).toEqual([
      [ACCESSORY, 2],
      [OTHER, 2],
    ]);
    const set = (await v.call('POST', '/restpp/order/cart', { id: ACCESSORY, quantity: 1 })).json();
    expect(set.items[0].quantity).toBe(1);
    expect(set.subTotalPrice).toBe(price + 2 * set.items[1].price);
    const removed = (await v.call('DELETE', `/restpp/order/${OTHER}`)).json();
    expect(removed.items.map((i: { id: string }) => i.id)).toEqual([ACCESSORY]);
    const byId = await v.call('GET', `/restpp/update/shoppingCart?id=${removed.shoppingCartID}`);
    expect(byId.json().items).toHaveLength(1);
  });

  it("names a phone line's colour and storage: two skus of one phone may differ only in storage", async () => {
    const v = await new Visitor(sites.cl.app).open();
    const cart = (
      await v.call('POST', '/restpp/order/add', [
        { type: 'equipment', id: 'sku_PO_EQ_SAMSUNG_GALAXY_A55_5G_1', quantity: 1 },
        { type: 'equipment', id: 'sku_PO_EQ_SAMSUNG_GALAXY_A55_5G_4', quantity: 1 },
      ])
    ).json();
    expect(cart.items.map((i: { color: string; storage: string }) => [i.color, i.storage])).toEqual([
      ['Azul Marino', '128 GB'],
      ['Azul Marino', '256 GB'],
    ]);
  });

  it('takes a quantity only as a whole JSON number, each wrong one refused with one message, the cart as it was', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const atLeastOne = 'La cantidad debe ser al menos 1.';
    // not numbers: read as 1 and taken before; refused now as a field of the wrong kind
    const wrong: Array<[unknown, string | null]> = [true, [1], '1', ' 1 ', '0x1', null].map((q) => [q, null]);
    wrong.push([1.5, atLeastOne], [0, atLeastOne], [-1, atLeastOne], [1e20, 'Alcanzaste la cantidad máxima permitida para este producto.']);
    for (const [quantity, message] of wrong) {
      const res = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity }]);
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
      const said = res.json().validationError.items as string[];
      expect(said, JSON.stringify(quantity)).toHaveLength(1);
      if (message) expect(said[0]).toBe(message);
    }
    expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
  });

  it('refuses more than 3 of one product with the over-order error in the envelope', async () => {
    const v = await new Visitor(sites.cl.app).open();
    await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 3 }]);
    const res = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.response.systemMessage[0]).toMatchObject({
      exceptionKey: 'pp.Error.AddToCart.MaxQuantity',
      messages: [expect.stringMatching(/cantidad máxima/)],
    });
    expect(body.overOrderErrorType).toBe('orderItemsOverCount');
    const stepper = await v.call('POST', '/restpp/order/cart', { id: ACCESSORY, quantity: 4 });
    expect(stepper.json().response.systemMessage[0].exceptionKey).toBe('pp.Error.AddToCart.MaxQuantity');
    expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items[0].quantity).toBe(3);
  });

  it('refuses more than 10 products per order, a quantity below 1, an unknown product and out of stock', async () => {
    const v = await new Visitor(sites.pe.app).open();
    const ids = ['sku_PO_AC_JBL_FLIP_6_1', 'sku_PO_AC_XIAOMI_REDMI_BUDS_6_ACTIVE_1', 'sku_PO_AC_APPLE_AIRPODS_4_1', 'sku_PO_AC_JBL_TUNE_520BT_1'];
    for (const id of ids.slice(0, 3)) expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id, quantity: 3 }])).statusCode).toBe(200);
    const over = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ids[3], quantity: 2 }]);
    expect(over.json()).toMatchObject({
      success: false,
      overOrderErrorType: 'orderItemsOverCount',
      response: { systemMessage: [{ exceptionKey: 'pp.Error.AddToCart.MaxProductsPerOrder' }] },
    });
    // an add of 11 lines is the same over-order refusal (SPEC §8), not a malformed body; nothing is added
    const eleven = await new Visitor(sites.pe.app).open();
    const many = await eleven.call(
      'POST',
      '/restpp/order/add',
      Array.from({ length: 11 }, () => ({ type: 'equipment', id: ids[0], quantity: 1 })),
    );
    expect(many.statusCode).toBe(409);
    expect(many.json()).toMatchObject({
      overOrderErrorType: 'orderItemsOverCount',
      response: { systemMessage: [{ exceptionKey: 'pp.Error.AddToCart.MaxProductsPerOrder' }] },
    });
    expect((await eleven.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
    // SPEC §3 commerceItems: a lone accessory is equipment; a phone with a plan a bundle, the plan a simcard
    const bundle = await new Visitor(sites.pe.app).open();
    await bundle.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ids[0], quantity: 1 }]);
    expect((await bundle.call('GET', '/restpp/order/shoppingCart')).json().items.map((i: { itemType: string }) => i.itemType)).toEqual(['equipment']);
    const added = await bundle.call('POST', '/restpp/order/add', [
      { type: 'equipment', id: 'sku_PO_EQ_SAMSUNG_GALAXY_S24_ULTRA_1', quantity: 1 },
      { type: 'plan', id: 'PO_PLAN_LIBRE_30', quantity: 1 },
    ]);
    expect(added.statusCode).toBe(200);
    const types = Object.fromEntries(added.json().items.map((i: { id: string; itemType: string }) => [i.id, i.itemType]));
    expect(types).toEqual({ [ids[0]!]: 'equipment', sku_PO_EQ_SAMSUNG_GALAXY_S24_ULTRA_1: 'equipment-bundle', PO_PLAN_LIBRE_30: 'simcard' });
    // SPEC §3 checkout info cache and purchase info, in the sale-equipment list (v2/info)
    const plan = added.json().items.find((i: { type: string }) => i.type === 'plan');
    const info = (await bundle.call('GET', '/restpp/order/v2/info')).json();
    expect(info.checkoutInfo).toEqual({ journey: 'equipment', journeyName: 'equipmentWithSimActivtion', simCardPrice: plan.price, sourcePhoneNumber: null });
    expect(info.purchaseInfo.plan).toEqual({ id: 'PO_PLAN_LIBRE_30', name: plan.name, price: plan.monthlyPrice });
    expect(info.purchaseInfo.equipments.map((e: { id: string }) => e.id).sort()).toEqual([ids[0], 'sku_PO_EQ_SAMSUNG_GALAXY_S24_ULTRA_1'].sort());
    const zero = await v.call('POST', '/restpp/order/cart', { id: ids[0], quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().validationError.quantity[0]).toMatch(/al menos 1/);
    const unknown = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: 'sku_nope', quantity: 1 }]);
    expect(unknown.statusCode).toBe(404);
    const soldOut = await sites.pe.database.db.execute<{ id: string }>(`select id from skus where stock = 0 limit 1` as never);
    const soldOutId = (soldOut as unknown as { rows: Array<{ id: string }> }).rows[0].id;
    const w = await new Visitor(sites.pe.app).open();
    const none = await w.call('POST', '/restpp/order/add', [{ type: 'equipment', id: soldOutId, quantity: 1 }]);
    expect(none.json().response.systemMessage[0].exceptionKey).toBe('pp.error.cart.out.of.stock');
  });

  it('refuses a second plan in the cart as plansOverCountError', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const plans = (await sites.cl.database.db.execute(`select id from plans order by id limit 2` as never)) as unknown as { rows: Array<{ id: string }> };
    expect((await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: plans.rows[0].id, quantity: 1 }])).statusCode).toBe(200);
    const second = await v.call('POST', '/restpp/order/add', [{ type: 'plan', id: plans.rows[1].id, quantity: 1 }]);
    expect(second.json()).toMatchObject({
      overOrderErrorType: 'plansOverCountError',
      response: { systemMessage: [{ exceptionKey: 'pp.error.commerce.has.plan.in.cart' }] },
    });
  });

  it('needs the page token to change the cart', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const res = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }], { token: null });
    expect(res.statusCode).toBe(403);
  });

  it('merges the anonymous cart into the customer cart at sign-in, nothing lost', async () => {
    const before = await new Visitor(sites.cl.app).open();
    await before.login('12.345.678-5', '1234');
    await before.call('POST', '/restpp/order/add', [{ type: 'equipment', id: OTHER, quantity: 1 }]);
    await before.call('POST', '/REST/profile/logout');

    const v = await new Visitor(sites.cl.app).open();
    await v.call('POST', '/restpp/order/add', [
      { type: 'equipment', id: ACCESSORY, quantity: 2 },
      { type: 'equipment', id: OTHER, quantity: 1 },
    ]);
    await v.login('12.345.678-5', '1234');
    const merged = (await v.call('GET', '/restpp/order/shoppingCart')).json();
    expect(merged.items.map((i: { id: string; quantity: number }) => [i.id, i.quantity]).sort()).toEqual(
      [
        [ACCESSORY, 2],
        [OTHER, 2],
      ].sort(),
    );
    expect(merged.status.signedIn).toBe(true);
    // after sign-out the anonymous session does not see the customer's cart
    await v.call('POST', '/REST/profile/logout');
    await v.open();
    expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
  });

  it('suggests accessories in stock that are not in the cart', async () => {
    const v = await new Visitor(sites.pe.app).open();
    await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1 }]);
    const { products } = (await v.call('GET', '/restpp/order/suggestions')).json();
    expect(products.length).toBeGreaterThan(2);
    expect(products.every((p: { productId: string }) => p.productId !== 'PO_AC_JBL_FLIP_6')).toBe(true);
    expect(products[0]).toMatchObject({
      skuId: expect.any(String),
      displayName: expect.any(String),
      productImage: expect.any(String),
      price: expect.any(Number),
    });
  });

  it('takes insurances on a phone alone only from signed-in customers of Chile, never on accessories; with a plan in both markets', async () => {
    const PHONE = 'sku_PO_EQ_SAMSUNG_GALAXY_S24_ULTRA_1';
    const phoneAlone = [{ type: 'equipment', id: PHONE, quantity: 1, insurances: ['INS_ROBO'] }];
    const keyOf = (res: { json(): { response: { systemMessage: Array<{ exceptionKey: string }> } } }) => res.json().response.systemMessage[0].exceptionKey;

    const anonymous = await new Visitor(sites.cl.app).open();
    const refused = await anonymous.call('POST', '/restpp/order/add', phoneAlone);
    expect(refused.statusCode).toBe(409);
    expect(keyOf(refused)).toBe('pp.error.cart.insurance.login');
    expect((await anonymous.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1, insurances: ['INS_ROBO'] }])).statusCode).toBe(
      409,
    );
    expect((await anonymous.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);

    const chilean = await new Visitor(sites.cl.app).open();
    await chilean.login('15.432.198-5', '4321');
    const accessory = await chilean.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1, insurances: ['INS_ROBO'] }]);
    expect(keyOf(accessory)).toBe('pp.error.cart.insurance.product');
    // the line an insurance covers must be the customer's own
    const foreign = await sites.cl.app.inject({
      method: 'POST',
      url: `/restpp/order/add?f__key__=${chilean.token}`,
      headers: { cookie: chilean.cookie, 'content-type': 'application/json', atg_phoneNumber: '912345678' },
      payload: JSON.stringify(phoneAlone),
    });
    expect(foreign.statusCode).toBe(403);
    const own = await sites.cl.app.inject({
      method: 'POST',
      url: `/restpp/order/add?f__key__=${chilean.token}`,
      headers: { cookie: chilean.cookie, 'content-type': 'application/json', atg_phoneNumber: '987654321' },
      payload: JSON.stringify(phoneAlone),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().items[0]).toMatchObject({ id: PHONE, insurances: [{ id: 'INS_ROBO' }], insuredPhoneNumber: '987654321' });
    await chilean.call('DELETE', `/restpp/order/${PHONE}`);

    const peruvian = await new Visitor(sites.pe.app).open();
    await peruvian.login('912345678', '654321');
    expect(keyOf(await peruvian.call('POST', '/restpp/order/add', phoneAlone))).toBe('pp.error.cart.insurance.market');
    const plans = (await sites.pe.database.db.execute(`select id from plans order by id limit 1` as never)) as unknown as { rows: Array<{ id: string }> };
    const withPlan = await (
      await new Visitor(sites.pe.app).open()
    ).call('POST', '/restpp/order/add', [...phoneAlone, { type: 'plan', id: plans.rows[0].id, quantity: 1 }]);
    expect(withPlan.statusCode).toBe(200);
    expect(withPlan.json().items.find((i: { id: string }) => i.id === PHONE).insurances).toEqual([expect.objectContaining({ id: 'INS_ROBO' })]);
  });

  it("refuses an add whose shown price is no longer the price, with today's price; leaves the cart unchanged", async () => {
    const v = await new Visitor(sites.pe.app).open();
    const price = (await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: OTHER, quantity: 1 }])).json().items[0].price as number;
    const stale = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1, price: price + 1 }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      success: false,
      productOfferingID: ACCESSORY,
      currentPrice: { amount: expect.any(Number) },
      response: { systemMessage: [{ exceptionKey: 'pp.error.price.changed' }] },
    });
    expect(stale.json().response.systemMessage[0].messages[0]).toContain(stale.json().currentPrice.formatted);
    const current = stale.json().currentPrice.amount as number;
    const fine = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: ACCESSORY, quantity: 1, price: current }]);
    expect(fine.json().items.map((i: { id: string }) => i.id)).toEqual([OTHER, ACCESSORY]);
  });

  it('answers the integration error when the warehouse cannot be reached (sandbox sku), adding nothing', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const res = await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: 'sku_PO_AC_JBL_WAVE_BEAM_2', quantity: 1 }]);
    expect(res.statusCode).toBe(502);
    expect(res.json().response.systemMessage[0]).toMatchObject({
      exceptionKey: 'Error.Interface.Integration.ConnectRealService',
      messages: [expect.stringMatching(/No pudimos conectarnos/)],
    });
    expect((await v.call('GET', '/restpp/order/shoppingCart')).json().items).toEqual([]);
  });
});
