import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isTopupAmount } from '@andes/domain/account-balance';
import { AppError } from '../../http/errors.ts';
import { attemptOfReturn, readGatewayReturn, type GatewayReturnQuery } from '../../adapters/payments/return.ts';
import { creditBalance, lineWithPlan, recordMovement } from './lines.repo.ts';
import { activateBag, findOffer } from './bags.repo.ts';
import {
  chargeOfBill,
  claimBillCharge,
  dropUnopened,
  findByBuyOrder,
  findByKey,
  findByToken,
  insertTopup,
  releaseBillCharge,
  setToken,
  settle,
  type CardPurpose,
  type Topup,
} from './topups.repo.ts';
import { findLineBill, markBillPaid, recordPayment } from './bills.repo.ts';
import { refreshLineStatuses } from './line-status.ts';

type Line = { id: number; phoneNumber: string };

export const TOPUP_RETURN_PATH = '/restpp/asset/topups/return';

function redirectFor(token: string, url: string) {
  return `${url}?token_ws=${encodeURIComponent(token)}`;
}

/**
 * Starts a card top-up: one attempt per idempotency key (a double submit gets the same gateway
 * redirect), then the browser goes to the gateway's hosted page.
 */
export async function startTopup(app: FastifyInstance, line: Line, sessionId: string, input: { amount: number; idempotencyKey: string }) {
  if (!isTopupAmount(app.market, input.amount)) {
    throw new AppError('account.error.topup.amount', 400, { fieldErrors: { amount: ['account.error.topup.amount'] } });
  }
  return startCardPayment(app, line, sessionId, { ...input, purpose: 'topup', prefix: 'TU' });
}

/** Pays one of this line's unpaid bills by card; another line's bill answers 403 with no data. */
export async function startBillPayment(app: FastifyInstance, line: Line, sessionId: string, billId: number, idempotencyKey: string) {
  const bill = Number.isInteger(billId) && billId > 0 && billId < 2 ** 31 ? await findLineBill(app.db, line.id, billId) : undefined;
  if (!bill) throw new AppError('pp.error.asset.forbidden', 403);
  // one bill, one charge: a paid bill, or one being paid right now, refuses another payment
  if (bill.status === 'paid' || (await chargeOfBill(app.db, bill.id))) throw new AppError('account.error.bill.paid', 409);
  return startCardPayment(app, line, sessionId, { amount: bill.amount, idempotencyKey, purpose: 'bill', billId: bill.id, prefix: 'BP' });
}

/**
 * Opens one gateway payment per idempotency key (a double submit gets the same redirect). When the
 * gateway cannot open it, the attempt is forgotten so the customer may retry with the same key.
 */
export async function startCardPayment(
  app: FastifyInstance,
  line: Line,
  sessionId: string,
  input: { amount: number; idempotencyKey: string; purpose: CardPurpose; billId?: number; offerId?: string; prefix: string },
) {
  const buyOrder = `${input.prefix}${Date.now().toString(36)}${randomBytes(4).toString('hex')}`.slice(0, 26);
  const created = await insertTopup(app.db, {
    lineId: line.id,
    buyOrder,
    amount: input.amount,
    idempotencyKey: input.idempotencyKey,
    purpose: input.purpose,
    billId: input.billId,
    offerId: input.offerId,
  });
  const topup = created ?? (await findByKey(app.db, line.id, input.idempotencyKey));
  if (!topup) throw new AppError('pp.error.generic', 500);
  if (!created) {
    // the same key for something else (another amount, bill or bag) is not a replay
    const same = topup.purpose === input.purpose && topup.amount === input.amount && topup.billId === (input.billId ?? null) && topup.offerId === (input.offerId ?? null);
    if (!same || topup.status !== 'pending' || !topup.redirectUrl) throw new AppError('account.error.idempotency', 409);
    return { buyOrder: topup.buyOrder, redirectUrl: topup.redirectUrl, replayed: true };
  }
  let tx;
  try {
    tx = await app.adapters.payments.create({ buyOrder: topup.buyOrder, sessionId, amount: topup.amount, returnUrl: TOPUP_RETURN_PATH });
  } catch (error) {
    await dropUnopened(app.db, topup.id);
    throw error;
  }
  const redirectUrl = redirectFor(tx.token, tx.url);
  await setToken(app.db, topup.id, tx.token, redirectUrl);
  return { buyOrder: topup.buyOrder, redirectUrl, replayed: false };
}

export type TopupOutcome = { result: 'approved' | 'rejected' | 'aborted' | 'duplicate'; topup: Topup } | { result: 'unknown' };

const SETTLED_RESULTS = ['approved', 'rejected', 'aborted', 'duplicate'] as const;
const settledResult = (topup: Topup) => SETTLED_RESULTS.find((k) => k === topup.status);

/**
 * The gateway's return (paid, refused, cancelled or timed out): commit the transaction (safe to
 * repeat; the gateway's answer decides, whatever the return says) and, only for the first return of
 * an approved payment, credit the balance in the same transaction that settles the top-up. A return
 * naming only the buy order counts for the line's own customer alone (attemptOfReturn). A replayed or
 * late return finds the top-up settled and only answers its outcome: it never commits again, so a
 * duplicate bill payment stays uncommitted and the gateway lets it lapse, uncharged.
 */
export async function finishTopup(app: FastifyInstance, query: GatewayReturnQuery, customerId: number | null): Promise<TopupOutcome> {
  const topup = await attemptOfReturn(
    readGatewayReturn(query),
    { byToken: (token) => findByToken(app.db, token), byBuyOrder: (buyOrder) => findByBuyOrder(app.db, buyOrder) },
    async (found) => customerId !== null && (await lineWithPlan(app.db, found.lineId))?.customerId === customerId,
  );
  if (!topup?.token) return { result: 'unknown' };
  const token = topup.token;
  const already = settledResult(topup);
  if (already) return { result: already, topup };
  if (topup.purpose === 'bill') {
    // a bill paid through another attempt in the meantime is not charged again: no commit, no charge
    const claim = await claimBillCharge(app.db, topup.id);
    if (claim === 'taken') {
      const settled = await settle(app.db, topup.id, { status: 'duplicate' });
      return { result: 'duplicate', topup: settled ?? topup };
    }
    // another return of this attempt got there first: once it settled, there is nothing to commit
    const now = claim === 'busy' ? await findByToken(app.db, token) : undefined;
    const done = now && settledResult(now);
    if (now && done) return { result: done, topup: now };
  }
  let commit;
  try {
    commit = await app.adapters.payments.commit(token);
  } catch (error) {
    if (topup.purpose === 'bill') await releaseBillCharge(app.db, topup.id);
    if (error instanceof AppError) return { result: 'unknown' };
    throw error;
  }
  const approved = commit.status === 'AUTHORIZED' && commit.responseCode === 0 && commit.amount === topup.amount && commit.buyOrder === topup.buyOrder;
  const final = await app.db.transaction(async (tx) => {
    const settled = await settle(tx, topup.id, {
      status: approved ? 'approved' : commit.status === 'ABORTED' ? 'aborted' : 'rejected',
      authorizationCode: commit.authorizationCode,
      cardLast4: commit.cardLast4,
      creditedAt: approved ? new Date() : null,
    });
    if (!settled) return (await findByToken(tx, token)) ?? topup;
    if (settled.status !== 'approved') return settled;
    const paid = { lineId: settled.lineId, amount: settled.amount, method: commit.paymentType === 'VD' ? 'debit' : 'webpay', reference: settled.buyOrder };
    if (settled.purpose === 'bill' && settled.billId !== null) {
      await markBillPaid(tx, settled.billId);
      await recordPayment(tx, { ...paid, billId: settled.billId, kind: 'bill' });
      await refreshLineStatuses(tx, app.market.timeZone, { lineId: settled.lineId });
    } else if (settled.purpose === 'bag' && settled.offerId !== null) {
      // settle() let only this return through, so the bag is put on the line once however often the gateway comes back
      const offer = await findOffer(tx, settled.offerId);
      if (!offer) throw new AppError('account.error.bag.offer', 404);
      await activateBag(tx, settled.lineId, offer, new Date());
      await recordPayment(tx, { ...paid, kind: 'bag' });
    } else {
      await creditBalance(tx, settled.lineId, settled.amount);
      await recordMovement(tx, { lineId: settled.lineId, kind: 'topup', amount: settled.amount, counterpart: settled.buyOrder });
      await recordPayment(tx, { ...paid, kind: 'topup' });
    }
    return settled;
  });
  return { result: settledResult(final) ?? 'rejected', topup: final };
}
