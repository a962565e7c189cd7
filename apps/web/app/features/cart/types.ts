import type { Cart } from '@andes/contract/answers';

/** The cart and order as the API answers them: their schemas are the contract's (packages/contract). */
export type { Cart, CartItem, OrderSummary, OrderView, PaymentOptions, RecheckIssue, Suggestion } from '@andes/contract/answers';

export const emptyCart: Cart = {
  shoppingCartID: '',
  items: [],
  nextMonthPrice: 0,
  totalPrice: 0,
  subTotalPrice: 0,
  deliveryType: null,
  deliveryOptions: { delivery: { deliveryPrice: 0, totalPrice: 0 }, storePickup: { deliveryPrice: 0, totalPrice: 0 } },
  deliveryPrice: 0,
  totalPointUsed: 0,
  itemCount: 0,
  currency: '',
  isPortability: false,
  status: { portabilityReady: true, registrationReady: false, signedIn: false },
  shippingInfo: { deliveryType: null, addressId: null, storeId: null, consignee: null },
  issues: [],
};
