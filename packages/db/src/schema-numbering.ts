import { pgTable, serial, text, integer, timestamp, index } from 'drizzle-orm/pg-core';
import { lines } from './schema.ts';

// ── Number changes: numbers held and the changes made (apps/server/src/modules/numbering) ──

/**
 * A number held away from everyone else until `expiresAt`: reserved for a line whose customer is
 * choosing it, or quarantined after a line left it. The number is the key, so a number is held once.
 */
export const numberHolds = pgTable(
  'number_holds',
  {
    number: text('number').primaryKey(),
    /** The line it is reserved for, or the line that left it. */
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    kind: text('kind').$type<'reserved' | 'quarantined'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('number_holds_line_idx').on(t.lineId)],
);

/** Every number a line moved to, with its time. */
export const numberChanges = pgTable(
  'number_changes',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    oldNumber: text('old_number').notNull(),
    newNumber: text('new_number').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('number_changes_line_idx').on(t.lineId)],
);
