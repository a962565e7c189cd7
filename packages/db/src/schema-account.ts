// Tables owned by the account capability. Money columns are integer minor units.
import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, date, boolean, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { bagOffers, bills, customers, lines } from './schema.ts';

/** Customer tickets (TMF621); status follows packages/domain/src/account-tickets.ts. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    number: text('number').notNull().unique(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('submitted'),
    attachmentType: text('attachment_type'),
    /** The image, base64, kept in the database (outside the web root). */
    attachment: text('attachment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tickets_customer_idx').on(t.customerId)],
);

/** Frequent numbers of a line (SPEC §5, 9 digits). */
export const frequentNumbers = pgTable(
  'frequent_numbers',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    number: text('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('frequent_numbers_line_number_idx').on(t.lineId, t.number)],
);

/** Balance movements (transfers, top-ups, bag purchases paid from balance), for the history screens. */
export const balanceMovements = pgTable(
  'balance_movements',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    /** transfer_out, transfer_in, topup, bag, lukas. */
    kind: text('kind').notNull(),
    /** Signed: money in positive, money out negative. */
    amount: integer('amount').notNull(),
    counterpart: text('counterpart'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('balance_movements_line_idx').on(t.lineId)],
);

/**
 * Card payments started from the account through the payment gateway: top-ups (the balance rises
 * once, when the commit approves), bill payments (the bill is marked paid once) and bags (the bag
 * becomes active on the line once).
 */
export const topups = pgTable(
  'topups',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    buyOrder: text('buy_order').notNull().unique(),
    /** topup, bill or bag. */
    purpose: text('purpose').notNull().default('topup'),
    billId: integer('bill_id').references(() => bills.id),
    /** The bag a 'bag' payment buys. */
    offerId: text('offer_id').references(() => bagOffers.id),
    /** The financed phone an 'installments' payment pays ahead, from which installment (1-based) and how many. */
    equipmentId: integer('equipment_id').references(() => lineEquipment.id),
    installmentFrom: integer('installment_from'),
    installmentCount: integer('installment_count'),
    /** What a purpose registered by another capability pays for (a 'deductible' payment: the claim number). */
    subjectRef: text('subject_ref'),
    amount: integer('amount').notNull(),
    /** pending, committing (its return arrived; the gateway is being asked to commit), approved, rejected, aborted, duplicate. */
    status: text('status').notNull().default('pending'),
    token: text('token'),
    /** The gateway page to send the browser to, so a double submit gets the same one. */
    redirectUrl: text('redirect_url'),
    idempotencyKey: text('idempotency_key').notNull(),
    authorizationCode: text('authorization_code'),
    cardLast4: text('card_last4'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the order sweep may finish a commit begun and never recorded, and how long a sweep working on it holds it. */
    reconcileAfter: timestamp('reconcile_after', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('topups_line_key_idx').on(t.lineId, t.idempotencyKey),
    index('topups_reconcile_idx')
      .on(t.reconcileAfter)
      .where(sql`status = 'committing'`),
    index('topups_token_idx').on(t.token),
    // One bill, one charge: only one attempt per bill may be committing or approved at a time.
    uniqueIndex('topups_bill_charge_idx')
      .on(t.billId)
      .where(sql`status in ('committing', 'approved')`),
    // One installment, one charge: only one attempt paying from an installment may be committing or approved.
    uniqueIndex('topups_installment_charge_idx')
      .on(t.equipmentId, t.installmentFrom)
      .where(sql`status in ('committing', 'approved')`),
    // One subject, one charge: only one attempt paying a claim's deductible may be committing or approved.
    uniqueIndex('topups_subject_charge_idx')
      .on(t.purpose, t.subjectRef)
      .where(sql`subject_ref is not null and status in ('committing', 'approved')`),
  ],
);

/** Bonuses a line can get for loyalty points (canje-bonos). */
export const bonusOffers = pgTable('bonus_offers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** data, voice, sms, streaming. */
  kind: text('kind').notNull(),
  description: text('description').notNull(),
  pointsPrice: integer('points_price').notNull(),
  validityDays: integer('validity_days').notNull(),
  dataMb: integer('data_mb'),
  minutes: integer('minutes'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Bonuses redeemed on a line; active until they expire. */
export const lineBonuses = pgTable(
  'line_bonuses',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    offerId: text('offer_id')
      .notNull()
      .references(() => bonusOffers.id),
    points: integer('points').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('line_bonuses_line_idx').on(t.lineId)],
);

/** Partner discounts of the benefits club (beneficios/descuentos). */
export const discounts = pgTable('discounts', {
  id: text('id').primaryKey(),
  partner: text('partner').notNull(),
  /** food, travel, entertainment, health, shopping. */
  category: text('category').notNull(),
  title: text('title').notNull(),
  conditions: text('conditions').notNull(),
  percentage: integer('percentage').notNull(),
  validUntil: date('valid_until').notNull(),
});

/** The phone a line was sold with, paid in monthly installments on the bill. */
export const lineEquipment = pgTable(
  'line_equipment',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    /** Null for a phone sold online until it is dispatched. */
    imei: text('imei'),
    price: integer('price').notNull(),
    installments: integer('installments').notNull(),
    installmentAmount: integer('installment_amount').notNull(),
    /** The first installment's bill day; the installments paid so far follow from it and today. */
    firstInstallmentAt: date('first_installment_at').notNull(),
    /** The last installment paid ahead by card (quotas-pagar); 0: none. Bills do not charge those. */
    prepaidThrough: integer('prepaid_through').notNull().default(0),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    /** SPEC §3 rentalType: `{brand}Blue` when bought with a Blue plan (SPEC §9: renewed from month 12), else regular. */
    rentalType: text('rental_type').notNull().default('regular'),
    /** The shop's order line that sold it on installments (a Blue phone); null for phones recorded otherwise. */
    orderLineId: integer('order_line_id'),
  },
  (t) => [
    index('line_equipment_line_idx').on(t.lineId),
    // a paid order's financed phone goes on its line once, whatever replays the payment
    uniqueIndex('line_equipment_order_line_idx')
      .on(t.orderLineId)
      .where(sql`order_line_id is not null`),
  ],
);

/** Channels a customer wants per notification kind (packages/domain/src/account-preferences.ts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    push: boolean('push').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.kind] })],
);

/** Customer-service requests (ayuda-soporte); status follows packages/domain/src/account-requests.ts. */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    number: text('number').notNull().unique(),
    topic: text('topic').notNull(),
    description: text('description').notNull(),
    contactChannel: text('contact_channel').notNull(),
    status: text('status').notNull().default('received'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_requests_customer_idx').on(t.customerId)],
);

/**
 * What the line owes on its next bill besides the plan (a bag charged to the bill, the renewal of a
 * recurring bag): not a payment, nothing was paid yet. `billId` is the bill that included the charge;
 * null while it waits for the next bill.
 */
export const billCharges = pgTable(
  'bill_charges',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    billId: integer('bill_id').references(() => bills.id),
    /** bag, bag_renewal. */
    kind: text('kind').notNull(),
    offerId: text('offer_id').references(() => bagOffers.id),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bill_charges_line_idx').on(t.lineId), index('bill_charges_bill_idx').on(t.billId)],
);

/**
 * Where a billed line (postpaid or hybrid) stands in its billing cycle: the day its next bill is
 * issued (its cycle day). Moving it forward and issuing that bill are one transaction, so each
 * period is billed once; a line gets its row the first time it is seen billable (after its latest
 * bill, or from that day for a line without bills, such as one just moved to a plan).
 */
export const lineBilling = pgTable(
  'line_billing',
  {
    lineId: integer('line_id')
      .primaryKey()
      .references(() => lines.id),
    nextBillOn: date('next_bill_on').notNull(),
    /**
     * The day the period of the next bill began when it is the line's first on its plan and began
     * mid-cycle (activation, or the day it moved to the plan): that bill charges the plan prorated.
     * Null once that bill is issued: every later period is whole.
     */
    proratedFrom: date('prorated_from'),
  },
  (t) => [index('line_billing_next_idx').on(t.nextBillOn)],
);
