import { describe, expect, it } from 'vitest';
import { getMarket } from '../src/market.ts';
import { deliveryCalls } from '../src/delivery-calls.ts';

describe('delivery calls by market', () => {
  it("uses Peru's own calls in Peru and the generic ones in Chile", () => {
    expect(deliveryCalls(getMarket('pe'))).toEqual({
      saveAddress: '/restpp/peru/order/delivery/address',
      homeDelivery: '/restpp/order/v2/peru/edelivery',
      storePickup: '/restpp/order/v2/peru/storePickup',
    });
    expect(deliveryCalls(getMarket('cl'))).toEqual({
      saveAddress: '/restpp/order/delivery/address',
      homeDelivery: '/restpp/order/shipping/method',
      storePickup: '/restpp/order/shipping/method',
    });
  });
});
