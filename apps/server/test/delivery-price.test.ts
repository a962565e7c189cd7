import { describe, expect, it } from 'vitest';
import { drivers, Visitor, bothSites } from './helpers.ts';

/** An accessory below the free-delivery subtotal in both markets (CLP 19.990, S/ 86.90). */
const CHEAP = 'sku_PO_AC_XIAOMI_REDMI_BUDS_6_ACTIVE_1';
const FEE = { cl: 3990, pe: 1500 } as const;
const place = {
  cl: {
    region: 'Metropolitana de Santiago',
    province: null,
    commune: 'Providencia',
    guest: { name: 'Ana Pérez', document: '76.086.428-5', email: 'ana@example.com', phoneNumber: '912345670' },
  },
  pe: {
    region: 'Lima',
    province: 'Lima',
    commune: 'Miraflores',
    guest: { name: 'Ana Pérez', document: '12345678', email: 'ana@example.com', phoneNumber: '912345670' },
  },
} as const;

/** The geography codes of the market's test address, read through the API as the delivery step does. */
async function addressCodes(v: Visitor, siteId: 'cl' | 'pe') {
  const p = place[siteId];
  const named = (list: Array<{ code: string; name: string }>, name: string) => list.find((a) => a.name === name)!.code;
  const region = named((await v.call('GET', '/restpp/order/geo/regions')).json().regions, p.region);
  const areas = async (parent: string) => (await v.call('GET', `/restpp/order/geo/areas?parent=${parent}`)).json().areas;
  const province = p.province ? named(await areas(region), p.province) : '';
  const commune = named(await areas(province || region), p.commune);
  return { region, province, commune };
}

describe.each(drivers)('the delivery price shown is the price charged (%s database)', (driver) => {
  const sites = bothSites(driver);

  it.each(['cl', 'pe'] as const)(
    '%s: before a delivery is chosen the cart and the order say what each way costs; the chosen one is charged',
    async (siteId) => {
      const app = sites[siteId].app;
      const v = await new Visitor(app, '203.0.113.70').open();
      expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: CHEAP, quantity: 1 }])).statusCode).toBe(200);
      const cart = (await v.call('GET', '/restpp/order/shoppingCart')).json();
      const sub = cart.subTotalPrice as number;
      const options = { delivery: { deliveryPrice: FEE[siteId], totalPrice: sub + FEE[siteId] }, storePickup: { deliveryPrice: 0, totalPrice: sub } };
      // not chosen yet: no delivery price pretends to be the price ("Gratis"), each way is quoted
      expect(cart).toMatchObject({ deliveryType: null, deliveryPrice: 0, totalPrice: sub, deliveryOptions: options });

      expect((await v.call('PUT', '/restpp/order/customer/info', place[siteId].guest)).statusCode).toBe(200);
      const created = (await v.call('GET', '/restpp/order/create')).json().order;
      expect(created).toMatchObject({ deliveryType: null, deliveryOptions: options });

      const saved = (
        await v.call('POST', '/restpp/order/delivery/address', {
          ...(await addressCodes(v, siteId)),
          streetName: 'Av. Providencia',
          addressNumber: '2124',
          detailsAddressNumber: '',
        })
      ).json();
      const consignee = { name: 'Ana Pérez', rut: place[siteId].guest.document, phoneNumber: '912345670' };
      const shipped = (await v.call('POST', '/restpp/order/shipping/method', { deliveryType: 'delivery', addressId: saved.address.id, consignee })).json();
      expect(shipped.order).toMatchObject({ deliveryType: 'delivery', ...options.delivery });
      expect(shipped.shoppingCart).toMatchObject({ deliveryType: 'delivery', ...options.delivery });
      const attempt = (await v.call('GET', '/restpp/order/payment')).json();
      expect(attempt.success).toBe(true);
      const status = (await v.call('GET', `/restpp/order/status?order=${created.number}`)).json().order;
      expect(status).toMatchObject({ totalPrice: options.delivery.totalPrice, deliveryPrice: options.delivery.deliveryPrice });
    },
  );
});
