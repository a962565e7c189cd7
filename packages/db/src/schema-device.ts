import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, index } from 'drizzle-orm/pg-core';
import { customers, lines } from './schema.ts';

// ── Devices: blocks, SIM changes and the step-up that guards them (apps/server/src/modules/device) ──

/** A block of a line or its phone (packages/domain/src/device.ts); lifted by its holder after a step-up. */
export const lineBlocks = pgTable(
  'line_blocks',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    /** SROBO, SHURT, SEXTR, SPEBI (the customer's) or an administrative code. */
    reason: text('reason').notNull(),
    /** sim, phone or all. */
    blockType: text('block_type').$type<'sim' | 'phone' | 'all'>().notNull(),
    imei: text('imei'),
    /** Chile: the police report number given for a theft. */
    policeReport: text('police_report'),
    /** Peru: the report code given to the customer. */
    reportCode: text('report_code'),
    /** The central IMEI list's receipt for the report. */
    registryReference: text('registry_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    /** The holder passed the unblock step-up: the block is lifted once the central list has withdrawn its IMEI. */
    liftRequestedAt: timestamp('lift_requested_at', { withTimezone: true }),
    /** The central list confirmed the IMEI's withdrawal (a block with no receipt never needs one). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** Who is asking the central list to withdraw the IMEI now, and since when (docs/decisions/013: claimed before the call). */
    withdrawClaimedBy: text('withdraw_claimed_by'),
    withdrawClaimedAt: timestamp('withdraw_claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('line_blocks_line_idx').on(t.lineId),
    index('line_blocks_lift_pending_idx')
      .on(t.liftRequestedAt)
      .where(sql`lifted_at is null and lift_requested_at is not null`),
  ],
);

/** Every SIM a line moved to, with its time: what the CAMARA SIM Swap API answers from. */
export const simChanges = pgTable(
  'sim_changes',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    /** delivery, pickup or esim. */
    delivery: text('delivery').$type<'delivery' | 'pickup' | 'esim'>().notNull(),
    /** pending (a SIM on its way or waiting at the store), active (the line moved to it). */
    status: text('status').$type<'pending' | 'active'>().notNull(),
    oldIccid: text('old_iccid').notNull(),
    newIccid: text('new_iccid').notNull(),
    storeId: text('store_id'),
    address: text('address'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [index('sim_changes_line_idx').on(t.lineId, t.activatedAt)],
);

/**
 * A step-up for one action on one line: a code e-mailed to the customer plus a second factor
 * (identity questions or the theft report), bound to the session that asked for it, spent once.
 */
export const stepUps = pgTable(
  'step_ups',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    /** unblock or simChange. */
    purpose: text('purpose').$type<'unblock' | 'simChange' | 'numberChange' | 'smartLine'>().notNull(),
    sessionHash: text('session_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Codes tried, counted before each is judged. */
    attempts: integer('attempts').notNull().default(0),
    /** identity or report. */
    secondFactor: text('second_factor').$type<'identity' | 'report'>().notNull(),
    challengeId: text('challenge_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('step_ups_line_idx').on(t.lineId)],
);
