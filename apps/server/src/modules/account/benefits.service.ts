import type { FastifyInstance } from 'fastify';
import { pointsTotals } from '@andes/domain/account-benefits';
import { lineRefusal } from '@andes/domain/device';
import { AppError, notFound } from '../../http/errors.ts';
import { once } from '../../http/idempotency.ts';
import { debitPoints, lineWithPlan, recordPointsRedemption } from './lines.repo.ts';
import { activeBonuses, addLineBonus, findBonusOffer, pointsHistoryOf } from './benefits.repo.ts';

type Line = { id: number; phoneNumber: string };

/** Points balance, expiry and history of a line (puntos/detalle, beneficios/historico_puntos). */
export async function pointsOf(app: FastifyInstance, line: Line) {
  const current = await lineWithPlan(app.db, line.id);
  if (!current) throw notFound();
  const history = await pointsHistoryOf(app.db, line.id);
  return { points: { amount: current.points, expiresAt: current.pointsExpireAt }, totals: pointsTotals(history), history };
}

/** What the line redeemed (beneficios/canjes): the redemptions of its points history. */
export async function redemptionsOf(app: FastifyInstance, line: Line) {
  const history = await pointsHistoryOf(app.db, line.id);
  return history.filter((h) => h.kind === 'redeemed').map((h) => ({ ...h, points: Math.abs(h.points) }));
}

export async function bonusesOf(app: FastifyInstance, line: Line) {
  return activeBonuses(app.db, line.id, new Date());
}

/**
 * Redeems points for a bonus in one transaction, once per key: the points drop (never below zero:
 * the debit only happens when they cover the price), the bonus is active on the line, and the points
 * history records it. Short points, an unknown offer or a cut line change nothing.
 */
export async function redeemBonus(app: FastifyInstance, line: Line, input: { offerId: string; idempotencyKey: string }) {
  await app.linesAsOf({ lineId: line.id });
  return once(app.db, `bonus:${line.id}`, input.idempotencyKey, async (tx) => {
    const offer = await findBonusOffer(tx, input.offerId);
    if (!offer) throw new AppError('account.error.bonus.offer', 404, { fieldErrors: { offerId: ['account.error.bonus.offer'] } });
    const current = await lineWithPlan(tx, line.id);
    if (!current) throw notFound();
    const unusable = lineRefusal(current.status);
    if (unusable) throw new AppError(unusable, 409);
    const left = await debitPoints(tx, line.id, offer.pointsPrice);
    if (left === undefined) {
      throw new AppError('account.error.bonus.short', 409, { params: { points: current.points, price: offer.pointsPrice } });
    }
    const now = new Date();
    const expiresAt = new Date(now.getTime() + offer.validityDays * 86_400_000);
    const bonusId = await addLineBonus(tx, { lineId: line.id, offerId: offer.id, points: offer.pointsPrice, redeemedAt: now, expiresAt });
    await recordPointsRedemption(tx, line.id, offer.pointsPrice, `Canje: ${offer.name}`);
    return { bonusId, offerId: offer.id, name: offer.name, pointsSpent: offer.pointsPrice, points: left, expiresAt: expiresAt.toISOString() };
  });
}
