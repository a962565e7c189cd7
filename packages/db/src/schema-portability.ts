// Tables owned by the portability and identity capability (subscriber flows, SPEC §7).
import { pgTable, serial, text, integer, timestamp, jsonb, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { carts } from './schema-shop.ts';

/** A request to bring a number from another company; `state` follows packages/domain/src/portability.ts. */
export const portabilityRequests = pgTable(
  'portability_requests',
  {
    id: serial('id').primaryKey(),
    /** Shown to the customer (PORT-CL-00000012) to follow the request later. */
    number: text('number').unique(),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    /** The cart's plan line the number is ported into. */
    itemId: text('item_id').notNull(),
    phoneNumber: text('phone_number').notNull(),
    /** Normalised like customers.document. */
    document: text('document').notNull(),
    company: text('company').notNull(),
    modality: text('modality'),
    state: text('state').notNull().default('draft'),
    codeHash: text('code_hash'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    registryRef: text('registry_ref'),
    rejectReason: text('reject_reason'),
    /** When Peru's night window (or Chile's administrator) is expected to execute the port. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portability_requests_cart_idx').on(t.cartId), index('portability_requests_phone_idx').on(t.phoneNumber)],
);

/** One round of identity questions; the right answers never leave the server. */
export const identityChallenges = pgTable(
  'identity_challenges',
  {
    id: text('id').primaryKey(),
    document: text('document').notNull(),
    questions: jsonb('questions').$type<Array<{ id: string; text: string; options: Array<{ id: string; text: string }> }>>().notNull(),
    expected: jsonb('expected').$type<Record<string, string>>().notNull(),
    outcome: text('outcome'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_challenges_document_idx').on(t.document, t.createdAt)],
);

/** The holder's identity document photo a request may carry (checked by type and first bytes; outside the web root). */
export const portabilityDocuments = pgTable('portability_documents', {
  requestId: integer('request_id')
    .primaryKey()
    .references(() => portabilityRequests.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  /** base64 */
  data: text('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The checks a cart's journey passed (identity questions, credit check), kept on the server so the
 * order creation can refuse a cart without them: one row per cart, check, purpose and document,
 * holding the latest answer.
 */
export const journeyApprovals = pgTable(
  'journey_approvals',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** identity or credit. */
    kind: text('kind').notNull(),
    /** credit: financing or additionalLine; '' for identity. */
    purpose: text('purpose').notNull().default(''),
    /** Normalised like customers.document. */
    document: text('document').notNull(),
    /** identity: passed; credit: approved, rejected or error. */
    outcome: text('outcome').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('journey_approvals_cart_check_idx').on(t.cartId, t.kind, t.purpose, t.document)],
);
