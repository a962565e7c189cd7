import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import { statement } from '@andes/db/statement';
import type { OrderState } from '@andes/domain/order-state';
import type { Claim } from '../../claims.ts';
import type { CartRow } from './cart.repo.ts';

const { orders, orderLines, orderStatusEvents, stockReservations, paymentAttempts, skus, carts, stores, customers } = schema;

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type AttemptRow = typeof paymentAttempts.$inferSelect;

/**
 * The cart locked for an order's creation, with the order already made from this version of it (the
 * creation's idempotency key is the cart's id and version), else the id the next order gets: one
 * statement where there were two, in the transaction buyers queue on. The id comes from the orders'
 * own sequence, so the order's number is written with it (a replay leaves a gap in the numbers, as a
 * rolled-back creation always did). On PostgreSQL a statement that waited for the cart's lock returns
 * the cart as the creation it waited for left it (pointing to its new order), but its look-up of the
 * key still sees the orders as they were when it started: the caller checks the order the cart points
 * to (createOrderOnce).
 */
const cartLockedForOrder = statement('cart_locked_for_order', (db) =>
  db
    .select({
      cart: carts,
      // qualified by hand: inside a select's fields Drizzle writes a column without its table, and in the
      // subquery an unqualified "id" would be the order's
      existing: sql<number | null>`(select o.id from ${orders} o where o.idempotency_key = ${carts}.id::text || ':' || ${carts}.version::text)`,
      next: sql<string>`nextval(pg_get_serial_sequence('orders', 'id'))`,
      // the pickup store the cart names, as the locked row names it (a reference table under Citus, decision 013)
      store: sql<StoreRow | null>`(select json_build_object('id', s.id, 'name', s.name, 'address', s.address, 'openingHours', s.opening_hours) from ${stores} s where s.id = ${carts}.store_id)`,
      // the signed-in buyer's contact (decision 013: a read of its own once customers live on other shards)
      buyer: sql<BuyerRow | null>`(select json_build_object('firstName', c.first_name, 'lastName', c.last_name, 'document', c.document, 'email', c.email, 'contactPhone', c.contact_phone) from ${customers} c where c.id = ${sql.placeholder('customerId')}::integer)`,
    })
    .from(carts)
    .where(eq(carts.id, sql.placeholder('id')))
    .for('update', { of: carts }),
);

/** The idempotency key of an order made from this version of a cart: the same cart unchanged makes it once. */
export const orderKeyOf = (cart: CartRow) => `${cart.id}:${cart.version}`;

/** A customer's details an order keeps as its contact. */
export type BuyerRow = Pick<typeof customers.$inferSelect, 'firstName' | 'lastName' | 'document' | 'email' | 'contactPhone'>;

/** The pickup store an order's delivery snapshot is taken from. */
export type StoreRow = Pick<typeof stores.$inferSelect, 'id' | 'name' | 'address' | 'openingHours'>;

/** See cartLockedForOrder; undefined when the cart is gone. */
export async function lockCartForOrder(
  tx: Db,
  cartId: number,
  customerId: number | null,
): Promise<{ cart: CartRow; existing: OrderRow | undefined; nextId: number; store: StoreRow | null; buyer: BuyerRow | null } | undefined> {
  const [row] = await cartLockedForOrder(tx, { id: cartId, customerId });
  if (!row) return undefined;
  const existing = row.existing !== null ? await findOrder(tx, Number(row.existing)) : undefined;
  return { cart: row.cart, existing, nextId: Number(row.next), store: row.store, buyer: row.buyer };
}

export async function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function findOrderByNumber(db: Db, number: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number));
  return row;
}

export async function lockOrder(tx: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** What a new order is made of; the columns not here take their defaults. */
export interface NewOrder {
  id: number;
  number: string;
  idempotencyKey: string;
  cartId: number;
  customerId: number | null;
  ownerToken: string;
  status: OrderState;
  currency: string;
  subTotalPrice: number;
  deliveryPrice: number;
  totalPrice: number;
  nextMonthPrice: number;
  deliveryType: string | null;
  delivery: Record<string, string> | null;
  consignee: OrderRow['consignee'];
  contact: OrderRow['contact'];
  /** The buyer's document in its stored form ('' when it is not one): the per-document promotion quota counts by it. */
  buyerDocument: string;
  expiresAt: Date;
}

/** A jsonb value as a parameter: null stays SQL null (Drizzle's encoder would write the JSON `null`). */
const jsonb = (name: string) => sql`${sql.placeholder(name)}::jsonb`;
const asJsonb = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** A line of a new order: what the cart showed, as the order keeps it. */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

/**
 * The order, its lines, its first state and the cart's pointer to it, written by one statement (its id
 * is known before, see cartLockedForOrder): one round trip where there were four, in the transaction
 * buyers queue on. The lines arrive as one JSON array and are numbered in its order; the statement
 * answers their ids in that order.
 */
const orderMade = statement('order_made', (db) => {
  const p = (name: string) => sql.placeholder(name);
  const made = db.$with('made').as(
    db
      .insert(orders)
      .values({
        id: p('id'),
        number: p('number'),
        idempotencyKey: p('idempotencyKey'),
        cartId: p('cartId'),
        customerId: p('customerId'),
        ownerToken: p('ownerToken'),
        status: p('status'),
        currency: p('currency'),
        subTotalPrice: p('subTotalPrice'),
        deliveryPrice: p('deliveryPrice'),
        totalPrice: p('totalPrice'),
        nextMonthPrice: p('nextMonthPrice'),
        deliveryType: p('deliveryType'),
        delivery: jsonb('delivery'),
        consignee: jsonb('consignee'),
        contact: jsonb('contact'),
        buyerDocument: p('buyerDocument'),
        expiresAt: p('expiresAt'),
      })
      .returning(),
  );
  const event = db.$with('made_event').as(db.insert(orderStatusEvents).values({ orderId: p('id'), status: p('status') }));
  const lines = db.$with('made_lines').as(
    db
      .insert(orderLines)
      // every column in the table's order, as Drizzle writes the insert's column list
      .select(
        sql`select nextval(pg_get_serial_sequence('order_lines', 'id')), ${p('id')}::integer, l->>'type', l->>'itemId', l->>'productId', l->>'name', l->>'color', l->>'image',
        (l->>'quantity')::integer, (l->>'unitPrice')::integer, (l->>'monthlyPrice')::integer, l->'insurances',
        l->>'insuredPhoneNumber', (l->>'renewal')::boolean, l->>'planPhoneNumber',
        (l->>'listMonthlyPrice')::integer, (l->>'promoPercentage')::integer, (l->>'promoMonths')::integer, (l->>'promoCapped')::boolean,
        (l->>'quotasValue')::integer, (l->>'initialQuota')::integer, (l->>'quotaAmount')::integer, (l->>'equipmentValue')::integer
        from jsonb_array_elements(${jsonb('lines')}) with ordinality as given(l, n) order by n`,
      )
      .returning({ id: orderLines.id }),
  );
  const pointer = db.$with('made_cart').as(
    db
      .update(carts)
      .set({ currentOrderId: sql`${p('id')}::integer`, updatedAt: sql`${p('updatedAt')}::timestamptz` })
      .where(eq(carts.id, p('cartId'))),
  );
  return db
    .with(made, event, pointer, lines)
    .select({ order: made._.selectedFields, lineIds: sql<number[]>`array(select l.id from ${lines} l order by l.id)` })
    .from(made);
});

/**
 * Takes the per-document lock of a promotion's quota until the transaction ends: two order creations
 * for one document queue here, so each counts the lines the other committed (promotionLinesOfDocument).
 */
export async function lockDocumentPromotions(tx: Db, document: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PROMOTION_LOCK_NAMESPACE}, hashtext(${document}))`);
}

/** The advisory-lock namespace of the per-document promotion quota (lockDocumentPromotions). */
const PROMOTION_LOCK_NAMESPACE = 724310;

/**
 * Plan lines on a capped promotion (order_lines.promo_capped) in the document's orders that hold or
 * may still hold it: open (awaiting payment) or accepted. Expired, refused and cancelled orders give it back.
 */
export async function promotionLinesOfDocument(db: Db, document: string, states: ReadonlyArray<OrderState>): Promise<number> {
  if (!document) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::integer` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.buyerDocument, document), inArray(orders.status, [...states]), eq(orderLines.promoCapped, true)));
  return row?.count ?? 0;
}

/** Makes the order with its lines (see orderMade) and points its cart to it. */
export async function insertOrder(tx: Db, row: NewOrder, lines: NewOrderLine[]): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  // the columns' defaults written out, so the lines answered are the rows as stored
  const given: Required<NewOrderLine>[] = lines.map((l) => ({
    ...l,
    monthlyPrice: l.monthlyPrice ?? 0,
    insurances: l.insurances ?? [],
    insuredPhoneNumber: l.insuredPhoneNumber ?? null,
    renewal: l.renewal ?? false,
    planPhoneNumber: l.planPhoneNumber ?? null,
    listMonthlyPrice: l.listMonthlyPrice ?? null,
    promoPercentage: l.promoPercentage ?? null,
    promoMonths: l.promoMonths ?? null,
    promoCapped: l.promoCapped ?? false,
    quotasValue: l.quotasValue ?? null,
    initialQuota: l.initialQuota ?? null,
    quotaAmount: l.quotaAmount ?? null,
    equipmentValue: l.equipmentValue ?? null,
  }));
  const values = {
    ...row,
    delivery: asJsonb(row.delivery),
    consignee: asJsonb(row.consignee),
    contact: asJsonb(row.contact),
    lines: JSON.stringify(given),
    updatedAt: new Date().toISOString(),
  };
  const [{ order, lineIds }] = await orderMade(tx, values);
  return { order, lines: given.map((l, i) => ({ ...l, id: lineIds[i], orderId: order.id })) };
}

export async function updateOrder(tx: Db, id: number, set: Partial<typeof orders.$inferInsert>): Promise<void> {
  await tx
    .update(orders)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/**
 * Moves an order from one of `from` to `to` only if it is still there: the guard in the WHERE makes
 * two concurrent moves of one order apply once. Answers whether it moved.
 */
export async function moveOrder(tx: Db, id: number, from: OrderState[], to: OrderState, set: Partial<typeof orders.$inferInsert> = {}): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, id), inArray(orders.status, from)))
    .returning({ id: orders.id });
  // the follow-up page's timeline: every state reached, once, with when (a repeated start_payment is not news)
  if (rows.length && !(from.length === 1 && from[0] === to)) await tx.insert(orderStatusEvents).values({ orderId: id, status: to });
  return rows.length > 0;
}

/** An order's lines, payment attempts and states reached: what its view shows besides the order's row. */
export interface OrderParts {
  lines: OrderLineRow[];
  attempts: AttemptRow[];
  events: Array<{ status: string; at: Date }>;
}

/** The states an order reached, oldest first. */
export async function statusEventsOf(db: Db, orderId: number) {
  return db
    .select({ status: orderStatusEvents.status, at: orderStatusEvents.createdAt })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.id));
}

/**
 * Records the logistics reference once (a concurrent hand-over of the same order keeps the first),
 * only while the order is still in one of `states`. Answers the order's status afterwards.
 */
export async function setFulfilmentReference(db: Db, id: number, reference: string, states: ReadonlyArray<OrderState>): Promise<string | undefined> {
  await db
    .update(orders)
    .set({ fulfilmentReference: reference, updatedAt: new Date() })
    .where(and(eq(orders.id, id), isNull(orders.fulfilmentReference), inArray(orders.status, [...states])));
  return (await findOrder(db, id))?.status;
}

/**
 * Takes the hand-over of an order to logistics for `claim`, only while the order still needs one (in
 * one of `states`, no reference yet) and no live claim holds it: of two processes only one gets it.
 */
export async function claimHandOver(db: Db, id: number, states: ReadonlyArray<OrderState>, claim: Claim): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ handoverClaimedBy: claim.owner, handoverClaimedAt: claim.at })
    .where(
      and(
        eq(orders.id, id),
        inArray(orders.status, [...states]),
        isNull(orders.fulfilmentReference),
        or(isNull(orders.handoverClaimedAt), lt(orders.handoverClaimedAt, claim.staleBefore)),
      ),
    )
    .returning();
  return row;
}

/** Ends `claim` on the order's hand-over (done, or failed and left for the sweep); another's claim stays. */
export async function releaseHandOver(db: Db, id: number, claim: Claim): Promise<void> {
  await db
    .update(orders)
    .set({ handoverClaimedBy: null, handoverClaimedAt: null })
    .where(and(eq(orders.id, id), eq(orders.handoverClaimedBy, claim.owner)));
}

/**
 * Takes the sending of an accepted order's confirmation e-mail (`states`): only while none went out, so
 * it goes once whoever asks (the return, the sweep, another process). Answers the order, or undefined.
 */
export async function claimConfirmation(db: Db, id: number, states: ReadonlyArray<OrderState>, at: Date): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ confirmationSentAt: at })
    .where(and(eq(orders.id, id), inArray(orders.status, [...states]), isNull(orders.confirmationSentAt)))
    .returning();
  return row;
}

/** Gives the confirmation back to the sweep after its sending failed (only the claim taken at `at`). */
export async function releaseConfirmation(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(orders)
    .set({ confirmationSentAt: null })
    .where(and(eq(orders.id, id), eq(orders.confirmationSentAt, at)));
}

/** Accepted orders (`states`) whose confirmation e-mail has not gone out (its sending failed): the sweep tries again. */
export async function ordersAwaitingConfirmation(db: Db, states: ReadonlyArray<OrderState>, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, [...states]), isNull(orders.confirmationSentAt)))
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Accepted orders (`states`: paid, or placed to pay on hand-over) not yet handed to the logistics system (its call failed): the sweep tries again. */
export async function ordersAwaitingHandOver(db: Db, states: ReadonlyArray<OrderState>, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, [...states]), isNull(orders.fulfilmentReference)))
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function linesOfOrder(db: Db, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

/**
 * Takes `quantity` units of a sku for an order if that many are left (never negative, whatever runs
 * at the same time) and records them as held by it, in one statement; answers whether it took them.
 */
const unitsTaken = statement<{ rows: unknown[] }>(
  'units_taken',
  () => sql`with taken as (
    update ${skus} set ${sql.identifier(skus.stock.name)} = ${skus.stock} - ${sql.placeholder('quantity')}
    where ${skus.id} = ${sql.placeholder('skuId')} and ${skus.stock} >= ${sql.placeholder('quantity')}
    returning ${skus.id}
  )
  insert into ${stockReservations} (${sql.identifier(stockReservations.orderId.name)}, ${sql.identifier(stockReservations.skuId.name)}, ${sql.identifier(stockReservations.quantity.name)})
  select ${sql.placeholder('orderId')}::integer, taken.id, ${sql.placeholder('quantity')}::integer from taken
  returning ${sql.identifier(stockReservations.id.name)}`,
);

export async function takeUnits(tx: Db, orderId: number, skuId: string, quantity: number): Promise<boolean> {
  return (await unitsTaken(tx, { orderId, skuId, quantity })).rows.length > 0;
}

/**
 * Gives back the units of an order, once: only reservations still held (or, for `from` including
 * committed, those of a paid order the customer cancelled before it left the warehouse) are released.
 */
export async function releaseReservations(tx: Db, orderId: number, from: ReadonlyArray<'held' | 'committed'> = ['held']): Promise<number> {
  const released = await tx
    .update(stockReservations)
    .set({ status: 'released', settledAt: new Date() })
    .where(and(eq(stockReservations.orderId, orderId), inArray(stockReservations.status, [...from])))
    .returning({ skuId: stockReservations.skuId, quantity: stockReservations.quantity });
  for (const r of released) {
    await tx
      .update(skus)
      .set({ stock: sql`${skus.stock} + ${r.quantity}` })
      .where(eq(skus.id, r.skuId));
  }
  return released.length;
}

export async function commitReservations(tx: Db, orderId: number): Promise<void> {
  await tx
    .update(stockReservations)
    .set({ status: 'committed', settledAt: new Date() })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, 'held')));
}

export async function reservationsOf(db: Db, orderId: number) {
  return db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
}

/**
 * Orders whose time ran out by `now`: open ones (candidates for expiry) and, among those waiting to be
 * paid on hand-over, ones whose money never came (candidates for cancellation).
 */
export async function staleOrderIds(db: Db, states: { open: OrderState[]; uncollected: OrderState[] }, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(lt(orders.expiresAt, now), or(inArray(orders.status, states.open), and(inArray(orders.status, states.uncollected), isNull(orders.paidAt)))));
  return rows.map((r) => r.id);
}

/** A customer's lines with their loyalty points, richest first. */
export async function pointsLinesOf(db: Db, customerId: number) {
  return db
    .select({ id: schema.lines.id, phoneNumber: schema.lines.phoneNumber, points: schema.lines.points })
    .from(schema.lines)
    .where(eq(schema.lines.customerId, customerId))
    .orderBy(desc(schema.lines.points), asc(schema.lines.id));
}

/** When the cart still points at this order, it points nowhere and gets a new version. */
export async function detachOrderFromCart(tx: Db, cartId: number, orderId: number, emptyLines: boolean): Promise<void> {
  if (emptyLines) await tx.delete(schema.cartLines).where(eq(schema.cartLines.cartId, cartId));
  await tx
    .update(carts)
    .set({ currentOrderId: null, version: sql`${carts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(carts.id, cartId), eq(carts.currentOrderId, orderId)));
}

export async function attemptsOf(db: Db, orderId: number): Promise<AttemptRow[]> {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(desc(paymentAttempts.id));
}

export async function insertAttempt(tx: Db, row: typeof paymentAttempts.$inferInsert): Promise<AttemptRow> {
  const [attempt] = await tx.insert(paymentAttempts).values(row).returning();
  return attempt;
}

export async function updateAttempt(tx: Db, id: number, set: Partial<typeof paymentAttempts.$inferInsert>): Promise<void> {
  await tx.update(paymentAttempts).set(set).where(eq(paymentAttempts.id, id));
}

export async function findAttempt(db: Db, by: { token?: string; buyOrder?: string }): Promise<AttemptRow | undefined> {
  const where = by.token ? eq(paymentAttempts.token, by.token) : by.buyOrder ? eq(paymentAttempts.buyOrder, by.buyOrder) : undefined;
  if (!where) return undefined;
  const [row] = await db.select().from(paymentAttempts).where(where);
  return row;
}

export async function lockAttempt(tx: Db, id: number): Promise<AttemptRow | undefined> {
  const [row] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
  return row;
}

/** A customer's orders that reached one of `states` at some point (so a cart's draft orders never show), newest first. */
export async function customerOrders(db: Db, customerId: number, states: ReadonlyArray<OrderState>, limit: number): Promise<OrderRow[]> {
  const reached = db
    .select({ id: orderStatusEvents.orderId })
    .from(orderStatusEvents)
    .where(and(eq(orderStatusEvents.orderId, orders.id), inArray(orderStatusEvents.status, [...states])));
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), exists(reached)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function linesOfOrders(db: Db, orderIds: number[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id));
}

/**
 * Gateway payments of cancelled orders not given back yet (`orderId`: of that order only). Only a
 * customer's cancellation leaves an authorized payment on a cancelled order: the other ways to cancel
 * end orders nobody paid, and a late approval is marked `refund_pending` instead.
 */
export async function paymentsToRefund(db: Db, by: { orderId?: number; limit: number }): Promise<AttemptRow[]> {
  const rows = await db
    .select({ attempt: paymentAttempts })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(
      and(
        eq(orders.status, 'cancelled'),
        eq(paymentAttempts.status, 'authorized'),
        isNotNull(paymentAttempts.token),
        isNull(paymentAttempts.refundedAt),
        by.orderId === undefined ? undefined : eq(orders.id, by.orderId),
      ),
    )
    .orderBy(asc(paymentAttempts.id))
    .limit(by.limit);
  return rows.map((r) => r.attempt);
}

/** Takes the refund of an attempt not refunded yet for `claim`, unless a live claim holds it (as {@link claimHandOver}). */
export async function claimRefund(db: Db, id: number, claim: Claim): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ refundClaimedBy: claim.owner, refundClaimedAt: claim.at })
    .where(
      and(
        eq(paymentAttempts.id, id),
        isNull(paymentAttempts.refundedAt),
        or(isNull(paymentAttempts.refundClaimedAt), lt(paymentAttempts.refundClaimedAt, claim.staleBefore)),
      ),
    )
    .returning({ id: paymentAttempts.id });
  return rows.length > 0;
}

/** Ends `claim` on the attempt's refund; another's claim stays. */
export async function releaseRefund(db: Db, id: number, claim: Claim): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ refundClaimedBy: null, refundClaimedAt: null })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.refundClaimedBy, claim.owner)));
}

/** Attempts settled without the money (settleAttempt gives back whatever the gateway still takes for one). */
export const GIVEN_UP_ATTEMPT_STATES = ['failed', 'aborted'];

/**
 * A return is about to commit the attempt at the gateway: from here the gateway may take the money
 * before the outcome is recorded, and the order sweep finishes the commit after `reconcileAfter`
 * should this process die (or lose its database) first. A created attempt becomes committing; a
 * given-up one keeps its status (an approval for it is refunded, never fulfilled) and only gets the time.
 */
export async function markCommitting(db: Db, id: number, reconcileAfter: Date): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: sql`case when ${paymentAttempts.status} = 'created' then 'committing' else ${paymentAttempts.status} end`, reconcileAfter })
    .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, ['created', ...GIVEN_UP_ATTEMPT_STATES])));
}

/**
 * Attempts the shop may owe the gateway's outcome to: commits begun and never recorded (committing, or
 * given up and asked again by a return), and approvals owed back. Written as the reconcile index's predicate.
 */
const owedToReconcile = or(
  inArray(paymentAttempts.status, ['committing', 'refund_pending']),
  and(inArray(paymentAttempts.status, GIVEN_UP_ATTEMPT_STATES), isNotNull(paymentAttempts.reconcileAfter)),
);

/**
 * Gateway attempts whose money the shop may hold without having recorded it, due by `now`: the owed
 * ones above, and cash codes of orders (still in one of `open`) whose time ran out, which the provider
 * may have been paid without its notification arriving.
 */
export async function attemptsToReconcile(db: Db, open: ReadonlyArray<OrderState>, now: Date, limit: number): Promise<AttemptRow[]> {
  const due = or(isNull(paymentAttempts.reconcileAfter), lte(paymentAttempts.reconcileAfter, now));
  // two reads, so each uses its index: the partial one on reconcile_after, and the orders' own
  const owed = await db
    .select()
    .from(paymentAttempts)
    .where(and(owedToReconcile, isNotNull(paymentAttempts.token), due))
    .orderBy(asc(paymentAttempts.id))
    .limit(limit);
  const unpaidCodes = await db
    .select({ attempt: paymentAttempts })
    .from(orders)
    .innerJoin(paymentAttempts, eq(paymentAttempts.orderId, orders.id))
    .where(
      and(
        inArray(orders.status, [...open]),
        lt(orders.expiresAt, now),
        eq(paymentAttempts.method, 'cashCode'),
        eq(paymentAttempts.status, 'created'),
        isNotNull(paymentAttempts.token),
        due,
      ),
    )
    .orderBy(asc(paymentAttempts.id))
    .limit(limit);
  return [...owed, ...unpaidCodes.map((r) => r.attempt)];
}

/**
 * Takes an attempt for one sweep until `until`, only while it is as it was read and due: of two
 * sweeps (two processes) only one gets it back.
 */
export async function claimAttempt(db: Db, attempt: AttemptRow, now: Date, until: Date): Promise<AttemptRow | undefined> {
  const [row] = await db
    .update(paymentAttempts)
    .set({ reconcileAfter: until })
    .where(
      and(
        eq(paymentAttempts.id, attempt.id),
        eq(paymentAttempts.status, attempt.status),
        or(isNull(paymentAttempts.reconcileAfter), lte(paymentAttempts.reconcileAfter, now)),
      ),
    )
    .returning();
  return row;
}

/**
 * The phones with insurance a customer bought for one of their lines (the equipment-only insurance's
 * `insured_phone_number`, or a renewal's `plan_phone_number`) in orders that were paid and not undone:
 * where a line's device insurance comes from (docs/decisions/028).
 */
export async function insuredPhoneLines(db: Db, customerId: number, phoneNumber: string, acceptedStates: readonly OrderState[]) {
  return insuredPhones(
    db,
    acceptedStates,
    eq(orders.customerId, customerId),
    or(eq(orderLines.insuredPhoneNumber, phoneNumber), and(isNull(orderLines.insuredPhoneNumber), eq(orderLines.planPhoneNumber, phoneNumber))),
  );
}

/**
 * The insured phones of these orders sold for no line yet (neither an equipment-only insurance's line nor
 * a renewal's): a phone bought with a new line, whose number did not exist when it was sold. Only orders
 * paid and not undone.
 */
export async function unlinkedInsuredPhones(db: Db, orderIds: number[], acceptedStates: readonly OrderState[]) {
  if (!orderIds.length) return [];
  return insuredPhones(db, acceptedStates, inArray(orders.id, orderIds), isNull(orderLines.insuredPhoneNumber), isNull(orderLines.planPhoneNumber));
}

/** Insured equipment lines of paid orders in `acceptedStates` that meet `conditions`, oldest payment first. */
function insuredPhones(db: Db, acceptedStates: readonly OrderState[], ...conditions: Array<SQL | undefined>) {
  return db
    .select({ orderLineId: orderLines.id, name: orderLines.name, insurances: orderLines.insurances, paidAt: orders.paidAt })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        ...conditions,
        eq(orderLines.type, 'equipment'),
        sql`jsonb_array_length(${orderLines.insurances}) > 0`,
        isNotNull(orders.paidAt),
        inArray(orders.status, [...acceptedStates]),
      ),
    )
    .orderBy(asc(orders.paidAt));
}
