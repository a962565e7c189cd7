// Tables owned by the prepaid-to-plan migration and the mobile (SIM delivery) request flows.
import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers, lines, plans } from './schema.ts';

/**
 * One attempt to move a prepaid line to a plan, paid through the gateway. `state` follows
 * packages/domain/src/migration.ts; the line changes only when an attempt moves to approved, so a
 * replayed gateway return finds it settled and changes nothing.
 */
export const lineMigrations = pgTable(
  'line_migrations',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    /** What the line was before, to show on the success page and for the operator's history. */
    fromKind: text('from_kind').notNull(),
    fromPlanId: text('from_plan_id'),
    buyOrder: text('buy_order').notNull().unique(),
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    token: text('token').unique(),
    redirectUrl: text('redirect_url'),
    /** packages/domain/src/migration.ts MIGRATION_STATES; `committing` once its return arrived and the gateway is asked to commit. */
    state: text('state').notNull().default('pending'),
    authorizationCode: text('authorization_code'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When the gateway gave back the payment of a `refunded` attempt (null while still owed). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** When the order sweep may finish a commit begun and never recorded (or a refund owed), and how long a sweep working on it holds it. */
    reconcileAfter: timestamp('reconcile_after', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('line_migrations_line_key_idx').on(t.lineId, t.idempotencyKey),
    index('line_migrations_reconcile_idx')
      .on(t.reconcileAfter)
      .where(sql`state = 'committing' or (state = 'refunded' and refunded_at is null)`),
  ],
);

/** A request for a plan line whose SIM is delivered to the customer's address (`/personas/movil`). */
export const mobileRequests = pgTable(
  'mobile_requests',
  {
    id: serial('id').primaryKey(),
    /** Shown to the customer (MOV-CL-00000012) to follow the request. */
    number: text('number').unique(),
    /** The browser session that made it: only that visitor (or the signed-in customer) reads it back. */
    sessionKey: text('session_key').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    name: text('name').notNull(),
    /** Normalised like customers.document. */
    document: text('document').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    regionCode: text('region_code').notNull(),
    provinceCode: text('province_code').notNull(),
    communeCode: text('commune_code').notNull(),
    streetName: text('street_name').notNull(),
    addressNumber: text('address_number').notNull(),
    detailsAddressNumber: text('details_address_number').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mobile_requests_session_key_idx').on(t.sessionKey, t.idempotencyKey), index('mobile_requests_customer_idx').on(t.customerId)],
);
