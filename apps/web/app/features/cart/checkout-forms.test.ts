import { describe, expect, it } from 'vitest';
import { testContext } from '../../lib/test-context.ts';
import { chooseArea, deliverHome, identifyGuest } from './checkout-forms.server.ts';

const guest = { intent: 'identify', name: '  Marta Lagos', document: '234567810', email: 'marta@example.com', phoneNumber: '912345682' };
const areas = (parent: string) => ({ body: { success: true, areas: [{ code: `${parent}-1`, name: 'Uno' }] } });

describe('the checkout forms without JavaScript', () => {
  it('identifies the guest with the fields cleaned as the page cleans them, then makes the order and goes to delivery', async () => {
    const { context, calls } = testContext('cl', {
      'PUT /restpp/order/customer/info': { body: { success: true } },
      'GET /restpp/order/create': { body: { success: true } },
    });
    const answer = (await identifyGuest(context, guest, false)) as Response;
    expect(calls).toEqual([
      {
        path: '/restpp/order/customer/info',
        method: 'PUT',
        body: { name: 'Marta Lagos', document: '23.456.781-0', email: 'marta@example.com', phoneNumber: '912345682' },
      },
      { path: '/restpp/order/create', method: 'GET' },
    ]);
    expect(answer.headers.get('location')).toBe('/personas/flujo-compra/datos-despacho');
  });

  it("sends a phone purchase's guest on to the insurance step, the order not made yet", async () => {
    const { context, calls } = testContext('pe', { 'PUT /restpp/order/customer/info': { body: { success: true } } });
    const answer = (await identifyGuest(context, { ...guest, document: '41827364' }, true)) as Response;
    expect(calls.map((c) => c.path)).toEqual(['/restpp/order/customer/info']);
    expect(answer.headers.get('location')).toBe('/personas/producto/agregar-seguro');
  });

  it('refuses what the page would refuse, each message beside its field, with what was typed, calling nothing', async () => {
    const { context, calls } = testContext('cl', {});
    const answer = await identifyGuest(context, { ...guest, email: 'marta@example', phoneNumber: '' }, false);
    expect(calls).toEqual([]);
    expect(answer).toMatchObject({
      data: {
        fields: { email: 'marta@example', name: 'Marta Lagos' },
        fieldErrors: { email: ['validation.email'], phoneNumber: expect.arrayContaining(['validation.required']) },
      },
      init: { status: 400 },
    });
  });

  it("answers the region's lists and drops a commune of another region", async () => {
    const { context } = testContext('cl', { '/restpp/order/geo/areas': areas('13') });
    const answer = await chooseArea(context, { intent: 'area', region: '13', commune: '05-1', streetName: 'Av. Providencia' });
    expect(answer).toMatchObject({ data: { fields: { region: '13', commune: '', streetName: 'Av. Providencia' }, communes: [{ code: '13-1' }] } });
  });

  it('delivers home with the same calls as the page, the consignee under its own names, then on to payment', async () => {
    const { context, calls } = testContext('cl', {
      '/restpp/order/geo/areas': areas('13'),
      'POST /restpp/order/delivery/address': { body: { success: true, address: { id: 7 } } },
      'POST /restpp/order/shipping/method': { body: { success: true } },
    });
    const fields = {
      intent: 'deliver',
      region: '13',
      commune: '13-1',
      streetName: 'Av. Providencia',
      addressNumber: '2124',
      detailsAddressNumber: '',
      'consignee.name': 'Marta Lagos',
      'consignee.rut': '234567810',
      'consignee.phoneNumber': '912345682',
    };
    const answer = (await deliverHome(context, fields, false)) as Response;
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        path: '/restpp/order/delivery/address',
        method: 'POST',
        body: { region: '13', province: '', commune: '13-1', streetName: 'Av. Providencia', addressNumber: '2124', detailsAddressNumber: '' },
      },
      {
        path: '/restpp/order/shipping/method',
        method: 'POST',
        body: { deliveryType: 'delivery', addressId: 7, consignee: { name: 'Marta Lagos', rut: '23.456.781-0', phoneNumber: '912345682' } },
      },
    ]);
    expect(answer.headers.get('location')).toBe('/personas/flujo-compra/detalle-pago');
  });

  it('refuses a delivery without a commune or a consignee, saving nothing', async () => {
    const { context, calls } = testContext('cl', { '/restpp/order/geo/areas': areas('13') });
    const answer = await deliverHome(context, { intent: 'deliver', region: '13', streetName: 'Av. Providencia', addressNumber: '2124' }, false);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(answer).toMatchObject({
      data: {
        fieldErrors: { commune: ['checkout.validation.commune'], 'consignee.name': expect.arrayContaining(['validation.required']) },
        fields: { streetName: 'Av. Providencia' },
      },
      init: { status: 400 },
    });
  });
});
