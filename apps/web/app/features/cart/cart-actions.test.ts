import { describe, expect, it } from 'vitest';
import { testContext } from '../../lib/test-context.ts';
import { cartIntents } from './cart-actions.server.ts';

const maxQuantity = {
  status: 400,
  body: {
    success: false,
    response: {
      systemMessage: [{ exceptionKey: 'pp.Error.AddToCart.MaxQuantity', messages: ['Alcanzaste la cantidad máxima permitida para este producto.'] }],
    },
  },
};

describe('the cart action without JavaScript', () => {
  it("changes a line's quantity with the API the page calls, then back to the cart the customer is on", async () => {
    const { context, calls } = testContext('cl', { 'POST /restpp/order/cart': { body: { success: true } } });
    const answer = (await cartIntents(context, '/personas/carro-compra').quantity!({ intent: 'quantity', lineId: 'L1', quantity: '2' })) as Response;
    expect(calls).toEqual([{ path: '/restpp/order/cart', method: 'POST', body: { id: 'L1', quantity: 2 } }]);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/personas/carro-compra');
  });

  it("answers a refused quantity with the server's message and the line it was about, not a redirect", async () => {
    const { context } = testContext('pe', { 'POST /restpp/order/cart': maxQuantity });
    const fields = { intent: 'quantity', lineId: 'L1', quantity: '4' };
    expect(await cartIntents(context, '/carrito-compra').quantity!(fields)).toMatchObject({
      data: { error: { key: 'pp.Error.AddToCart.MaxQuantity', message: 'Alcanzaste la cantidad máxima permitida para este producto.' }, fields },
      init: { status: 400 },
    });
  });

  it('refuses a posted quantity that is no whole count, without calling the API', async () => {
    const { context, calls } = testContext('cl', { 'POST /restpp/order/cart': { body: { success: true } } });
    for (const quantity of ['0x2', 'abc', '0', '']) {
      const fields = { intent: 'quantity', lineId: 'L1', quantity };
      expect(await cartIntents(context, '/carrito-compra').quantity!(fields), quantity).toMatchObject({
        data: { error: { key: 'pp.error.cart.quantity' }, fields },
        init: { status: 400 },
      });
    }
    expect(calls).toEqual([]);
  });

  it('removes a line, and adds a suggested product as one unit', async () => {
    const { context, calls } = testContext('cl', {
      'DELETE /restpp/order/': { body: { success: true } },
      'POST /restpp/order/add': { body: { success: true } },
    });
    const intents = cartIntents(context, '/carrito-compra');
    expect(((await intents.remove!({ intent: 'remove', lineId: 'L 1' })) as Response).status).toBe(302);
    expect(((await intents.add!({ intent: 'add', skuId: 'sku_A' })) as Response).status).toBe(302);
    expect(calls).toEqual([
      { path: '/restpp/order/L%201', method: 'DELETE' },
      { path: '/restpp/order/add', method: 'POST', body: { items: [{ type: 'equipment', id: 'sku_A', quantity: 1 }] } },
    ]);
  });
});
