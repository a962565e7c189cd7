import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import { bagExpiry, type RenewalPayment } from '@andes/domain/account-bags';

const { bagOffers, lineBags, lines } = schema;

export async function listOffers(db: Db) {
  return db.select().from(bagOffers).orderBy(asc(bagOffers.mode), asc(bagOffers.price));
}

export async function findOffer(db: Db, id: string) {
  const [row] = await db.select().from(bagOffers).where(eq(bagOffers.id, id));
  return row;
}
export type BagOffer = typeof bagOffers.$inferSelect;

/** Active bags of a line (not expired, not cancelled), newest first. */
export async function activeBags(db: Db, lineId: number, now: Date) {
  return db
    .select({
      id: lineBags.id,
      offerId: lineBags.offerId,
      name: bagOffers.name,
      bagType: bagOffers.bagType,
      mode: bagOffers.mode,
      dataMb: bagOffers.dataMb,
      recurring: lineBags.recurring,
      payment: lineBags.payment,
      dataMbLeft: lineBags.dataMbLeft,
      purchasedAt: lineBags.purchasedAt,
      expiresAt: lineBags.expiresAt,
    })
    .from(lineBags)
    .innerJoin(bagOffers, eq(bagOffers.id, lineBags.offerId))
    .where(and(eq(lineBags.lineId, lineId), eq(lineBags.status, 'active'), gt(lineBags.expiresAt, now)))
    .orderBy(desc(lineBags.purchasedAt), desc(lineBags.id));
}

/** Puts a bought bag on the line from `now` for the offer's validity; a subscription keeps how it renews. */
export async function activateBag(db: Db, lineId: number, offer: BagOffer, now: Date, renewal: RenewalPayment | null = null) {
  const expiresAt = bagExpiry(now, offer.validityDays);
  const recurring = offer.mode === 'recurring';
  const [bag] = await db
    .insert(lineBags)
    .values({
      lineId,
      offerId: offer.id,
      status: 'active',
      recurring,
      payment: recurring ? renewal : null,
      dataMbLeft: offer.dataMb,
      purchasedAt: now,
      expiresAt,
    })
    .returning({ id: lineBags.id });
  return { bagId: bag!.id, expiresAt };
}

/** Subscriptions whose renewal could not be paid, newest first. */
export async function suspendedSubscriptions(db: Db, lineId: number) {
  return db
    .select({
      id: lineBags.id,
      offerId: lineBags.offerId,
      name: bagOffers.name,
      expiresAt: lineBags.expiresAt,
      reason: sql<'balance' | 'cut'>`coalesce(${lineBags.suspendedFor}, 'balance')`,
    })
    .from(lineBags)
    .innerJoin(bagOffers, eq(bagOffers.id, lineBags.offerId))
    .where(and(eq(lineBags.lineId, lineId), eq(lineBags.status, 'suspended')))
    .orderBy(desc(lineBags.expiresAt), desc(lineBags.id));
}

/** A new subscription replaces the suspended ones of the same offer (they stop showing). */
export async function closeSuspended(db: Db, lineId: number, offerId: string) {
  await db
    .update(lineBags)
    .set({ status: 'cancelled' })
    .where(and(eq(lineBags.lineId, lineId), eq(lineBags.offerId, offerId), eq(lineBags.status, 'suspended')));
}

/** Active subscriptions whose period ended by `now`, of one customer's lines or of one line. */
export async function dueSubscriptions(db: Db, which: { customerId: number } | { lineId: number }, now: Date) {
  const scope: SQL = 'customerId' in which ? eq(lines.customerId, which.customerId) : eq(lineBags.lineId, which.lineId);
  return db
    .select({
      id: lineBags.id,
      lineId: lineBags.lineId,
      customerId: lines.customerId,
      phoneNumber: lines.phoneNumber,
      payment: lineBags.payment,
      expiresAt: lineBags.expiresAt,
      offerId: bagOffers.id,
      name: bagOffers.name,
      price: bagOffers.price,
      validityDays: bagOffers.validityDays,
      dataMb: bagOffers.dataMb,
    })
    .from(lineBags)
    .innerJoin(lines, eq(lines.id, lineBags.lineId))
    .innerJoin(bagOffers, eq(bagOffers.id, lineBags.offerId))
    .where(and(scope, eq(lineBags.status, 'active'), eq(lineBags.recurring, true), lte(lineBags.expiresAt, now)))
    .orderBy(asc(lineBags.id));
}

/**
 * Moves a subscription from the period ending `from` to the one ending `to`, refilled; only the
 * first of concurrent renewals of that period gets the row back.
 */
export async function extendSubscription(db: Db, bagId: number, from: Date, to: Date, dataMb: number | null) {
  const [row] = await db
    .update(lineBags)
    .set({ expiresAt: to, dataMbLeft: dataMb })
    .where(and(eq(lineBags.id, bagId), eq(lineBags.status, 'active'), eq(lineBags.recurring, true), eq(lineBags.expiresAt, from)))
    .returning({ id: lineBags.id });
  return row !== undefined;
}

/** The renewal could not be made (`reason`): the subscription stops where its last paid period ended. */
export async function suspendSubscription(db: Db, bagId: number, endedAt: Date, reason: 'balance' | 'cut') {
  await db.update(lineBags).set({ status: 'suspended', suspendedFor: reason, expiresAt: endedAt }).where(eq(lineBags.id, bagId));
}

export async function findLineBag(db: Db, lineId: number, bagId: number) {
  const [row] = await db
    .select()
    .from(lineBags)
    .where(and(eq(lineBags.id, bagId), eq(lineBags.lineId, lineId)));
  return row;
}

/** Stops the renewals of a subscription; the bag already paid stays usable until it ends. */
export async function stopRenewals(db: Db, bagId: number) {
  await db.update(lineBags).set({ recurring: false, payment: null }).where(eq(lineBags.id, bagId));
}
