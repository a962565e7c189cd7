import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, boolean, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { customers, lines, plans } from './schema.ts';
import { portabilityRequests } from './schema-portability.ts';

// ── SIM activation: a chip bought in a store becomes a line (apps/server/src/flows/sim-activation.flow.ts) ──

/**
 * One browser's activation of one chip (docs/decisions/025). While it is `started` or `paying` it holds
 * the chip (and its numbers, in number_holds) until `expiresAt`; `active` is the chip's line. The
 * partial unique index on the ICCID over those states is what makes a chip activate once.
 */
export const simActivations = pgTable(
  'sim_activations',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the key the owning browser's session holds (the journey resumes only there). */
    ownerHash: text('owner_hash').notNull(),
    iccid: text('iccid').notNull(),
    /** newNumber (onlySimActivtion) or port (onlyProtability). */
    journey: text('journey').$type<'newNumber' | 'port'>().notNull(),
    /** plan or prepaid, as the SIM inventory knows the chip. */
    chipKind: text('chip_kind').$type<'plan' | 'prepaid'>().notNull(),
    /** started, paying, active; expired or cancelled let the chip go. */
    state: text('state').$type<'started' | 'paying' | 'active' | 'expired' | 'cancelled'>().notNull(),
    document: text('document'),
    holderName: text('holder_name'),
    email: text('email'),
    contactPhone: text('contact_phone'),
    identityPassed: boolean('identity_passed').notNull().default(false),
    regionCode: text('region_code'),
    provinceCode: text('province_code'),
    communeCode: text('commune_code'),
    street: text('street'),
    streetNumber: text('street_number'),
    addressDetails: text('address_details'),
    covered: boolean('covered'),
    /** The number chosen from the held ones (new number) or brought (port). */
    phoneNumber: text('phone_number'),
    planId: text('plan_id').references(() => plans.id),
    /** What is charged, in minor units, as shown on the payment page: the plan's first month or the initial top-up. */
    amount: integer('amount'),
    /** A prepaid chip's initial top-up instead of a plan (minor units): the new prepaid line's first balance. */
    initialTopup: integer('initial_topup'),
    /** webPay (the gateway's page) or cashCode (Peru's CIP, whose code is `payToken`). */
    payMethod: text('pay_method').$type<'webPay' | 'cashCode'>(),
    buyOrder: text('buy_order').unique(),
    payToken: text('pay_token').unique(),
    redirectUrl: text('redirect_url'),
    cardLast4: text('card_last4'),
    customerId: integer('customer_id').references(() => customers.id),
    lineId: integer('line_id').references(() => lines.id),
    newCustomer: boolean('new_customer'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** A port's request to the registry (the portability capability's row). */
    portRequestId: integer('port_request_id').references(() => portabilityRequests.id),
    /** Set when a payment taken for this activation must be given back (it lapsed or lost its number meanwhile). */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    /** When the gateway gave it back; until then the sweep asks again (the gateway's refund of one token is idempotent). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Who is asking the gateway for the refund right now (docs/decisions/013: one process at a time). */
    refundClaimedBy: text('refund_claimed_by'),
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sim_activations_chip_idx')
      .on(t.iccid)
      .where(sql`state in ('started', 'paying', 'active')`),
    index('sim_activations_owner_idx').on(t.ownerHash),
    index('sim_activations_open_idx')
      .on(t.expiresAt)
      .where(sql`state in ('started', 'paying')`),
    index('sim_activations_refund_idx')
      .on(t.refundDueAt)
      .where(sql`refund_due_at is not null and refunded_at is null`),
  ],
);

/**
 * The holder's document photos of a port activation, front and back (decision 025): checked by content
 * (JPEG, PNG or WebP), kept in the database (outside any web root) and never served to customers.
 */
export const activationDocuments = pgTable(
  'activation_documents',
  {
    activationId: integer('activation_id')
      .notNull()
      .references(() => simActivations.id, { onDelete: 'cascade' }),
    side: text('side').$type<'front' | 'back'>().notNull(),
    type: text('type').notNull(),
    /** base64 */
    data: text('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activationId, t.side] })],
);
