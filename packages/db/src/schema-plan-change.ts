import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, date, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { bills, lines, plans } from './schema.ts';

// ── Plan changes of a billed line (apps/server/src/modules/account, docs/decisions/027) ──

/**
 * A postpaid or Controlado line moving to another plan. An upgrade (a dearer plan) is applied at once
 * and the bill of its period charges both plans by days; a downgrade waits for the next cycle day
 * (scheduled, cancellable until then). One change per billing period: the unique index on the period's
 * bill day for changes not cancelled lets parallel requests make one.
 */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    /** upgrade or downgrade. */
    kind: text('kind').$type<'upgrade' | 'downgrade'>().notNull(),
    fromPlanId: text('from_plan_id')
      .notNull()
      .references(() => plans.id),
    toPlanId: text('to_plan_id')
      .notNull()
      .references(() => plans.id),
    /** What the line paid a month on the old plan when it asked (minor units), and the new plan's monthly price. */
    fromPrice: integer('from_price').notNull(),
    toPrice: integer('to_price').notNull(),
    /** The first day on the new plan (market calendar): today for an upgrade, the next cycle day for a downgrade. */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    /** The bill day that ends the period it was asked in (one change per period). */
    periodEndsOn: date('period_ends_on', { mode: 'string' }).notNull(),
    /** scheduled (a downgrade waiting), applied, cancelled. */
    state: text('state').$type<'scheduled' | 'applied' | 'cancelled'>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The bill that charged both plans by days (an upgrade inside a period). */
    billId: integer('bill_id').references(() => bills.id),
    /** That bill's two parts: the old plan's days and the new plan's days (minor units). */
    fromAmount: integer('from_amount'),
    toAmount: integer('to_amount'),
  },
  (t) => [
    index('plan_changes_line_idx').on(t.lineId, t.effectiveOn),
    uniqueIndex('plan_changes_line_key_idx').on(t.lineId, t.idempotencyKey),
    uniqueIndex('plan_changes_period_idx')
      .on(t.lineId, t.periodEndsOn)
      .where(sql`state <> 'cancelled'`),
  ],
);
