import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { bagOffers, lineBags, payments } = schema;

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
      dataMbLeft: lineBags.dataMbLeft,
      purchasedAt: lineBags.purchasedAt,
      expiresAt: lineBags.expiresAt,
    })
    .from(lineBags)
    .innerJoin(bagOffers, eq(bagOffers.id, lineBags.offerId))
    .where(and(eq(lineBags.lineId, lineId), eq(lineBags.status, 'active'), gt(lineBags.expiresAt, now)))
    .orderBy(desc(lineBags.purchasedAt), desc(lineBags.id));
}

export async function addLineBag(db: Db, row: typeof lineBags.$inferInsert) {
  const [bag] = await db.insert(lineBags).values(row).returning({ id: lineBags.id });
  return bag!.id;
}

export async function findLineBag(db: Db, lineId: number, bagId: number) {
  const [row] = await db.select().from(lineBags).where(and(eq(lineBags.id, bagId), eq(lineBags.lineId, lineId)));
  return row;
}

export async function cancelLineBag(db: Db, bagId: number) {
  await db.update(lineBags).set({ status: 'cancelled' }).where(eq(lineBags.id, bagId));
}

export async function recordPayment(db: Db, row: typeof payments.$inferInsert) {
  await db.insert(payments).values(row);
}
