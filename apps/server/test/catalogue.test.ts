import { describe, expect, it, vi } from 'vitest';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

interface ListBody {
  success: boolean;
  records: Array<{
    productId: string;
    skuId: string;
    brand: string;
    displayName: string;
    category: string;
    price: number;
    url: string;
    image: string;
    prices: {
      price: { amount: number; formatted: string };
      reference: { amount: number } | null;
      installments: { count: number; amount: { amount: number }; last: { amount: number }; totalCost: { amount: number } } | null;
    };
    attributes: Record<string, unknown>;
  }>;
  paging: { page: number; pageSize: number; totalRecords: number; totalPages: number };
  facets: { brands: string[]; categories: string[] };
}

describe.each(drivers)('catalogue and equipment sale API (%s database)', (driver) => {
  const sites = bothSites(driver);

  const get = async (site: TestSite, url: string) => {
    const res = await site.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as ListBody & Record<string, unknown> };
  };

  it('serves a repeated public catalogue answer from the cache, byte for byte, and never a customer answer', async () => {
    const url = '/restpp/catalogue/products?kind=accessories&sort=price-asc';
    const first = await sites.cl.app.inject({ method: 'GET', url });
    const second = await sites.cl.app.inject({ method: 'GET', url });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.body).toBe(first.body);
    const profile = await sites.cl.app.inject({ method: 'GET', url: '/restpp/security/token' });
    const again = await sites.cl.app.inject({ method: 'GET', url: '/restpp/security/token' });
    expect(again.headers['x-cache']).toBeUndefined();
    expect(again.json().f__key__).not.toBe(profile.json().f__key__);
  });

  it('makes a missing entry once when 40 visitors ask for it at the same moment; the rest get what it made', async () => {
    const url = '/restpp/catalogue/products?kind=accessories&sort=name';
    const answers = await Promise.all(Array.from({ length: 40 }, () => sites.cl.app.inject({ method: 'GET', url })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.headers['x-cache'] !== 'hit')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('makes an entry anew in its last second through one request while the others keep being answered from it', async () => {
    const url = '/restpp/catalogue/products?kind=accessories&sort=price-desc';
    const ask = () => Promise.all(Array.from({ length: 40 }, () => sites.cl.app.inject({ method: 'GET', url })));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      expect((await sites.cl.app.inject({ method: 'GET', url })).headers['x-cache']).toBeUndefined();
      vi.setSystemTime(start + 3500);
      expect((await ask()).every((a) => a.headers['x-cache'] === 'hit')).toBe(true);
      vi.setSystemTime(start + 4200);
      const lastSecond = await ask();
      expect(lastSecond.every((a) => a.statusCode === 200)).toBe(true);
      expect(lastSecond.filter((a) => a.headers['x-cache'] !== 'hit')).toHaveLength(1);
      // past the first entry's five seconds, the one made in its last second answers
      vi.setSystemTime(start + 5500);
      expect((await ask()).every((a) => a.headers['x-cache'] === 'hit')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a malformed request for a cached answer as it refuses it uncached (a field twice, a NUL)', async () => {
    const url = '/restpp/catalogue/products?kind=phones&sort=name';
    expect((await sites.pe.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await sites.pe.app.inject({ method: 'GET', url })).headers['x-cache']).toBe('hit');
    for (const bad of [`${url}&f__key__=a&f__key__=b`, `${url}&f__key__=%00`, `${url}&kind=phones`]) {
      const res = await sites.pe.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers['x-cache']).toBeUndefined();
      expect(res.json().response.systemMessage[0].exceptionKey).toBe('pp.error.validation');
    }
  });

  it('lists phones with the SPEC §3 record attributes and paging', async () => {
    const { status, body } = await get(sites.cl, '/restpp/catalogue/products?kind=phones');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.paging).toMatchObject({ page: 1, pageSize: 12 });
    expect(body.paging.totalRecords).toBeGreaterThan(12);
    expect(body.records).toHaveLength(12);
    const first = body.records[0];
    expect(Object.keys(first.attributes).sort()).toEqual(
      [
        'sku.id',
        'sku.listPrice',
        'sku.referencePrice',
        'product.brand',
        'displayName',
        'priceContadoRN',
        'priceContadoLN',
        'priceLN',
        'priceContadoMG',
        'referencePriceContadoRN',
        'hasRN-vep',
        'installmentPriceRN',
      ].sort(),
    );
    expect(first.attributes['sku.id']).toBe(first.skuId);
    expect(first.image).toBe(`/img/producto/${first.skuId}/1.svg`);
    expect(first.url).toBe(`/personas/producto/Equipos/${first.productId}`);
    // default sort: price ascending
    const prices = body.records.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const page2 = await get(sites.cl, '/restpp/catalogue/products?kind=phones&page=2');
    expect(page2.body.records[0].productId).not.toBe(first.productId);
    expect(page2.body.paging.page).toBe(2);
  });

  it('filters by brand and price range, and sorts by price descending and by name', async () => {
    const brand = await get(sites.cl, '/restpp/catalogue/products?kind=phones&brand=Apple&sort=price-desc');
    expect(brand.body.records.length).toBeGreaterThan(1);
    expect(brand.body.records.every((r) => r.brand === 'Apple')).toBe(true);
    const prices = brand.body.records.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    const two = await get(sites.cl, '/restpp/catalogue/products?kind=phones&brand=Apple&brand=Samsung');
    expect(new Set(two.body.records.map((r) => r.brand))).toEqual(new Set(['Apple', 'Samsung']));

    const range = await get(sites.cl, '/restpp/catalogue/products?kind=phones&minPrice=300000&maxPrice=700000');
    expect(range.body.paging.totalRecords).toBeGreaterThan(0);
    expect(range.body.records.every((r) => r.price >= 300000 && r.price <= 700000)).toBe(true);

    // Peru: prices in the URL are soles, records in céntimos
    const soles = await get(sites.pe, '/restpp/catalogue/products?kind=phones&maxPrice=2000');
    expect(soles.body.records.every((r) => r.price <= 200000)).toBe(true);
    // 18 installments without interest: the total cost is the price
    const first = soles.body.records[0];
    expect(first.prices.installments).toMatchObject({ count: 18, totalCost: { amount: first.price } });
    // the installments advertised add up to the price charged: the last one is what is left
    for (const r of soles.body.records) {
      const offer = r.prices.installments!;
      expect(offer.amount.amount * (offer.count - 1) + offer.last.amount, r.skuId).toBe(r.price);
    }

    const byName = await get(sites.cl, '/restpp/catalogue/products?kind=accessories&sort=name');
    const names = byName.body.records.map((r) => r.displayName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));

    const category = await get(sites.cl, '/restpp/catalogue/products?kind=accessories&category=Audio');
    expect(category.body.records.length).toBeGreaterThan(0);
    expect(category.body.records.every((r) => r.category === 'Audio')).toBe(true);
  });

  it('answers the SPEC §7 ppEquipmentList request on the page paths, and the accessories one', async () => {
    const phones = await get(sites.cl, '/lista-productos?contentType=ppEquipmentList&format=json-rest');
    expect(phones.status).toBe(200);
    expect(phones.body.success).toBe(true);
    expect(phones.body.kind).toBe('phones');
    const acc = await get(sites.pe, '/personas/catalogo/accesorios?contentType=ppEquipmentList&format=json-rest&parentCategoryName=Accesorios');
    expect(acc.body.kind).toBe('accessories');
    expect(acc.body.records.every((r) => r.url.startsWith('/personas/producto/accesorios/'))).toBe(true);
    const refurbished = await get(sites.cl, '/lista-seminuevos?contentType=ppEquipmentList&format=json-rest&brand=Apple');
    expect(refurbished.body.records.every((r) => r.displayName.includes('Seminuevo') && r.brand === 'Apple')).toBe(true);
    const unlocked = await get(sites.cl, '/personas/catalogo/liberados?contentType=ppEquipmentList&format=json-rest');
    const renewal = await get(sites.cl, '/personas/catalogo/renovacion?contentType=ppEquipmentList&format=json-rest');
    expect(unlocked.body.paging.totalRecords).toBeGreaterThan(0);
    // the renewal list shows the renewal cash price, its installment the same as the installmentPriceRN attribute
    expect(renewal.body.records.every((r) => r.price === r.attributes.priceContadoRN)).toBe(true);
    const peRenewal = await get(sites.pe, '/personas/catalogo/renovacion?contentType=ppEquipmentList&format=json-rest');
    for (const r of [...renewal.body.records, ...peRenewal.body.records]) {
      expect((r.prices.installments as unknown as { amount: { amount: number } }).amount.amount, r.skuId).toBe(r.attributes.installmentPriceRN);
    }
  });

  it('answers bad list input with a 400 validation envelope', async () => {
    const sort = await get(sites.cl, '/restpp/catalogue/products?kind=phones&sort=cheapest&minPrice=abc');
    expect(sort.status).toBe(400);
    expect(sort.body).toMatchObject({
      success: false,
      validationError: { sort: [expect.any(String)], minPrice: ['Ingresa un monto sin puntos ni decimales.'] },
    });
    const range = await get(sites.cl, '/lista-productos?contentType=ppEquipmentList&format=json-rest&minPrice=500&maxPrice=100');
    expect(range.status).toBe(400);
    expect(range.body.validationError).toHaveProperty('maxPrice');
    expect((await get(sites.cl, '/restpp/catalogue/products?kind=tablets')).status).toBe(400);
    expect((await get(sites.cl, '/restpp/catalogue/products?kind=phones&page=0')).status).toBe(400);
  });

  it('serves the equipment product with colours first, blue info and prices endpoints', async () => {
    const list = await get(sites.cl, '/restpp/catalogue/products?kind=phones&brand=Samsung&sort=price-desc');
    const id = 'PO_EQ_SAMSUNG_GALAXY_S24_ULTRA';
    expect(list.body.records.map((r) => r.productId)).toContain(id);
    const { body } = await get(sites.cl, `/restpp/catalogue/product/${id}`);
    const product = body.product as Record<string, unknown> & { displayProperties: Array<{ name: string }>; skus: Array<{ id: string; listPrice: number }> };
    expect(product).toMatchObject({ poID: id, brand: 'Samsung', model: 'Galaxy S24 Ultra', pageType: 'andes-blue' });
    expect(product.displayProperties[0].name).toBe('color');
    expect((product.andesBlueInfo as unknown[]).length).toBeGreaterThan(0);

    const prices = await get(sites.cl, `/restpp/equipments/prices/${id}`);
    expect((prices.body.prices as unknown[]).length).toBe(product.skus.length);
    const range = (await get(sites.cl, `/restpp/equipments/ranges/${id}`)).body.range as { min: { amount: number }; max: { amount: number } };
    expect(range.min.amount).toBe(Math.min(...product.skus.map((s) => s.listPrice)));
    expect(range.max.amount).toBe(Math.max(...product.skus.map((s) => s.listPrice)));
    const vep = (await get(sites.cl, `/restpp/equipments/vepprices/${id}`)).body.vepPrices as Array<{ planID: string; quotasValue: number }>;
    expect(vep.map((v) => v.quotasValue)).toContain(24);

    const accessory = await get(sites.cl, '/restpp/catalogue/products?kind=accessories');
    const accId = accessory.body.records[0].productId;
    expect((await get(sites.cl, `/restpp/equipments/vepprices/${accId}`)).body.vepPrices).toEqual([]);
    expect((await get(sites.cl, '/restpp/equipments/prices/PO_EQ_NOPE')).status).toBe(404);
    expect((await get(sites.cl, '/restpp/equipments/prices/bad%20id!')).status).toBe(400);

    const related = (await get(sites.cl, `/restpp/catalogue/related/${id}`)).body.products as Array<{
      productId: string;
      brand: string;
      price: { formatted: string };
    }>;
    expect(related).toHaveLength(8);
    expect(related.map((r) => r.productId)).not.toContain(id);
    expect(related[0].brand).toBe('Samsung');
    expect(related[0].price.formatted).toMatch(/^\$/);
  });

  it('validates a shown price: current → ok, changed → 409 pp.error.price.changed with the current price', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const sku = (await get(sites.cl, '/restpp/equipments/prices/PO_EQ_SAMSUNG_GALAXY_S24_ULTRA')).body.prices as Array<{ skuId: string; listPrice: number }>;
    const good = await v.call('POST', '/restpp/order/v2/priceRange/validate', { skuId: sku[0].skuId, price: sku[0].listPrice });
    expect(good.json()).toMatchObject({ success: true, valid: true });
    const stale = await v.call('POST', '/restpp/order/v2/priceRange/validate', { skuId: sku[0].skuId, price: sku[0].listPrice - 1000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      success: false,
      currentPrice: { amount: sku[0].listPrice },
      response: { systemMessage: [{ exceptionKey: 'pp.error.price.changed' }] },
    });
    const bad = await v.call('POST', '/restpp/order/v2/priceRange/validate', { skuId: sku[0].skuId, price: 'cheap' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationError).toHaveProperty('price');
  });

  it('lists insurances with numeric validity and screen defaults', async () => {
    const { body } = await get(sites.cl, '/restpp/meta/insurances');
    const list = body.insurances as Array<{ id: string; enabled: boolean; checked: boolean; insuranceValidity: number; exclusions: string[] }>;
    expect(list.map((i) => i.id)).toContain('INS_PROTECCION_TOTAL');
    expect(list.every((i) => i.enabled && !i.checked && typeof i.insuranceValidity === 'number')).toBe(true);
    expect(list.find((i) => i.id === 'INS_PROTECCION_TOTAL')?.exclusions).toEqual(['INS_ROBO', 'INS_DANO_TOTAL']);
  });

  it("attaches an insurance choice to the phone in the cart, for the customer's own line and without excluded pairs", async () => {
    const skuId = 'sku_PO_EQ_SAMSUNG_GALAXY_S24_ULTRA_1';
    const anon = await new Visitor(sites.cl.app).open();
    expect((await anon.call('POST', '/restpp/order/insurances', { skuId, insurances: ['INS_ROBO'] })).statusCode).toBe(401);

    const v = await new Visitor(sites.cl.app).open();
    await v.login('12.345.678-5', '1234');
    const post = (phone: string, body: unknown) =>
      sites.cl.app.inject({
        method: 'POST',
        url: `/restpp/order/insurances?f__key__=${v.token}`,
        headers: { cookie: v.cookie, 'content-type': 'application/json', atg_phoneNumber: phone },
        payload: JSON.stringify(body),
      });
    const other = await post('987654321', { skuId, insurances: ['INS_ROBO'] });
    expect(other.statusCode).toBe(403);
    expect(other.json().response.systemMessage[0].exceptionKey).toBe('pp.error.asset.forbidden');
    // the phone must be in the cart first
    expect((await post('912345678', { skuId, insurances: ['INS_ROBO'] })).statusCode).toBe(404);
    expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: skuId, quantity: 1 }])).statusCode).toBe(200);

    const clash = await post('912345678', { skuId, insurances: ['INS_PROTECCION_TOTAL', 'INS_ROBO'] });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().validationError.insurances).toEqual(['Elegiste seguros que no se pueden combinar.']);
    const unknown = await post('912345678', { skuId, insurances: ['INS_NOPE'] });
    expect(unknown.statusCode).toBe(400);
    const badBody = await post('912345678', { skuId: '', insurances: 'INS_ROBO' });
    expect(badBody.statusCode).toBe(400);
    expect(Object.keys(badBody.json().validationError).sort()).toEqual(['insurances', 'skuId']);
    const unchanged = (await v.call('GET', '/restpp/order/shoppingCart')).json();
    expect(unchanged.items.find((i: { id: string }) => i.id === skuId).insurances).toEqual([]);

    const good = await post('998877665', { skuId, insurances: ['INS_PROTECCION_TOTAL', 'INS_PANTALLA'] });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ success: true, insurances: ['INS_PROTECCION_TOTAL', 'INS_PANTALLA'], phoneNumber: '998877665' });
    const line = good.json().items.find((i: { id: string }) => i.id === skuId);
    expect(line.insurances.map((i: { id: string }) => i.id)).toEqual(['INS_PROTECCION_TOTAL', 'INS_PANTALLA']);
    expect(line.insuredPhoneNumber).toBe('998877665');
    expect(good.json().nextMonthPrice).toBe(line.insurances.reduce((sum: number, i: { monthlyValue: number }) => sum + i.monthlyValue, 0));
    // an empty choice takes them off again
    expect((await post('998877665', { skuId, insurances: [] })).json().items.find((i: { id: string }) => i.id === skuId)).toMatchObject({
      insurances: [],
      insuredPhoneNumber: null,
    });

    // accessories are never insured
    const accessory = 'sku_PO_AC_JBL_FLIP_6_1';
    await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: accessory, quantity: 1 }]);
    const onAccessory = await post('912345678', { skuId: accessory, insurances: ['INS_ROBO'] });
    expect(onAccessory.statusCode).toBe(409);
    expect(onAccessory.json().response.systemMessage[0].exceptionKey).toBe('pp.error.cart.insurance.product');
    await v.call('DELETE', `/restpp/order/${accessory}`);
    await v.call('DELETE', `/restpp/order/${skuId}`);
  });

  it('refuses an equipment-only insurance in Peru, even for a signed-in customer with the phone in the cart', async () => {
    const skuId = 'sku_PO_EQ_SAMSUNG_GALAXY_S24_ULTRA_1';
    const v = await new Visitor(sites.pe.app).open();
    await v.login('987654321', '123456');
    await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: skuId, quantity: 1 }]);
    const res = await sites.pe.app.inject({
      method: 'POST',
      url: `/restpp/order/insurances?f__key__=${v.token}`,
      headers: { cookie: v.cookie, 'content-type': 'application/json', atg_phoneNumber: '987654321' },
      payload: JSON.stringify({ skuId, insurances: ['INS_ROBO'] }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().response.systemMessage[0].exceptionKey).toBe('pp.error.cart.insurance.market');
    await v.call('DELETE', `/restpp/order/${skuId}`);
  });
});
