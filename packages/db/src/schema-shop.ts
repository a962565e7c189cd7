// Tables owned by the shop capability. Money columns are integer minor units.
export {};

// ── Cart, orders and payment (cart capability) ──────────────────────────────────────────────────
// A namespace import so the catalogue's own named imports in this file never collide with ours.
import * as cartPg from 'drizzle-orm/pg-core';
import { sql as cartSql } from 'drizzle-orm';
import { customers as cartCustomers, lines as cartPhoneLines, skus as cartSkus } from './schema.ts';

/**
 * A cart: owned by a session while anonymous (its `token` sits in the session data, which survives
 * the session rotation at sign-in) and by the customer once signed in (one open cart per customer).
 */
export const carts = cartPg.pgTable(
  'carts',
  {
    id: cartPg.serial('id').primaryKey(),
    token: cartPg.text('token').notNull().unique(),
    customerId: cartPg.integer('customer_id').references(() => cartCustomers.id),
    /** Bumped on every line change: the order-creation idempotency key is (cart, version). */
    version: cartPg.integer('version').notNull().default(0),
    /** delivery or storePickup, with the chosen address or store and the consignee. */
    deliveryType: cartPg.text('delivery_type'),
    addressId: cartPg.integer('address_id'),
    storeId: cartPg.text('store_id'),
    consignee: cartPg.jsonb('consignee').$type<{ name: string; rut: string; phoneNumber: string }>(),
    /** Guest identification (name, document, e-mail, phone) for a buyer who does not sign in. */
    guest: cartPg.jsonb('guest').$type<{ name: string; document: string; email: string; phoneNumber: string }>(),
    /** The order being checked out from this cart (open until paid, failed or expired). */
    currentOrderId: cartPg.integer('current_order_id'),
    createdAt: cartPg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: cartPg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [cartPg.uniqueIndex('carts_customer_idx').on(t.customerId)],
);

export const cartLines = cartPg.pgTable(
  'cart_lines',
  {
    id: cartPg.serial('id').primaryKey(),
    cartId: cartPg
      .integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** equipment (a sku) or plan. */
    type: cartPg.text('type').notNull(),
    itemId: cartPg.text('item_id').notNull(),
    quantity: cartPg.integer('quantity').notNull(),
    /** Unit price the customer was shown; the checkout re-check compares it with today's price. */
    shownPrice: cartPg.integer('shown_price').notNull(),
    insurances: cartPg.jsonb('insurances').$type<string[]>().notNull().default([]),
    campaignId: cartPg.text('campaign_id'),
    isPortability: cartPg.boolean('is_portability').notNull().default(false),
    billingEmail: cartPg.text('billing_email'),
    billingMsisdn: cartPg.text('billing_msisdn'),
    /** The customer's own line an equipment-only insurance covers (`atg_phoneNumber` of POST /restpp/order/insurances). */
    insuredPhoneNumber: cartPg.text('insured_phone_number'),
    /** A signed-in customer's phone renewal (from the renewal catalogue): priced at its renewal cash price, quantity 1. */
    renewal: cartPg.boolean('renewal').notNull().default(false),
    /** SPEC §3 planPhoneNumber of a renewal: the customer's own line whose phone it renews. */
    planPhoneNumber: cartPg.text('plan_phone_number'),
    addedAt: cartPg.timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** A phone sold on the Blue program: the installment count chosen (SPEC §3 quotasValue); its quotas come from the catalogue's option. */
    quotasValue: cartPg.integer('quotas_value'),
  },
  (t) => [cartPg.uniqueIndex('cart_lines_item_idx').on(t.cartId, t.type, t.itemId)],
);

export const deliveryAddresses = cartPg.pgTable(
  'delivery_addresses',
  {
    id: cartPg.serial('id').primaryKey(),
    customerId: cartPg.integer('customer_id').references(() => cartCustomers.id),
    /** Guests' addresses belong to their cart. */
    cartId: cartPg.integer('cart_id'),
    regionCode: cartPg.text('region_code').notNull(),
    provinceCode: cartPg.text('province_code'),
    communeCode: cartPg.text('commune_code').notNull(),
    streetName: cartPg.text('street_name').notNull(),
    addressNumber: cartPg.text('address_number').notNull(),
    details: cartPg.text('details').notNull().default(''),
    createdAt: cartPg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [cartPg.index('delivery_addresses_customer_idx').on(t.customerId), cartPg.index('delivery_addresses_cart_idx').on(t.cartId)],
);

/** Orders; `status` follows packages/domain/src/order-state.ts. */
export const orders = cartPg.pgTable(
  'orders',
  {
    id: cartPg.serial('id').primaryKey(),
    number: cartPg.text('number').unique(),
    /** `${cartId}:${cartVersion}`: a double click or a replay of order creation finds the same order. */
    idempotencyKey: cartPg.text('idempotency_key').notNull().unique(),
    cartId: cartPg.integer('cart_id').notNull(),
    customerId: cartPg.integer('customer_id').references(() => cartCustomers.id),
    /** The cart token of the session that created it: a guest follows the order with it. */
    ownerToken: cartPg.text('owner_token').notNull(),
    status: cartPg.text('status').notNull(),
    currency: cartPg.text('currency').notNull(),
    subTotalPrice: cartPg.integer('sub_total_price').notNull(),
    deliveryPrice: cartPg.integer('delivery_price').notNull().default(0),
    totalPrice: cartPg.integer('total_price').notNull(),
    nextMonthPrice: cartPg.integer('next_month_price').notNull().default(0),
    deliveryType: cartPg.text('delivery_type'),
    /** Address or store snapshot as shown to the customer. */
    delivery: cartPg.jsonb('delivery').$type<Record<string, string>>(),
    consignee: cartPg.jsonb('consignee').$type<{ name: string; rut: string; phoneNumber: string }>(),
    contact: cartPg.jsonb('contact').$type<{ name: string; document: string; email: string; phoneNumber: string }>(),
    /** The buyer's document in its stored form (customer-document.ts normalizedDocument): per-document quotas count by it. */
    buyerDocument: cartPg.text('buyer_document'),
    paymentMethod: cartPg.text('payment_method'),
    paymentFlag: cartPg.boolean('payment_flag').notNull().default(false),
    /** Loyalty points taken for a points purchase. */
    pointsUsed: cartPg.integer('points_used').notNull().default(0),
    /** The line whose points paid (a points purchase): a cancellation gives them back to it. */
    pointsLineId: cartPg.integer('points_line_id').references(() => cartPhoneLines.id),
    /** An open order past this time expires and gives its stock back (longer for cash on delivery / in store). */
    expiresAt: cartPg.timestamp('expires_at', { withTimezone: true }),
    createdAt: cartPg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: cartPg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: cartPg.timestamp('paid_at', { withTimezone: true }),
    /** The logistics system's reference once the paid order was handed to it; null until then (the sweep retries). */
    fulfilmentReference: cartPg.text('fulfilment_reference'),
    /**
     * The process handing the order to logistics now, and since when: another process leaves it
     * alone until the claim is released or its lease runs out (a crashed claimer), so it is handed over once.
     */
    handoverClaimedBy: cartPg.text('handover_claimed_by'),
    handoverClaimedAt: cartPg.timestamp('handover_claimed_at', { withTimezone: true }),
    /** The day the accepted order is in the customer's hands: at the door, or ready at the store (domain delivery-promise.ts). */
    promisedFor: cartPg.date('promised_for', { mode: 'string' }),
    /** When the confirmation e-mail went out (or is going out now): set first, so it goes once; cleared again when sending failed. */
    confirmationSentAt: cartPg.timestamp('confirmation_sent_at', { withTimezone: true }),
  },
  (t) => [
    cartPg.index('orders_status_created_idx').on(t.status, t.createdAt),
    cartPg.index('orders_customer_idx').on(t.customerId),
    // a document's orders: the per-document promotion quota counts them (plan-promotion.ts)
    cartPg.index('orders_buyer_document_idx').on(t.buyerDocument),
  ],
);

export const orderLines = cartPg.pgTable(
  'order_lines',
  {
    id: cartPg.serial('id').primaryKey(),
    orderId: cartPg
      .integer('order_id')
      .notNull()
      .references(() => orders.id),
    type: cartPg.text('type').notNull(),
    itemId: cartPg.text('item_id').notNull(),
    productId: cartPg.text('product_id').notNull(),
    name: cartPg.text('name').notNull(),
    color: cartPg.text('color').notNull(),
    image: cartPg.text('image').notNull(),
    quantity: cartPg.integer('quantity').notNull(),
    unitPrice: cartPg.integer('unit_price').notNull(),
    monthlyPrice: cartPg.integer('monthly_price').notNull().default(0),
    insurances: cartPg.jsonb('insurances').$type<string[]>().notNull().default([]),
    insuredPhoneNumber: cartPg.text('insured_phone_number'),
    /** Sold as a renewal (its unit price is the renewal cash price). */
    renewal: cartPg.boolean('renewal').notNull().default(false),
    /** SPEC §3 planPhoneNumber of a renewal: the customer's line whose phone it renews. */
    planPhoneNumber: cartPg.text('plan_phone_number'),
    /** A plan line's list monthly price; its `monthlyPrice` is the first month's (the promotion's when it got one). */
    listMonthlyPrice: cartPg.integer('list_monthly_price'),
    /** The plan promotion the line was sold on (domain plan-promotion.ts lineOffer): its percentage, null for none. */
    promoPercentage: cartPg.integer('promo_percentage'),
    /** Months at the promotional price; null with a promotion: as long as the plan. */
    promoMonths: cartPg.integer('promo_months'),
    /** The line counts toward its buyer document's quota of the promotion (the plan caps it per document). */
    promoCapped: cartPg.boolean('promo_capped').notNull().default(false),
    /**
     * A phone sold on the Blue program (SPEC §3 {product}BlueInfo option): the installments, the initial
     * quota paid with the order (its unit price), the monthly quota billed with the plan and the phone's
     * value financed; null for a phone paid in full.
     */
    quotasValue: cartPg.integer('quotas_value'),
    initialQuota: cartPg.integer('initial_quota'),
    quotaAmount: cartPg.integer('quota_amount'),
    equipmentValue: cartPg.integer('equipment_value'),
  },
  (t) => [cartPg.index('order_lines_order_idx').on(t.orderId)],
);

/** Every state an order reached, with when: the follow-up page's timeline (written by each guarded move). */
export const orderStatusEvents = cartPg.pgTable(
  'order_status_events',
  {
    id: cartPg.serial('id').primaryKey(),
    orderId: cartPg
      .integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: cartPg.text('status').notNull(),
    createdAt: cartPg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [cartPg.index('order_status_events_order_idx').on(t.orderId)],
);

/** Units taken from `skus.stock` for an order: held, then committed (paid) or released. */
export const stockReservations = cartPg.pgTable(
  'stock_reservations',
  {
    id: cartPg.serial('id').primaryKey(),
    orderId: cartPg
      .integer('order_id')
      .notNull()
      .references(() => orders.id),
    skuId: cartPg
      .text('sku_id')
      .notNull()
      .references(() => cartSkus.id),
    quantity: cartPg.integer('quantity').notNull(),
    status: cartPg.text('status').notNull().default('held'),
    createdAt: cartPg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: cartPg.timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [cartPg.index('stock_reservations_order_idx').on(t.orderId)],
);

/** One gateway transaction per attempt to pay an order. */
export const paymentAttempts = cartPg.pgTable(
  'payment_attempts',
  {
    id: cartPg.serial('id').primaryKey(),
    orderId: cartPg
      .integer('order_id')
      .notNull()
      .references(() => orders.id),
    buyOrder: cartPg.text('buy_order').notNull().unique(),
    token: cartPg.text('token').unique(),
    url: cartPg.text('url'),
    amount: cartPg.integer('amount').notNull(),
    method: cartPg.text('method').notNull(),
    /**
     * initializing, created, committing (its return arrived; the gateway is being asked to commit),
     * authorized, failed, aborted; refund_pending → refunded for a late approval.
     */
    status: cartPg.text('status').notNull(),
    responseCode: cartPg.integer('response_code'),
    authorizationCode: cartPg.text('authorization_code'),
    cardLast4: cartPg.text('card_last4'),
    paymentType: cartPg.text('payment_type'),
    /** The card installments the buyer asked for (0: a single payment). */
    installments: cartPg.integer('installments').notNull().default(0),
    /** The installments the gateway recorded when it committed (0: none, a debit card or a single payment) and each one's amount. */
    installmentsNumber: cartPg.integer('installments_number'),
    installmentsAmount: cartPg.integer('installments_amount'),
    createdAt: cartPg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedAt: cartPg.timestamp('committed_at', { withTimezone: true }),
    /** An approval that came after the order expired or was cancelled is refunded, never fulfilled. */
    refundedAt: cartPg.timestamp('refunded_at', { withTimezone: true }),
    /**
     * When the order sweep may finish this attempt should the process handling it not (a commit begun
     * and never recorded, a refund owed), and how long a sweep working on it holds it. On a failed or
     * aborted attempt: a return asked the gateway again and its answer is not recorded yet.
     */
    reconcileAfter: cartPg.timestamp('reconcile_after', { withTimezone: true }),
    /** The process asking the gateway for this attempt's refund now, and since when (as the orders' hand-over claim). */
    refundClaimedBy: cartPg.text('refund_claimed_by'),
    refundClaimedAt: cartPg.timestamp('refund_claimed_at', { withTimezone: true }),
  },
  (t) => [
    cartPg.index('payment_attempts_order_idx').on(t.orderId),
    cartPg
      .index('payment_attempts_reconcile_idx')
      .on(t.reconcileAfter)
      .where(cartSql`${t.status} in ('committing', 'refund_pending') or (${t.status} in ('failed', 'aborted') and ${t.reconcileAfter} is not null)`),
  ],
);

/** Coverage checks of a delivery address (SPEC §7 coverage calls), kept for the cart that asked. */
export const coverageChecks = cartPg.pgTable(
  'coverage_checks',
  {
    id: cartPg.serial('id').primaryKey(),
    cartId: cartPg.integer('cart_id'),
    addressId: cartPg.integer('address_id'),
    regionCode: cartPg.text('region_code').notNull(),
    provinceCode: cartPg.text('province_code').notNull(),
    communeCode: cartPg.text('commune_code').notNull(),
    covered: cartPg.boolean('covered').notNull(),
    technology: cartPg.text('technology'),
    createdAt: cartPg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [cartPg.index('coverage_checks_cart_idx').on(t.cartId)],
);
