import { describe, expect, it } from 'vitest';
import { testContext } from '../../lib/test-context.ts';
import { addEquipment } from './add-to-cart.server.ts';

const sku = (id: string, color: string, storage: string | null, listPrice: number) => ({ id, color, storage, listPrice });
const product = {
  success: true,
  product: {
    poID: 'PO_PHONE',
    skus: [sku('sku_1', 'Negro', '128 GB', 100000), sku('sku_2', 'Gris', '128 GB', 100000), sku('sku_3', 'Gris', '256 GB', 120000)],
  },
};
// today's prices differ from the product's: the action adds at today's (the one the page shows)
const prices = {
  success: true,
  prices: [
    { skuId: 'sku_1', listPrice: 99000, priceContadoRN: 89000, renewalPrices: null },
    { skuId: 'sku_3', listPrice: 119000, priceContadoRN: 109000, renewalPrices: { price: {} } },
  ],
};
const refused = (key: string, message: string) => ({
  status: 400,
  body: { success: false, response: { systemMessage: [{ exceptionKey: key, messages: [message] }] } },
});

function shop(extra: Parameters<typeof testContext>[1] = {}) {
  return testContext('cl', {
    '/restpp/catalogue/product/': { body: product },
    '/restpp/equipments/prices/': { body: prices },
    'POST /restpp/order/add': { body: { success: true } },
    ...extra,
  });
}

describe("the product page's 'Añadir al carro' without JavaScript", () => {
  it('adds the sku of the colour and storage chosen, at its price today and in the quantity posted, then goes to the cart', async () => {
    const { context, calls } = shop();
    const answer = (await addEquipment(context, 'PO_PHONE', { intent: 'add', skuId: 'sku_1', colour: 'Gris', storage: '256 GB', quantity: '2' })) as Response;
    expect(calls.at(-1)).toEqual({ path: '/restpp/order/add', method: 'POST', body: [{ type: 'equipment', id: 'sku_3', quantity: 2, price: 119000 }] });
    expect(answer.headers.get('location')).toBe('/carrito-compra');
  });

  it('a renewal adds at the renewal cash price for the line chosen', async () => {
    const { context, calls } = shop();
    await addEquipment(context, 'PO_PHONE', { intent: 'add', colour: 'Gris', storage: '256 GB', quantity: '1', renewal: 'true', 'renewal-line': '934512764' });
    expect(calls.at(-1)?.body).toEqual([{ type: 'equipment', id: 'sku_3', quantity: 1, price: 109000, renewal: true, planPhoneNumber: '934512764' }]);
  });

  it("attaches the insurances checked to the phone's line; a refusal says the phone is in the cart without them", async () => {
    const { context, calls } = shop({ 'POST /restpp/order/insurances': refused('pp.error.cart.insurance', 'Uno de los seguros elegidos no existe.') });
    const fields = { intent: 'add', colour: 'Negro', storage: '128 GB', quantity: '1', insurance: 'INS_A,INS_B', insurancePhone: '912345678' };
    const answer = await addEquipment(context, 'PO_PHONE', fields);
    expect(calls.at(-1)).toEqual({
      path: '/restpp/order/insurances',
      method: 'POST',
      headers: { atg_phoneNumber: '912345678' },
      body: { insurances: ['INS_A', 'INS_B'], skuId: 'sku_1' },
    });
    expect(answer).toMatchObject({ data: { error: { key: 'product.addError.insurance' }, fields } });
  });

  it("a refused add answers the server's message with the colour, storage and quantity chosen, and attaches nothing", async () => {
    const { context, calls } = shop({ 'POST /restpp/order/add': refused('pp.error.cart.out.of.stock', 'No tenemos stock suficiente de este producto.') });
    const fields = { intent: 'add', colour: 'Gris', storage: '128 GB', quantity: '3', insurance: 'INS_A', insurancePhone: '912345678' };
    const answer = await addEquipment(context, 'PO_PHONE', fields);
    expect(answer).toMatchObject({
      data: { error: { key: 'pp.error.cart.out.of.stock', message: 'No tenemos stock suficiente de este producto.' }, fields },
      init: { status: 400 },
    });
    expect(calls.map((c) => c.path)).not.toContain('/restpp/order/insurances');
  });

  it('a colour and storage that name no sku (and no sku shown) is refused before anything is added', async () => {
    const { context, calls } = shop();
    const answer = await addEquipment(context, 'PO_PHONE', { intent: 'add', colour: 'Negro', storage: '256 GB', quantity: '1' });
    expect(answer).toMatchObject({ data: { error: { key: 'pp.error.validation' } }, init: { status: 400 } });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
