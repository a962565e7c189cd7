/**
 * The delivery-data calls a market's checkout uses (SPEC §7 "Order and cart"): Peru has its own
 * (`/restpp/peru/order/delivery/address`, `/restpp/order/v2/peru/edelivery`, `/v2/peru/storePickup`),
 * every other market the generic ones. Pages ask this, never the site name.
 */
import type { Market } from './market.ts';

export interface DeliveryCalls {
  /** POST: saves a delivery address (region, province, commune, street, number, details). */
  saveAddress: string;
  /** POST `{ addressId, consignee }`: home delivery to a saved address. */
  homeDelivery: string;
  /** POST `{ storeId, consignee }`: pickup at a store. */
  storePickup: string;
}

export function deliveryCalls(market: Pick<Market, 'peruOrderCalls'>): DeliveryCalls {
  return market.peruOrderCalls
    ? { saveAddress: '/restpp/peru/order/delivery/address', homeDelivery: '/restpp/order/v2/peru/edelivery', storePickup: '/restpp/order/v2/peru/storePickup' }
    : { saveAddress: '/restpp/order/delivery/address', homeDelivery: '/restpp/order/shipping/method', storePickup: '/restpp/order/shipping/method' };
}
