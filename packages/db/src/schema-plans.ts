// Tables owned by the plan sales capability.
import { pgTable, serial, text, integer, boolean, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers, lines, plans } from './schema.ts';
import { orders } from './schema-shop.ts';

/**
 * A line opened by a paid plan order: one row per line a plan of the order opens, so a replayed payment
 * return never opens a second line, and the success page can show the new number.
 */
export const planActivations = pgTable(
  'plan_activations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    phoneNumber: text('phone_number').notNull(),
    /** The visitor was not a customer yet: the profile was created with this order. */
    newCustomer: boolean('new_customer').notNull(),
    billingEmail: text('billing_email'),
    billingMsisdn: text('billing_msisdn'),
    /** A multi_ plan opens two lines: slot 1 and 2. */
    slot: integer('slot').notNull().default(1),
    /** The number was brought from another company (the line waits for the port window). */
    ported: boolean('ported').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plan_activations_order_plan_idx').on(t.orderId, t.planId, t.slot), index('plan_activations_customer_idx').on(t.customerId)],
);
