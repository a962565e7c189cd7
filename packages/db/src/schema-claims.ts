// Tables owned by Peru's claims: the claims book (Libro de Reclamaciones) and telecom claims about a line.
import { date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers, lines } from './schema.ts';

/**
 * One claim. `channel` book: a consumer's sheet (anyone, `sheet` holds what they wrote), `kind`
 * reclamo or queja; telecom: a signed-in customer's OSIPTEL claim about one of their lines, with a
 * `subject`. `code` is correlative per channel and year (claim_counters). `dueOn` is the last
 * business day to answer (book) or resolve (telecom); `notifyBy` the last day to notify (telecom).
 */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject'),
    customerId: integer('customer_id').references(() => customers.id),
    lineId: integer('line_id').references(() => lines.id),
    sheet: jsonb('sheet'),
    detail: text('detail').notNull(),
    email: text('email'),
    state: text('state').notNull().default('received'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    dueOn: date('due_on').notNull(),
    notifyBy: date('notify_by'),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The filing session's id hash: only it may take the sheet's PDF, once (`pdfTakenAt`). */
    filerSession: text('filer_session'),
    pdfTakenAt: timestamp('pdf_taken_at', { withTimezone: true }),
    /** The number the claims system registered the claim under, once its status check found it. */
    registeredAs: text('registered_as'),
  },
  (t) => [index('claims_customer_idx').on(t.customerId)],
);

/** The last correlative number given per code prefix and year. */
export const claimCounters = pgTable(
  'claim_counters',
  {
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

/** Sandbox claims system: how many times each claim's status was asked for (docs/sandbox.md). */
export const sandboxClaimChecks = pgTable('sandbox_claim_checks', {
  code: text('code').primaryKey(),
  tries: integer('tries').notNull(),
});
