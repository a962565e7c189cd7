import { pgTable, serial, text, integer, boolean, timestamp, date, jsonb, primaryKey, index, uniqueIndex } from 'drizzle-orm/pg-core';

// Money columns are integer minor units of the market's currency (CLP pesos, PEN céntimos).

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** The site config's feature settings (SPEC §3 active features): a row overrides the feature's default for its market. */
export const siteFeatures = pgTable(
  'site_features',
  {
    site: text('site').notNull(),
    feature: text('feature').notNull(),
    active: boolean('active').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.site, t.feature] })],
);

// ── Geography (loaded from shared/data) ─────────────────────────────────────────────────────────
/** Chile: region → province → commune; Peru: department → province → district. */
export const geoAreas = pgTable(
  'geo_areas',
  {
    code: text('code').primaryKey(),
    level: integer('level').notNull(),
    name: text('name').notNull(),
    parentCode: text('parent_code'),
  },
  (t) => [index('geo_areas_parent_idx').on(t.parentCode)],
);

export const stores = pgTable('stores', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  regionCode: text('region_code').notNull(),
  communeCode: text('commune_code').notNull(),
  address: text('address').notNull(),
  openingHours: text('opening_hours').notNull(),
});

// ── Customers and lines ─────────────────────────────────────────────────────────────────────────
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  /** Normalised document: RUT as 12345678-5 (Chile), DNI 8 digits (Peru). */
  document: text('document').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  /** When the customer last changed the e-mail on file: the step-up's codes go there (docs/decisions/021). */
  emailChangedAt: timestamp('email_changed_at', { withTimezone: true }),
  contactPhone: text('contact_phone'),
  gender: text('gender').notNull(),
  portrait: text('portrait'),
  /** argon2id hash of the PIN (Chile) or password (Peru). */
  secretHash: text('secret_hash').notNull(),
  /** Peru's unique password has been created (SPEC "creacion-clave"). */
  secretCreated: boolean('secret_created').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  planName: text('plan_name').notNull(),
  commerceName: text('commerce_name').notNull(),
  /** postpaidPlans (Libres), hybridPlans (Controlado) or blue ({product}Blue). */
  customerGroup: text('customer_group').notNull(),
  price: integer('price').notNull(),
  commercePrice: integer('commerce_price').notNull(),
  /** e.g. '30 GB' or 'ilimitada'. */
  data: text('data').notNull(),
  voice: text('voice').notNull(),
  sms: text('sms').notNull(),
  socialMedia: jsonb('social_media').$type<string[]>().notNull(),
  discountPercentage: integer('discount_percentage').notNull().default(0),
  discountDescription: text('discount_description'),
  /** Months the promotional price (commercePrice) lasts from the start of the contract; null: as long as the plan. */
  discountMonths: integer('discount_months'),
  /** The lines the promotion is for (`portability`, `newLine`, `additionalLine`); null: every line (domain plan-promotion.ts). */
  discountLineKinds: jsonb('discount_line_kinds').$type<string[]>(),
  /** Most lines one document (RUT, DNI) may have on the promotion over all its orders; null: no cap (SPEC §9 terms). */
  discountPerDocument: integer('discount_per_document'),
  showInActivationFlow: boolean('show_in_activation_flow').notNull().default(true),
  /** The journeys the plan is offered in (`activeSimType` of GET /restpp/subscriber/plans). */
  activeSimTypes: jsonb('active_sim_types').$type<string[]>().notNull().default(['newLine', 'portability', 'additionalLine']),
  advancedPlan: boolean('advanced_plan').notNull().default(false),
  promotion: text('promotion'),
  rentalType: text('rental_type').notNull(),
  planType: text('plan_type').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const lines = pgTable(
  'lines',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    phoneNumber: text('phone_number').notNull().unique(),
    /** postpaid, prepaid or hybrid. */
    kind: text('kind').notNull(),
    planId: text('plan_id').references(() => plans.id),
    /** active, cut (bill unpaid past due), suspended. */
    status: text('status').notNull().default('active'),
    simCode: text('sim_code').notNull(),
    balance: integer('balance').notNull().default(0),
    points: integer('points').notNull().default(0),
    pointsExpireAt: date('points_expire_at'),
    cycleDay: integer('cycle_day').notNull().default(1),
    /**
     * The promotion the line's plan was sold with (packages/domain/src/plans.ts planPriceInMonth): its
     * monthly price and how many whole billing periods it lasts (null: as long as the plan); null price: none.
     */
    promoPrice: integer('promo_price'),
    promoMonths: integer('promo_months'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lines_customer_idx').on(t.customerId)],
);

// ── Security ────────────────────────────────────────────────────────────────────────────────────
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque cookie value: a database leak does not leak live sessions. */
    idHash: text('id_hash').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id),
    csrfToken: text('csrf_token').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-in counters per account and per address; kept in the database so a lock outlives a restart. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Locks in a row: each further lock lasts longer, and past a limit only a recovery unlocks. */
  locks: integer('locks').notNull().default(0),
  /** When no rule reads the row any more (window, lock and escalation memory over): the hourly purge deletes it. */
  forgetAt: timestamp('forget_at', { withTimezone: true }).notNull(),
});

export const passwordTokens = pgTable('password_tokens', {
  id: text('id').primaryKey(),
  /** Null for a stand-in: a number nobody holds or a document that does not hold it, texted nothing (decision 014). */
  customerId: integer('customer_id').references(() => customers.id),
  purpose: text('purpose').notNull(),
  /** The session that asked for the code: only it may resend, check or use it (decision 014). */
  sessionHash: text('session_hash').notNull().default(''),
  phoneNumber: text('phone_number').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sandbox SMS and e-mail outbox (ARCHITECTURE §5). */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  /** An e-mail's attached file (a claim's sheet as PDF), base64, with its name. */
  attachmentName: text('attachment_name'),
  attachment: text('attachment'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Catalogue ───────────────────────────────────────────────────────────────────────────────────
export const products = pgTable(
  'products',
  {
    /** poID of SPEC §3. */
    id: text('id').primaryKey(),
    /** phone, accessory or refurbished. */
    kind: text('kind').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    displayName: text('display_name').notNull(),
    /** Accessories category (Accesorios > Audio, Cargadores …) or 'Equipos'. */
    category: text('category').notNull(),
    parentCategory: text('parent_category').notNull(),
    /** {product}-blue, accesories or other (SPEC §3). */
    pageType: text('page_type').notNull(),
    description: text('description').notNull(),
    specs: jsonb('specs').$type<Record<string, string>>().notNull(),
    /** Sellable as unlocked phone (liberados) and for renewal (renovacion). */
    unlocked: boolean('unlocked').notNull().default(false),
    renewal: boolean('renewal').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('products_kind_idx').on(t.kind)],
);

export const skus = pgTable(
  'skus',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    color: text('color').notNull(),
    colorHex: text('color_hex').notNull(),
    storage: text('storage'),
    images: jsonb('images').$type<string[]>().notNull(),
    stock: integer('stock').notNull(),
    listPrice: integer('list_price').notNull(),
    referencePrice: integer('reference_price').notNull(),
    /** Cash price for renewal (priceContadoRN), new line (priceContadoLN), migration (priceContadoMG). */
    priceContadoRN: integer('price_contado_rn').notNull(),
    priceContadoLN: integer('price_contado_ln').notNull(),
    priceLN: integer('price_ln').notNull(),
    priceContadoMG: integer('price_contado_mg').notNull(),
    referencePriceContadoRN: integer('reference_price_contado_rn').notNull(),
    installmentPriceRN: integer('installment_price_rn').notNull(),
    installments: integer('installments').notNull(),
    hasRnVep: boolean('has_rn_vep').notNull().default(false),
  },
  (t) => [index('skus_product_idx').on(t.productId)],
);

/** {product}Blue installment options of a phone (SPEC §3 "{product}BlueInfo"). */
export const blueOptions = pgTable(
  'blue_options',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    quotasValue: integer('quotas_value').notNull(),
    initialQuota: integer('initial_quota').notNull(),
    quotas: integer('quotas').notNull(),
    equipmentValue: integer('equipment_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.planId, t.quotasValue] })],
);

export const insurances = pgTable('insurances', {
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull(),
  monthlyValue: integer('monthly_value').notNull(),
  insuranceValidity: integer('insurance_validity').notNull(),
  eventsNumber: integer('events_number').notNull(),
  deductibleCost: integer('deductible_cost').notNull(),
  deductibleCost2: integer('deductible_cost2').notNull(),
  info: text('info').notNull(),
  exclusions: jsonb('exclusions').$type<string[]>().notNull(),
});

export const campaigns = pgTable('campaigns', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  planId: text('plan_id').references(() => plans.id),
  productIds: jsonb('product_ids').$type<string[]>().notNull(),
  discountPercentage: integer('discount_percentage').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

// ── Account: bills, payments, bags, consumption, points ────────────────────────────────────────
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    number: text('number').notNull().unique(),
    period: text('period').notNull(),
    issuedAt: date('issued_at').notNull(),
    dueAt: date('due_at').notNull(),
    amount: integer('amount').notNull(),
    /** The first day the plan was charged for when this bill prorated it (a line's first bill); null: a whole period. */
    proratedFrom: date('prorated_from'),
    /** unpaid, paid. Overdue and cut are derived from dueAt (SPEC §9: cut 5 days after due date). */
    status: text('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('bills_line_idx').on(t.lineId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    billId: integer('bill_id').references(() => bills.id),
    /** bill, topup, bag. */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    method: text('method').notNull(),
    /** The gateway's buy order of a card payment (its authorization is on the topups row). */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_line_idx').on(t.lineId)],
);

export const bagOffers = pgTable('bag_offers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** promotion, mixed, normal, unlimited (SPEC §9). */
  bagType: text('bag_type').notNull(),
  /** immediate, recurring, traveller. */
  mode: text('mode').notNull(),
  dataMb: integer('data_mb'),
  minutes: integer('minutes'),
  sms: integer('sms'),
  validityDays: integer('validity_days').notNull(),
  price: integer('price').notNull(),
  pointsPrice: integer('points_price'),
  zone: text('zone'),
});

export const lineBags = pgTable(
  'line_bags',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    offerId: text('offer_id')
      .notNull()
      .references(() => bagOffers.id),
    /** active, expired, cancelled; suspended: a recurring bag whose renewal could not be paid. */
    status: text('status').notNull(),
    /** Why a subscription was suspended: balance (short) or cut (the line was cut for debt). */
    suspendedFor: text('suspended_for'),
    recurring: boolean('recurring').notNull().default(false),
    /** How a recurring bag's renewals are paid: balance or bill. */
    payment: text('payment'),
    dataMbLeft: integer('data_mb_left'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('line_bags_line_idx').on(t.lineId)],
);

export const consumption = pgTable(
  'consumption',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    day: date('day').notNull(),
    /** data (MB), voice (minutes), sms (count). */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lineId, t.day, t.kind] })],
);

export const pointsHistory = pgTable(
  'points_history',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    /** earned, redeemed, expired; returned (a cancelled points purchase, positive). */
    kind: text('kind').notNull(),
    points: integer('points').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('points_history_line_idx').on(t.lineId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notifications_customer_idx').on(t.customerId)],
);

/** Idempotency keys of state changes a customer can double-submit. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    response: jsonb('response').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_scope_key_idx').on(t.scope, t.key)],
);

export * from './schema-shop.ts';
export * from './schema-account.ts';
export * from './schema-portability.ts';
export * from './schema-plans.ts';
export * from './schema-migration.ts';
export * from './schema-claims.ts';

/** The sandbox payment gateway's own ledger (it stands in for the provider's systems). */
export const gatewayTransactions = pgTable('gateway_transactions', {
  token: text('token').primaryKey(),
  buyOrder: text('buy_order').notNull(),
  sessionId: text('session_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  returnUrl: text('return_url').notNull(),
  /** INITIALIZED, AUTHORIZED, FAILED, ABORTED (DOMAIN.md Webpay statuses). */
  status: text('status').notNull(),
  responseCode: integer('response_code'),
  cardLast4: text('card_last4'),
  paymentType: text('payment_type'),
  authorizationCode: text('authorization_code'),
  /** Card installments: asked by the shop at create, then as paid (0: none, as for a debit card), and each one's amount. */
  installmentsNumber: integer('installments_number').notNull().default(0),
  installmentsAmount: integer('installments_amount'),
  committedAt: timestamp('committed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
export * from './schema-device.ts';
export * from './schema-suspension.ts';
export * from './schema-numbering.ts';
export * from './schema-leads.ts';
export * from './schema-insurance.ts';
export * from './schema-plan-change.ts';
export * from './schema-activation.ts';
