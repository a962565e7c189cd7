// Tables owned by the account capability. Money columns are integer minor units.
import { pgTable, serial, text, integer, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { bills, customers, lines } from './schema.ts';

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
 * once, when the commit approves) and bill payments (the bill is marked paid once).
 */
export const topups = pgTable(
  'topups',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    buyOrder: text('buy_order').notNull().unique(),
    /** topup or bill. */
    purpose: text('purpose').notNull().default('topup'),
    billId: integer('bill_id').references(() => bills.id),
    amount: integer('amount').notNull(),
    /** pending, approved, rejected, aborted. */
    status: text('status').notNull().default('pending'),
    token: text('token'),
    /** The gateway page to send the browser to, so a double submit gets the same one. */
    redirectUrl: text('redirect_url'),
    idempotencyKey: text('idempotency_key').notNull(),
    authorizationCode: text('authorization_code'),
    cardLast4: text('card_last4'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('topups_line_key_idx').on(t.lineId, t.idempotencyKey), index('topups_token_idx').on(t.token)],
);
