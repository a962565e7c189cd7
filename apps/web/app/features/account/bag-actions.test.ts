import { describe, expect, it } from 'vitest';
import { testContext } from '../../lib/test-context.ts';
import { bagIntents, bagPageState } from './bag-actions.server.ts';

const PAGE = '/personas/mientel/bolsas/inmediatas';
const location = (answer: unknown) => (answer as Response).headers.get('location');

describe('the bag purchase without JavaScript', () => {
  it('a payment button that charges at once opens the question at its own address and charges nothing', async () => {
    const { context, calls } = testContext('cl', {});
    const answer = await bagIntents(context, PAGE).choose!({ intent: 'choose', offerId: 'BAG_500MB_1D', line: '934512794', payment: 'balance' });
    expect(location(answer)).toBe(`${PAGE}?oferta=BAG_500MB_1D&pago=balance`);
    expect(calls).toEqual([]);
  });

  it("a card goes to the gateway's page the purchase answers", async () => {
    const { context, calls } = testContext('pe', { 'POST /REST/asset/': { body: { success: true, response: { redirectRUL: '/sandbox/gateway?token=x' } } } });
    const answer = await bagIntents(context, PAGE).choose!({ intent: 'choose', offerId: 'BAG_500MB_1D', line: '934512795', payment: 'card' });
    expect(location(answer)).toBe('/sandbox/gateway?token=x');
    expect(calls).toMatchObject([{ path: '/REST/asset/934512795/bag', method: 'POST', body: { offerId: 'BAG_500MB_1D', payment: 'card' } }]);
  });

  it('a payment that is none of the four is refused, keeping the offer', async () => {
    const { context, calls } = testContext('cl', {});
    const fields = { intent: 'choose', offerId: 'BAG_500MB_1D', line: '934512794', payment: 'gift' };
    expect(await bagIntents(context, PAGE).choose!(fields)).toMatchObject({ data: { error: { key: 'pp.error.validation' }, fields }, init: { status: 400 } });
    expect(calls).toEqual([]);
  });

  it("'Sí, comprar' charges once under the question's key and comes back telling how it was paid", async () => {
    const cases = [
      { payment: 'balance', mode: 'immediate', outcome: 'bought' },
      { payment: 'bill', mode: 'immediate', outcome: 'onBill' },
      { payment: 'balance', mode: 'recurring', outcome: 'subscribed' },
    ];
    for (const { payment, mode, outcome } of cases) {
      const { context, calls } = testContext('cl', { 'POST /REST/asset/934512794/bag': { body: { success: true, name: 'Bolsa', mode } } });
      const answer = await bagIntents(context, PAGE).buy!({ intent: 'buy', offerId: 'B1', line: '934512794', payment, idempotencyKey: 'key-12345678' });
      expect(calls).toEqual([{ path: '/REST/asset/934512794/bag', method: 'POST', body: { offerId: 'B1', payment, idempotencyKey: 'key-12345678' } }]);
      expect(location(answer)).toBe(`${PAGE}?comprada=B1&resultado-compra=${outcome}`);
    }
  });

  it("a refused purchase answers the server's message with the question's offer and payment, to ask again", async () => {
    const { context } = testContext('pe', {
      'POST /REST/asset/': {
        status: 409,
        body: { success: false, response: { systemMessage: [{ exceptionKey: 'account.error.balance', messages: ['Tu saldo no alcanza.'] }] } },
      },
    });
    const fields = { intent: 'buy', offerId: 'B1', line: '934512795', payment: 'balance', idempotencyKey: 'key-12345678' };
    expect(await bagIntents(context, PAGE).buy!(fields)).toMatchObject({
      data: { error: { key: 'account.error.balance', message: 'Tu saldo no alcanza.' }, fields },
      init: { status: 409 },
    });
  });

  it("the page's address opens a question or tells a purchase only for an offer it lists, never a card's question", () => {
    const state = (query: string) => bagPageState(new URL(`http://shop.test${PAGE}?${query}`), ['B1', 'B2']);
    expect(state('oferta=B1&pago=points')).toMatchObject({ confirm: { offerId: 'B1', payment: 'points' }, done: null });
    expect(state('oferta=B9&pago=balance').confirm).toBeNull();
    expect(state('oferta=B1&pago=card').confirm).toBeNull();
    expect(state('comprada=B2&resultado-compra=onBill').done).toEqual({ offerId: 'B2', outcome: 'onBill' });
    expect(state('comprada=B2&resultado-compra=free').done).toBeNull();
    expect(state('').idempotencyKey).not.toBe(state('').idempotencyKey);
  });
});
