import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { bonusOffers, lineBonuses, discounts, pointsHistory } = schema;

export async function pointsHistoryOf(db: Db, lineId: number) {
  return db
    .select({
      id: pointsHistory.id,
      kind: pointsHistory.kind,
      points: pointsHistory.points,
      description: pointsHistory.description,
      createdAt: pointsHistory.createdAt,
    })
    .from(pointsHistory)
    .where(eq(pointsHistory.lineId, lineId))
    .orderBy(desc(pointsHistory.createdAt), desc(pointsHistory.id));
}

export async function listBonusOffers(db: Db) {
  return db.select().from(bonusOffers).orderBy(asc(bonusOffers.sortOrder), asc(bonusOffers.id));
}

export async function findBonusOffer(db: Db, id: string) {
  const [row] = await db.select().from(bonusOffers).where(eq(bonusOffers.id, id));
  return row;
}

export async function activeBonuses(db: Db, lineId: number, now: Date) {
  return db
    .select({
      id: lineBonuses.id,
      offerId: lineBonuses.offerId,
      name: bonusOffers.name,
      kind: bonusOffers.kind,
      points: lineBonuses.points,
      redeemedAt: lineBonuses.redeemedAt,
      expiresAt: lineBonuses.expiresAt,
    })
    .from(lineBonuses)
    .innerJoin(bonusOffers, eq(bonusOffers.id, lineBonuses.offerId))
    .where(and(eq(lineBonuses.lineId, lineId), gt(lineBonuses.expiresAt, now)))
    .orderBy(desc(lineBonuses.redeemedAt), desc(lineBonuses.id));
}

export async function addLineBonus(db: Db, row: typeof lineBonuses.$inferInsert) {
  const [created] = await db.insert(lineBonuses).values(row).returning({ id: lineBonuses.id });
  return created!.id;
}

export async function listDiscounts(db: Db) {
  return db.select().from(discounts).orderBy(desc(discounts.percentage), asc(discounts.partner));
}
