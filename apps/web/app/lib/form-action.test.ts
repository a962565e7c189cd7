import { describe, expect, it } from 'vitest';
import { apiRefusal, countField, dispatchIntent, formAddress, listField, readForm } from './form-action.ts';

const post = (fields: Array<[string, string]>) =>
  new Request('http://shop.test/carrito-compra', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('readForm', () => {
  it('reads the posted fields; a name sent several times (checkboxes) keeps every value', async () => {
    const fields = await readForm(
      post([
        ['intent', 'add'],
        ['insurance', 'INS_A'],
        ['insurance', 'INS_B'],
        ['colour', 'Azul'],
      ]),
    );
    expect(fields).toEqual({ intent: 'add', insurance: 'INS_A,INS_B', colour: 'Azul' });
    expect(listField(fields, 'insurance')).toEqual(['INS_A', 'INS_B']);
    expect(listField(fields, 'missing')).toEqual([]);
  });
});

describe('dispatchIntent', () => {
  const handlers = {
    quantity: async (f: Record<string, string>) => new Response(`quantity ${f.lineId}`),
    remove: async (f: Record<string, string>) => new Response(`remove ${f.lineId}`),
  };

  it('runs the handler the hidden intent names, with the posted fields', async () => {
    const answer = (await dispatchIntent(
      post([
        ['intent', 'remove'],
        ['lineId', 'L1'],
      ]),
      handlers,
    )) as Response;
    expect(await answer.text()).toBe('remove L1');
  });

  it('refuses an intent it does not know (or none), keeping what was posted, and runs nothing', async () => {
    for (const intent of [[['intent', 'toString']], [['intent', 'checkout']], []] as Array<Array<[string, string]>>) {
      const answer = await dispatchIntent(post([...intent, ['lineId', 'L1']]), handlers);
      expect(answer).toMatchObject({ data: { error: { key: 'pp.error.validation' }, fields: { lineId: 'L1' } }, init: { status: 400 } });
    }
  });
});

describe('apiRefusal', () => {
  const fields = { colour: 'Beige', quantity: '2' };

  it("shows the server's first message under its key, with the answer's status and the customer's choice", () => {
    const answer = {
      status: 409,
      body: {
        success: false,
        response: {
          systemMessage: [{ exceptionKey: 'pp.Error.AddToCart.MaxQuantity', messages: ['Alcanzaste la cantidad máxima permitida para este producto.'] }],
        },
      },
    };
    expect(apiRefusal(fields, answer)).toMatchObject({
      data: { error: { key: 'pp.Error.AddToCart.MaxQuantity', message: 'Alcanzaste la cantidad máxima permitida para este producto.' }, fields },
      init: { status: 409 },
    });
  });

  it("shows a field's first message when the server refused the input, as a 400 even when the answer said 200", () => {
    const answer = { status: 200, body: { success: false, validationError: { quantity: ['La cantidad debe ser al menos 1.'] } } };
    expect(apiRefusal(fields, answer)).toMatchObject({
      data: { error: { key: 'pp.error.validation', message: 'La cantidad debe ser al menos 1.' }, fields, fieldErrors: answer.body.validationError },
      init: { status: 400 },
    });
  });
});

describe('formAddress', () => {
  it("posts to the page with the page token, the page's own query kept and an old token dropped", () => {
    expect(formAddress('/carrito-compra', '', 't1')).toBe('/carrito-compra?f__key__=t1');
    expect(formAddress('/personas/mientel/bolsas', '?oferta=B1&pago=balance', 't1')).toBe('/personas/mientel/bolsas?oferta=B1&pago=balance&f__key__=t1');
    expect(formAddress('/carrito-compra', '?f__key__=old', 'new')).toBe('/carrito-compra?f__key__=new');
  });
});

describe('countField', () => {
  it('reads a whole count of at least 1 written in digits, and the fallback when the field was not sent', () => {
    expect(countField({ quantity: '2' }, 'quantity', 1)).toBe(2);
    expect(countField({}, 'quantity', 1)).toBe(1);
  });

  it('refuses (null) anything else, never reading it as another count', () => {
    for (const quantity of ['', 'abc', '0', '-1', '1.5', '1e400', '0x2', ' 1', '2,3', '9999999999'])
      expect(countField({ quantity }, 'quantity', 1), quantity).toBeNull();
  });
});
