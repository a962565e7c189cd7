import type { FastifyInstance } from 'fastify';
import { bagExpiry, bagPaymentAllowed, type BagPayment } from '@andes/domain/account-bags';
import { formatMoney } from '@andes/domain/money';
import { lineRefusal } from '@andes/domain/device';
import { AppError, notFound } from '../../http/errors.ts';
import { once } from '../../http/idempotency.ts';
import { moneyOf } from './balance.service.ts';
import { debitBalance, debitPoints, lineWithPlan, recordMovement, recordPointsRedemption } from './lines.repo.ts';
import { addBillCharge, recordPayment } from './bills.repo.ts';
import { renewDueBags } from './bag-renewals.service.ts';
import { startCardPayment } from './topups.service.ts';
import { findByBuyOrder } from './topups.repo.ts';
import {
  activateBag,
  activeBags,
  closeSuspended,
  findLineBag,
  findOffer,
  listOffers,
  stopRenewals,
  suspendedSubscriptions,
  type BagOffer,
} from './bags.repo.ts';

type Line = { id: number; phoneNumber: string };

export function offerView(app: FastifyInstance, o: BagOffer) {
  return { ...o, priceFormatted: formatMoney(o.price, app.market.currency) };
}

export async function offers(app: FastifyInstance, mode?: string) {
  const all = await listOffers(app.db);
  return all.filter((o) => !mode || o.mode === mode).map((o) => offerView(app, o));
}

/**
 * The line's bags after renewing the subscriptions that are due (the line's status first: a line
 * cut for debt renews nothing), and the suspended subscriptions.
 */
export async function lineBags(app: FastifyInstance, line: Line) {
  await app.linesAsOf({ lineId: line.id });
  await renewDueBags(app, { lineId: line.id });
  const [bags, suspended] = await Promise.all([activeBags(app.db, line.id, new Date()), suspendedSubscriptions(app.db, line.id)]);
  return { bags, suspended };
}

type Purchase = { offerId: string; payment: BagPayment; idempotencyKey: string };

/** What the customer may not do with this offer on this line, checked before any money moves. */
function refusal(offer: BagOffer | undefined, line: { kind: string; status: string }, payment: BagPayment) {
  if (!offer) return new AppError('account.error.bag.offer', 404);
  const unusable = lineRefusal(line.status);
  if (unusable) return new AppError(unusable, 409);
  if (!bagPaymentAllowed(offer, line.kind, payment)) return new AppError('account.error.bag.payment', 400);
  return null;
}

/**
 * Buys a bag (immediate or traveller) or subscribes to a recurring one. From the balance, with
 * points or on the next bill it is one transaction, once per key: the money changes once, or nothing
 * changes when it is short. By card it answers the gateway's page; the bag is activated when the
 * gateway's return approves the payment (topups.service.ts finishTopup).
 */
export async function buyBag(app: FastifyInstance, line: Line, sessionId: string, input: Purchase, returnUrl?: string) {
  await app.linesAsOf({ lineId: line.id });
  if (input.payment === 'card') {
    const [offer, current] = await Promise.all([findOffer(app.db, input.offerId), lineWithPlan(app.db, line.id)]);
    if (!current) throw notFound();
    const refused = refusal(offer, current, 'card');
    if (refused) throw refused;
    const started = await startCardPayment(app, line, sessionId, {
      amount: offer!.price,
      idempotencyKey: input.idempotencyKey,
      purpose: 'bag',
      offerId: offer!.id,
      prefix: 'BG',
      returnUrl,
    });
    return { card: true as const, ...started };
  }
  const bought = await once(app.db, `bag:${line.id}`, input.idempotencyKey, async (tx) => {
    const offer = await findOffer(tx, input.offerId);
    const current = await lineWithPlan(tx, line.id);
    if (!current) throw notFound();
    const refused = refusal(offer, current, input.payment);
    if (refused) throw refused;
    const bag = offer!;
    const now = new Date();
    if (bag.mode === 'recurring' && (await activeBags(tx, line.id, now)).some((b) => b.offerId === bag.id && b.recurring)) {
      throw new AppError('account.error.bag.subscribed', 409);
    }
    let balance = current.balance;
    let points = current.points;
    if (input.payment === 'balance') {
      const left = await debitBalance(tx, line.id, bag.price);
      if (left === undefined) {
        throw new AppError('account.error.balance.short', 409, { params: { balance: formatMoney(current.balance, app.market.currency) } });
      }
      balance = left;
      await recordMovement(tx, { lineId: line.id, kind: 'bag', amount: -bag.price, counterpart: bag.id });
      await recordPayment(tx, { lineId: line.id, kind: 'bag', amount: bag.price, method: 'balance' });
    } else if (input.payment === 'points') {
      const left = await debitPoints(tx, line.id, bag.pointsPrice!);
      if (left === undefined) throw new AppError('account.error.points.short', 409, { params: { points: current.points } });
      points = left;
      await recordPointsRedemption(tx, line.id, bag.pointsPrice!, `Canje: ${bag.name}`);
    } else {
      // nothing is paid now: the next bill charges it
      await addBillCharge(tx, { lineId: line.id, kind: 'bag', offerId: bag.id, amount: bag.price });
    }
    if (bag.mode === 'recurring') await closeSuspended(tx, line.id, bag.id);
    const renewal = input.payment === 'bill' ? 'bill' : 'balance';
    const { bagId, expiresAt } = await activateBag(tx, line.id, bag, now, renewal);
    return {
      bagId,
      offerId: bag.id,
      name: bag.name,
      mode: bag.mode,
      payment: input.payment,
      balance: moneyOf(app, balance),
      points,
      expiresAt: expiresAt.toISOString(),
    };
  });
  return { card: false as const, ...bought };
}

/**
 * A bag this line paid by card, by its buy order: the offer, what the gateway charged and, once
 * approved, until when (the bag was put on the line at the credit's instant, topups.service.ts
 * applyCommit). Undefined when the order is not a bag of this line.
 */
export async function cardBagOf(app: FastifyInstance, line: Line, buyOrder: string) {
  const topup = await findByBuyOrder(app.db, buyOrder);
  if (!topup || topup.lineId !== line.id || topup.purpose !== 'bag' || topup.offerId === null) return undefined;
  const offer = await findOffer(app.db, topup.offerId);
  if (!offer) return undefined;
  const approved = topup.status === 'approved' && topup.creditedAt !== null;
  return {
    buyOrder: topup.buyOrder,
    state: topup.status,
    offerId: offer.id,
    name: offer.name,
    amount: moneyOf(app, topup.amount),
    expiresAt: approved ? bagExpiry(topup.creditedAt!, offer.validityDays).toISOString() : null,
  };
}

/** Stops the renewals of a subscription of this line; the bag stays usable until its period ends. */
export async function cancelRecurring(app: FastifyInstance, line: Line, bagId: number) {
  const bag = await findLineBag(app.db, line.id, bagId);
  // another line's bag answers as missing: ids of other customers' bags reveal nothing
  if (!bag) throw new AppError('pp.error.asset.forbidden', 403);
  if (!bag.recurring || bag.status !== 'active') throw new AppError('account.error.bag.notRecurring', 409);
  const offer = await findOffer(app.db, bag.offerId);
  await stopRenewals(app.db, bag.id);
  return { bagId: bag.id, name: offer?.name ?? bag.offerId, expiresAt: bag.expiresAt.toISOString() };
}
