import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, index, check } from 'drizzle-orm/pg-core';
import { lines } from './schema.ts';
import { simActivations } from './schema-activation.ts';

// ── Number changes: numbers held and the changes made (apps/server/src/modules/numbering) ──

/**
 * A number held away from everyone else until `expiresAt`: reserved for a line whose customer is
 * choosing it, or quarantined after a line left it. The number is the key, so a number is held once.
 */
export const numberHolds = pgTable(
  'number_holds',
  {
    number: text('number').primaryKey(),
    /** The line it is reserved for, or the line that left it (null: held for a chip's activation). */
    lineId: integer('line_id').references(() => lines.id),
    /** The chip activation it is held for (docs/decisions/025), when not a line's. */
    activationId: integer('activation_id').references(() => simActivations.id),
    kind: text('kind').$type<'reserved' | 'quarantined'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('number_holds_line_idx').on(t.lineId),
    index('number_holds_activation_idx').on(t.activationId),
    check('number_holds_holder', sql`${t.lineId} is not null or ${t.activationId} is not null`),
  ],
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
