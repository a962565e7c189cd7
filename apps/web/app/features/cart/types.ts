import type { DeliveryQuote, DeliveryType } from '@andes/domain/cart-rules';

/** The cart and order as the API answers them (apps/server/src/modules/cart; docs/api.md). */
export interface CartItem {
  id: string;
  productOfferingID: string;
  type: 'equipment' | 'plan';
  quantity: number;
  name: string;
  productId: string | null;
  color: string | null;
  images: string[];
  price: number;
  shownPrice: number;
  monthlyPrice: number;
  lineTotal: number;
  stock: number | null;
  insurances: Array<{ id: string; displayName: string; monthlyValue: number }>;
  /** Equipment only: phone, refurbished or accessory. */
  productKind?: string;
  campaignID?: string | null;
  /** A renewed phone and the customer's line it renews (SPEC §3 planPhoneNumber). */
  renewal?: boolean;
  planPhoneNumber?: string | null;
}

export interface RecheckIssue {
  itemId: string;
  kind: 'price' | 'stock';
  shownPrice: number;
  currentPrice: number;
  quantity: number;
  stock: number;
}

export interface Cart {
  shoppingCartID: string;
  items: CartItem[];
  nextMonthPrice: number;
  totalPrice: number;
  subTotalPrice: number;
  /** The chosen way of delivery (null: not yet, `deliveryPrice` unknown) and what each way costs. */
  deliveryType: DeliveryType | null;
  deliveryOptions: Record<DeliveryType, DeliveryQuote>;
  deliveryPrice: number;
  totalPointUsed: number;
  itemCount: number;
  isPortability: boolean;
  status: { portabilityReady: boolean; registrationReady: boolean; signedIn: boolean };
  shippingInfo: { deliveryType: 'delivery' | 'storePickup' | null; addressId: number | null; storeId: string | null; consignee: { name: string; rut: string; phoneNumber: string } | null };
  issues: RecheckIssue[];
}

export interface OrderView {
  number: string;
  status: string;
  createdAt: string;
  /** When the money came in (paid first, or collected on hand-over); null until then. */
  paidAt?: string | null;
  currency: string;
  subTotalPrice: number;
  deliveryPrice: number;
  totalPrice: number;
  nextMonthPrice: number;
  deliveryType: DeliveryType | null;
  deliveryOptions: Record<DeliveryType, DeliveryQuote>;
  delivery: { type: string; text: string } | null;
  lines: Array<{ id: string; type?: string; name: string; color: string; image: string; quantity: number; unitPrice: number; renewal?: boolean; planPhoneNumber?: string | null }>;
  paymentMethod?: string | null;
  paymentCode?: 'CE' | 'PP' | 'PT' | null;
  paymentKind?: 'gateway' | 'offline' | 'points' | 'cashCode' | null;
  cashCode?: string | null;
  expiresAt?: string | null;
  pointsUsed: number;
  /** Points a cancelled points purchase gave back to the line that paid. */
  pointsReturned?: number;
  /** `late`: an approval after the order ended; `cancelled`: the payment of an order the customer cancelled. */
  refunds?: Array<{ amount: number; refundedAt: string; reason: 'late' | 'cancelled' }>;
  /** A cancelled order's payment the gateway has not given back yet (minor units). */
  refundPending?: number;
  /** Whether the customer may still cancel it (not shipped nor at the store yet). */
  cancellable?: boolean;
  /** Every state reached, oldest first, and the path the order takes when all goes well. */
  history?: Array<{ status: string; at: string }>;
  path?: string[];
}

/** One order of "Mis pedidos" (`GET /restpp/order/list`). */
export interface OrderSummary {
  number: string;
  status: string;
  createdAt: string;
  currency: string;
  totalPrice: number;
  lines: Array<{ name: string; quantity: number }>;
}

/** `GET /restpp/order/payment/po` (docs/api.md). */
export interface PaymentOptions {
  defaultPaymentMethod: string;
  paymentMethods: Array<{ id: string; code: string; kind: 'gateway' | 'offline' | 'points' | 'cashCode'; available: boolean; reason: 'deliveryType' | 'signedIn' | 'points' | null }>;
  pointsNeeded: number;
  pointLines: Array<{ phoneNumber: string; points: number }>;
  offlineExpiryHours: number;
  cashCodeExpiryHours: number;
  /** Whether this buyer must pass the reCAPTCHA before a method that holds stock unpaid, and the widget's provider. */
  recaptcha?: { required: boolean; provider: 'sandbox' | 'google'; siteKey: string };
}

export interface Suggestion {
  skuId: string;
  productId: string;
  displayName: string;
  color: string;
  productImage: string;
  price: number;
}

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
  isPortability: false,
  status: { portabilityReady: true, registrationReady: false, signedIn: false },
  shippingInfo: { deliveryType: null, addressId: null, storeId: null, consignee: null },
  issues: [],
};
