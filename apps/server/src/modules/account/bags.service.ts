import type { FastifyInstance } from 'fastify';
import { formatMoney } from '@andes/domain/money';
import { AppError, notFound } from '../../http/errors.ts';
import { once } from './idempotency.ts';
import { refreshLineStatuses } from './line-status.ts';
import { moneyOf } from './balance.service.ts';
import { debitBalance, debitPoints, lineWithPlan, recordMovement, recordPointsRedemption } from './lines.repo.ts';
import { activeBags, addLineBag, cancelLineBag, findLineBag, findOffer, listOffers, recordPayment, type BagOffer } from './bags.repo.ts';

type Line = { id: number; phoneNumber: string };
type Payment = 'balance' | 'points' | 'bill';

export function offerView(app: FastifyInstance, o: BagOffer) {
  return { ...o, priceFormatted: formatMoney(o.price, app.market.currency) };
}

export async function offers(app: FastifyInstance, mode?: string) {
  const all = await listOffers(app.db);
  return all.filter((o) => !mode || o.mode === mode).map((o) => offerView(app, o));
}

export async function lineBags(app: FastifyInstance, line: Line) {
  return activeBags(app.db, line.id, new Date());
}

/**
 * Buys a bag (immediate or traveller) or subscribes to a recurring one, in one transaction, once per
 * key: from the balance (it drops once, or nothing changes when it is short), with points, or charged
 * to the next bill (postpaid and hybrid lines).
 */
export async function buyBag(app: FastifyInstance, line: Line, input: { offerId: string; payment: Payment; idempotencyKey: string }) {
  await refreshLineStatuses(app.db, app.market.timeZone, { lineId: line.id });
  return once(app.db, `bag:${line.id}`, input.idempotencyKey, async (tx) => {
    const offer = await findOffer(tx, input.offerId);
    if (!offer) throw new AppError('account.error.bag.offer', 404);
    const current = await lineWithPlan(tx, line.id);
    if (!current) throw notFound();
    if (current.status === 'cut') throw new AppError('account.error.line.cut', 409);
    const now = new Date();
    if (offer.mode === 'recurring' && (await activeBags(tx, line.id, now)).some((b) => b.offerId === offer.id && b.recurring)) {
      throw new AppError('account.error.bag.subscribed', 409);
    }
    let balance = current.balance;
    let points = current.points;
    if (input.payment === 'balance') {
      const left = await debitBalance(tx, line.id, offer.price);
      if (left === undefined) {
        throw new AppError('account.error.balance.short', 409, { params: { balance: formatMoney(current.balance, app.market.currency) } });
      }
      balance = left;
      await recordMovement(tx, { lineId: line.id, kind: 'bag', amount: -offer.price, counterpart: offer.id });
    } else if (input.payment === 'points') {
      if (offer.pointsPrice === null || offer.mode === 'recurring') throw new AppError('account.error.bag.payment', 400);
      const left = await debitPoints(tx, line.id, offer.pointsPrice);
      if (left === undefined) throw new AppError('account.error.points.short', 409, { params: { points: current.points } });
      points = left;
      await recordPointsRedemption(tx, line.id, offer.pointsPrice, `Canje: ${offer.name}`);
    } else if (current.kind === 'prepaid') {
      throw new AppError('account.error.bag.payment', 400);
    }
    if (input.payment !== 'points') await recordPayment(tx, { lineId: line.id, kind: 'bag', amount: offer.price, method: input.payment });
    const expiresAt = new Date(now.getTime() + offer.validityDays * 86_400_000);
    const bagId = await addLineBag(tx, {
      lineId: line.id,
      offerId: offer.id,
      status: 'active',
      recurring: offer.mode === 'recurring',
      dataMbLeft: offer.dataMb,
      purchasedAt: now,
      expiresAt,
    });
    return { bagId, offerId: offer.id, name: offer.name, mode: offer.mode, balance: moneyOf(app, balance), points, expiresAt: expiresAt.toISOString() };
  });
}

/** Cancels a recurring subscription of this line; the bag stays usable until it expires. */
export async function cancelRecurring(app: FastifyInstance, line: Line, bagId: number) {
  const bag = await findLineBag(app.db, line.id, bagId);
  // another line's bag answers as missing: ids of other customers' bags reveal nothing
  if (!bag) throw new AppError('pp.error.asset.forbidden', 403);
  if (!bag.recurring || bag.status !== 'active') throw new AppError('account.error.bag.notRecurring', 409);
  const offer = await findOffer(app.db, bag.offerId);
  await cancelLineBag(app.db, bag.id);
  return { bagId: bag.id, name: offer?.name ?? bag.offerId };
}
