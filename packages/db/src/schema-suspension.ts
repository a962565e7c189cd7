import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, date, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { lines } from './schema.ts';

// ── Temporary suspensions at the customer's request (apps/server/src/modules/suspension) ──

/**
 * A line suspended for travel or a break (packages/domain/src/suspension.ts). Days are the market's
 * calendar days; one suspension per line is open (not yet settled) at a time.
 */
export const lineSuspensions = pgTable(
  'line_suspensions',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    /** travel or break. */
    reason: text('reason').$type<'travel' | 'break'>().notNull(),
    /** First and last suspended days (inclusive). */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** The day the customer ended it early (the line is back that day). */
    resumedOn: date('resumed_on', { mode: 'string' }),
    /** The plan's credit for the days suspended when the market does not bill them (minor units). */
    credit: integer('credit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When it was over and the line back (and credited): set once. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('line_suspensions_line_idx').on(t.lineId),
    uniqueIndex('line_suspensions_open_idx')
      .on(t.lineId)
      .where(sql`settled_at is null`),
  ],
);
