import { describe, expect, it } from 'vitest';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';
const PLAN = 'PO_PLAN_LIBRE_80';
const PERU_CALLS = [
  '/restpp/order/v2/peru/storePickup',
  '/restpp/order/v2/peru/edelivery',
  '/restpp/order/v1/peru/shipping',
  '/restpp/peru/order/delivery/address',
  '/restpp/order/v2/peru/delivery',
];
const consignee = { name: 'Ana Pérez', rut: '12345678', phoneNumber: '912345670' };
const miraflores = { region: '15', province: '1501', commune: '150122' };

async function shopper(site: TestSite, address: string, lines: unknown[] = [{ type: 'equipment', id: ACCESSORY, quantity: 1 }]) {
  const v = await new Visitor(site.app, address).open();
  expect((await v.call('POST', '/restpp/order/add', lines)).statusCode).toBe(200);
  return v;
}

describe.each(drivers)('checkout delivery calls and coverage (%s database)', (driver) => {
  const sites = bothSites(driver);

  it('answers 404 for Peru’s own delivery calls on the Chilean site', async () => {
    const v = await shopper(sites.cl, '203.0.113.60');
    for (const url of PERU_CALLS) expect((await v.call('POST', url, { storeId: 'TDA_CL_PROVIDENCIA', consignee })).statusCode, url).toBe(404);
  });

  it('Peru’s delivery calls save the address and choose delivery or pickup like the generic ones', async () => {
    const v = await shopper(sites.pe, '203.0.113.61');
    const pickup = await v.call('POST', '/restpp/order/v2/peru/storePickup', { storeId: 'TDA_PE_MIRAFLORES', consignee });
    expect(pickup.json().shippingInfo).toMatchObject({ deliveryType: 'storePickup', storeId: 'TDA_PE_MIRAFLORES' });
    expect((await v.call('POST', '/restpp/order/v2/peru/storePickup', { storeId: 'NOPE', consignee })).statusCode).toBe(404);

    const saved = await v.call('POST', '/restpp/peru/order/delivery/address', {
      ...miraflores,
      streetName: 'Av. José Larco',
      addressNumber: '345',
      detailsAddressNumber: '',
    });
    expect(saved.json().address).toMatchObject({ communeName: 'Miraflores', provinceName: 'Lima' });
    const home = await v.call('POST', '/restpp/order/v2/peru/edelivery', { addressId: saved.json().address.id, consignee });
    expect(home.json().shippingInfo).toMatchObject({ deliveryType: 'delivery', addressId: saved.json().address.id });
    const generic = await v.call('POST', '/restpp/order/v1/peru/shipping', { deliveryType: 'storePickup', storeId: 'TDA_PE_LARCOMAR', consignee });
    expect(generic.json().shippingInfo.storeId).toBe('TDA_PE_LARCOMAR');

    // address and delivery in one call; a bad consignee saves nothing
    const before = (await v.call('GET', '/restpp/order/delivery/address')).json().addresses.length;
    const bad = await v.call('POST', '/restpp/order/v2/peru/delivery', {
      ...miraflores,
      streetName: 'Calle Uno',
      addressNumber: '1',
      consignee: { name: '', rut: '1', phoneNumber: '1' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await v.call('GET', '/restpp/order/delivery/address')).json().addresses).toHaveLength(before);
    const both = await v.call('POST', '/restpp/order/v2/peru/delivery', {
      ...miraflores,
      streetName: 'Calle Uno',
      addressNumber: '1',
      detailsAddressNumber: '',
      consignee,
    });
    expect(both.json()).toMatchObject({ address: { streetName: 'Calle Uno' }, shippingInfo: { deliveryType: 'delivery', addressId: both.json().address.id } });
    expect(both.json().addresses).toHaveLength(before + 1);
  });

  it('validates coverage over the real geography in both markets', async () => {
    const check = async (site: TestSite, body: Record<string, unknown>) =>
      (await new Visitor(site.app).open()).call('POST', '/restpp/coverage/v1/validate', body);
    expect((await check(sites.pe, miraflores)).json().coverage).toMatchObject({ covered: true, technology: '5G', commune: { name: 'Miraflores' } });
    expect((await check(sites.pe, { region: '08', province: '0801', commune: '080101' })).json().coverage).toMatchObject({ covered: true, technology: '4G' });
    expect((await check(sites.pe, { region: '08', province: '0801', commune: '080102' })).json().coverage).toMatchObject({
      covered: false,
      technology: null,
      commune: { name: 'Ccorca' },
    });
    expect((await check(sites.pe, { region: '07', province: '0701', commune: '070105' })).json().coverage.technology).toBe('5G');
    expect((await check(sites.cl, { region: '13', commune: '13123' })).json().coverage).toMatchObject({ covered: true, technology: '5G' });
    expect((await check(sites.cl, { region: '05', commune: '05101' })).json().coverage.technology).toBe('4G');
    expect((await check(sites.cl, { region: '05', commune: '05102' })).json().coverage.covered).toBe(false);
    const wrong = await check(sites.cl, { region: '13', commune: '05102' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().validationError.commune).toHaveLength(1);
    expect((await check(sites.cl, {})).statusCode).toBe(400);
  });

  it('searches communes with their coverage', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const { communes } = (await v.call('POST', '/restpp/address/v1/coverage/search', { region: '05', query: 'vALPA' })).json();
    expect(communes).toEqual([expect.objectContaining({ code: '05101', name: 'Valparaíso', covered: true, technology: '4G' })]);
    const all = (await v.call('POST', '/restpp/address/v1/coverage/search', { region: '05' })).json().communes;
    expect(all.length).toBeGreaterThan(10);
    expect(all.some((c: { covered: boolean }) => !c.covered)).toBe(true);
  });

  it('records the feasibility check of the cart’s address and refuses payment for a plan without coverage', async () => {
    const v = await shopper(sites.pe, '203.0.113.62', [{ type: 'plan', id: PLAN, quantity: 1 }]);
    await v.call('PUT', '/restpp/order/customer/info', { name: 'Ana Pérez', document: '12345678', email: 'ana@example.com', phoneNumber: '912345670' });
    const far = (
      await v.call('POST', '/restpp/order/delivery/address', {
        region: '08',
        province: '0801',
        commune: '080102',
        streetName: 'Jr. Sol',
        addressNumber: '5',
        detailsAddressNumber: '',
      })
    ).json().address;
    const created = await v.call('POST', '/restpp/coverage/v1/create', { addressId: far.id });
    expect(created.json().coverage).toMatchObject({ covered: false, addressId: far.id });
    expect(created.json().coverage.coverageId).toBeGreaterThan(0);
    // another visitor's address is not found
    const stranger = await shopper(sites.pe, '203.0.113.63');
    expect((await stranger.call('POST', '/restpp/coverage/v1/create', { addressId: far.id })).statusCode).toBe(404);

    await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'delivery', addressId: far.id, consignee });
    expect((await v.call('GET', '/restpp/order/create')).statusCode).toBe(200);
    const refused = await v.call('GET', '/restpp/order/payment');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      redirectRUL: '/personas/flujo-compra/factibilidad',
      response: { systemMessage: [{ exceptionKey: 'pp.error.coverage.none' }] },
    });

    const near = (
      await v.call('POST', '/restpp/order/delivery/address', { ...miraflores, streetName: 'Av. Larco', addressNumber: '9', detailsAddressNumber: '' })
    ).json().address;
    expect((await v.call('POST', '/restpp/coverage/v1/create', { addressId: near.id })).json().coverage.covered).toBe(true);
    await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'delivery', addressId: near.id, consignee });
    expect((await v.call('GET', '/restpp/order/payment')).json().url).toMatch(/token_ws=/);
  });
});
