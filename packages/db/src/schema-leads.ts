// Tables owned by click-to-call and lead appointments (docs/decisions/026).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './schema.ts';

/**
 * One lead: a "Te llamamos" request (`kind` call, with the contact centre's `outcome`: success,
 * pending with `callAt`, failure with `failureReason`) or a lead appointment (`kind` appointment).
 */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    phoneNumber: text('phone_number').notNull(),
    name: text('name'),
    document: text('document'),
    source: text('source').notNull(),
    context: text('context'),
    customerId: integer('customer_id').references(() => customers.id),
    outcome: text('outcome'),
    failureReason: text('failure_reason'),
    callAt: timestamp('call_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('leads_phone_idx').on(t.phoneNumber)],
);

/**
 * A lead appointment: one slot of the contact centre's calendar, booked at most once (the partial
 * unique index); `tokenHash` is the SHA-256 of the link texted to the customer to move or cancel it.
 */
export const leadAppointments = pgTable(
  'lead_appointments',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id),
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    /** booked, cancelled. */
    status: text('status').notNull().default('booked'),
    tokenHash: text('token_hash').notNull().unique(),
    /** The contact centre's booking reference. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('lead_appointments_slot_idx')
      .on(t.slotAt)
      .where(sql`status = 'booked'`),
  ],
);

/**
 * The CRM's lead events waiting to be delivered (an outbox): written with the lead, delivered at
 * least once by the lead-sync sweep under `idempotencyKey`, so the CRM keeps one lead per event.
 * A delivery is claimed (`claimedBy`/`claimedAt`) before the outside call (docs/decisions/013).
 */
export const leadSync = pgTable(
  'lead_sync',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id),
    /** created, moved, cancelled. */
    event: text('event').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    crmReference: text('crm_reference'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('lead_sync_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`delivered_at is null`),
  ],
);

/** Sandbox contact centre: the calendar's booked slots (docs/sandbox.md). */
export const sandboxContactBookings = pgTable('sandbox_contact_bookings', {
  slotAt: timestamp('slot_at', { withTimezone: true }).primaryKey(),
  reference: text('reference').notNull(),
  bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
});

/** Sandbox CRM: the leads it received, one per idempotency key, with how many deliveries carried it. */
export const sandboxCrmLeads = pgTable('sandbox_crm_leads', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  reference: text('reference').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  deliveries: integer('deliveries').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
