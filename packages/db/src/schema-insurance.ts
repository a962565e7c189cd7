import { pgTable, serial, text, integer, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { insurances, lines } from './schema.ts';
import { lineBlocks } from './schema-device.ts';

// ── Device insurance and its claims (apps/server/src/modules/insurance, docs/decisions/028) ────────────

/**
 * An insurance a line's phone was bought with: from a paid order's phone line (`order_line_id`), or the
 * phone the line was sold with (demo data). Valid from `starts_at` to `ends_at` (null: no fixed end).
 */
export const lineInsurances = pgTable(
  'line_insurances',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    insuranceId: text('insurance_id')
      .notNull()
      .references(() => insurances.id),
    /** The order line (a phone) it was bought with; null for the phone the line was sold with. */
    orderLineId: integer('order_line_id'),
    /** The insured phone as the customer knows it (brand and model), and its IMEI when known. */
    device: text('device').notNull(),
    imei: text('imei'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('line_insurances_line_idx').on(t.lineId),
    uniqueIndex('line_insurances_order_line_idx')
      .on(t.orderLineId, t.insuranceId)
      .where(sql`order_line_id is not null`),
  ],
);

/**
 * A claim on a line's insurance after a theft or damage (packages/domain/src/insurance-claims.ts): one open
 * per line (the partial unique index), its deductible fixed when filed and charged once.
 */
export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: serial('id').primaryKey(),
    /** The customer's claim number (SN-CL-0000001), from the id. */
    number: text('number').notNull().unique(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    lineInsuranceId: integer('line_insurance_id')
      .notNull()
      .references(() => lineInsurances.id),
    /** theft or damage. */
    kind: text('kind').$type<'theft' | 'damage'>().notNull(),
    description: text('description').notNull(),
    /** A theft claim's block of the line, and its police report (Chile) or report code (Peru). */
    blockId: integer('block_id').references(() => lineBlocks.id),
    theftReport: text('theft_report'),
    /** filed, in_review, approved, rejected, delivered. */
    status: text('status').notNull(),
    /** Minor units, fixed when filed: what the page shows is what is charged. */
    deductible: integer('deductible').notNull(),
    /** bill or balance, once paid. */
    deductiblePayment: text('deductible_payment'),
    deductiblePaidAt: timestamp('deductible_paid_at', { withTimezone: true }),
    /** The insurer's reference once it has the claim (a later status check hands it over when the first try failed). */
    insurerReference: text('insurer_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When it was rejected or the replacement delivered: set once; an open claim has none. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('insurance_claims_line_idx').on(t.lineId),
    index('insurance_claims_insurance_idx').on(t.lineInsuranceId),
    uniqueIndex('insurance_claims_open_idx')
      .on(t.lineId)
      .where(sql`closed_at is null`),
  ],
);

/** Every state a claim reached, with when: the page's timeline. */
export const insuranceClaimEvents = pgTable(
  'insurance_claim_events',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => insuranceClaims.id),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('insurance_claim_events_claim_idx').on(t.claimId)],
);

/**
 * A line's number on a smartwatch (SPEC §2 `linea-smart`, docs/decisions/028): an eSIM profile on the
 * watch sharing the line's number; one in use per line (the partial unique index).
 */
export const smartLines = pgTable(
  'smart_lines',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    /** The watch's eUICC id (32 digits, GSMA SGP.29 check digits). */
    eid: text('eid').notNull(),
    watchName: text('watch_name').notNull(),
    /** The eSIM provider's profile: its ICCID and the activation code the watch scans. */
    iccid: text('iccid').notNull(),
    activationCode: text('activation_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('smart_lines_line_idx').on(t.lineId),
    uniqueIndex('smart_lines_open_idx')
      .on(t.lineId)
      .where(sql`removed_at is null`),
  ],
);
