import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Visitor, type TestSite } from './helpers.ts';

/** The plan sale journey as a guest goes through it (plans-api and billing tests): choose, add, identify, pick up, pay. */

export const APPROVE = '4051885600446623';

export const guestFor = (site: 'cl' | 'pe', n: number) =>
  site === 'cl'
    ? { name: 'Bruno Díaz', document: ['18.585.543-0', '9.068.826-K', '11.111.111-1'][n], email: `bruno${n}@example.com`, phoneNumber: '912345671' }
    : { name: 'Bruno Díaz', document: ['40112233', '40112234', '40112235'][n], email: `bruno${n}@example.com`, phoneNumber: '912345671' };
export const storeFor = (site: string) => (site === 'cl' ? 'TDA_CL_PROVIDENCIA' : 'TDA_PE_MIRAFLORES');

export async function pay(app: FastifyInstance, v: Visitor, url: string, card: string): Promise<string> {
  const token = new URL(url, 'http://x').searchParams.get('token_ws')!;
  const res = await app.inject({ method: 'POST', url: `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, payload: { card, action: 'pay' } });
  const back = await v.call('GET', String(res.headers.location).replace(/^https?:\/\/[^/]+/, ''));
  expect(back.statusCode).toBe(303);
  return String(back.headers.location);
}

/** A guest who chose `planId`, gave billing contact and identification, picked store pickup and has an order. */
export async function planOrder(site: TestSite, siteId: 'cl' | 'pe', planId: string, guest: number) {
  const v = await new Visitor(site.app, `203.0.113.${40 + guest}`).open();
  // a multi_ plan is not in the selector (not flagged for the activation flow): it goes straight to the cart
  if (!planId.startsWith('multi_')) expect((await v.call('POST', '/restpp/order/select/plan', { id: planId })).statusCode).toBe(200);
  const added = await v.call('POST', '/restpp/order/add', [
    { type: 'plan', id: planId, quantity: 1, billing_email: `bruno${guest}@example.com`, billing_msisdn: '' },
  ]);
  expect(added.statusCode).toBe(200);
  expect((await v.call('PUT', '/restpp/order/customer/info', guestFor(siteId, guest))).statusCode).toBe(200);
  const order = (await v.call('GET', '/restpp/order/create')).json().order;
  const g = guestFor(siteId, guest);
  const ship = await v.call('POST', '/restpp/order/shipping/method', {
    deliveryType: 'storePickup',
    storeId: storeFor(siteId),
    consignee: { name: g.name, rut: g.document, phoneNumber: g.phoneNumber },
  });
  expect(ship.statusCode).toBe(200);
  return { v, order };
}
