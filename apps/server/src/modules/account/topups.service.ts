import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@andes/db/client';
import { isTopupAmount } from '@andes/domain/account-balance';
import { ErrorKeys } from '@andes/domain/error-keys';
import { AppError } from '../../http/errors.ts';
import { firstRedirect } from '../../http/idempotency.ts';
import type { PaymentOutcome } from '../../adapters/payments/port.ts';
import { COMMIT_GRACE_MS, RECONCILE_LEASE_MS, finishCommit } from '../../adapters/payments/recover.ts';
import { attemptOfReturn, paidMethod, readGatewayReturn, type GatewayReturnQuery } from '../../adapters/payments/return.ts';
import { creditBalance, lineWithPlan, recordMovement } from './lines.repo.ts';
import type { CardPurposeHandler } from './card-purposes.service.ts';
import { activateBag, findOffer } from './bags.repo.ts';
import {
  chargeOfBill,
  claimCharge,
  claimTopup,
  dropUnopened,
  findByBuyOrder,
  findByKey,
  findByToken,
  chargeOfSubject,
  insertTopup,
  markCommitting,
  releaseCharge,
  setToken,
  settle,
  topupsToReconcile,
  type CardPurpose,
  type Topup,
} from './topups.repo.ts';
import { addBillCharge, findLineBill, markBillPaid, recordPayment } from './bills.repo.ts';
import { nextBillOf } from './billing.repo.ts';
import { equipmentOfLine, setPrepaidThrough } from './installments.repo.ts';
import { isoDayInZone } from '@andes/domain/account-bills';
import { installmentDueOn, installmentPaymentProblem } from '@andes/domain/account-equipment';

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
  input: {
    amount: number;
    idempotencyKey: string;
    purpose: CardPurpose;
    billId?: number;
    offerId?: string;
    equipmentId?: number;
    installmentFrom?: number;
    installmentCount?: number;
    subjectRef?: string;
    prefix: string;
    /** Where the gateway sends the browser back; the account's return unless the page lives elsewhere (the captive host). */
    returnUrl?: string;
  },
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
    equipmentId: input.equipmentId,
    installmentFrom: input.installmentFrom,
    installmentCount: input.installmentCount,
    subjectRef: input.subjectRef,
  });
  const topup = created ?? (await findByKey(app.db, line.id, input.idempotencyKey));
  if (!topup) throw new AppError('pp.error.generic', 500);
  if (!created) {
    // the same key for something else (another amount, bill or bag) is not a replay
    const same =
      topup.purpose === input.purpose &&
      topup.amount === input.amount &&
      topup.billId === (input.billId ?? null) &&
      topup.offerId === (input.offerId ?? null) &&
      topup.equipmentId === (input.equipmentId ?? null) &&
      topup.installmentFrom === (input.installmentFrom ?? null) &&
      topup.installmentCount === (input.installmentCount ?? null) &&
      topup.subjectRef === (input.subjectRef ?? null);
    if (!same) throw new AppError('account.error.idempotency', 409);
    const first = await firstRedirect(() => findByKey(app.db, line.id, input.idempotencyKey));
    // the first submit could not open the payment: its answer was the gateway's failure
    if (!first?.redirectUrl) throw new AppError(ErrorKeys.connectRealService, 502);
    if (first.status !== 'pending') throw new AppError('account.error.idempotency', 409);
    return { buyOrder: first.buyOrder, redirectUrl: first.redirectUrl, replayed: true };
  }
  let tx;
  try {
    tx = await app.adapters.payments.create({ buyOrder: topup.buyOrder, sessionId, amount: topup.amount, returnUrl: input.returnUrl ?? TOPUP_RETURN_PATH });
  } catch (error) {
    await dropUnopened(app.db, topup.id);
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  const redirectUrl = redirectFor(tx.token, tx.url);
  await setToken(app.db, topup.id, tx.token, redirectUrl);
  return { buyOrder: topup.buyOrder, redirectUrl, replayed: false };
}

export type TopupOutcome = { result: 'approved' | 'rejected' | 'aborted' | 'duplicate'; topup: Topup } | { result: 'unknown' };

const SETTLED_RESULTS = ['approved', 'rejected', 'aborted', 'duplicate'] as const;
const settledResult = (topup: Topup) => SETTLED_RESULTS.find((k) => k === topup.status);

/**
 * The gateway's return (paid, refused, cancelled or timed out): the top-up it names (a return naming
 * only the buy order counts for the line's own customer alone: attemptOfReturn) is marked committing,
 * committed at the gateway (safe to repeat; the gateway's answer decides, whatever the return says)
 * and settled ({@link applyCommit}). A replayed or late return finds the top-up settled and only
 * answers its outcome: it never commits again, so a duplicate bill payment stays uncommitted and the
 * gateway lets it lapse, uncharged.
 */
export async function finishTopup(app: FastifyInstance, query: GatewayReturnQuery, customerId: number | null): Promise<TopupOutcome> {
  return finishCardReturn(app, query, async (found) => customerId !== null && (await lineWithPlan(app.db, found.lineId))?.customerId === customerId);
}

/**
 * The same return on the captive host (decision 023): no one is signed in there, so a return naming
 * only the buy order counts for the line the network names, and for no one when it names none.
 */
export async function finishLineCardReturn(app: FastifyInstance, query: GatewayReturnQuery, lineId: number | null): Promise<TopupOutcome> {
  return finishCardReturn(app, query, async (found) => lineId !== null && found.lineId === lineId);
}

async function finishCardReturn(app: FastifyInstance, query: GatewayReturnQuery, owns: (found: Topup) => Promise<boolean>): Promise<TopupOutcome> {
  const topup = await attemptOfReturn(
    readGatewayReturn(query),
    { byToken: (token) => findByToken(app.db, token), byBuyOrder: (buyOrder) => findByBuyOrder(app.db, buyOrder) },
    owns,
  );
  if (!topup?.token) return { result: 'unknown' };
  const token = topup.token;
  const already = settledResult(topup);
  if (already) return { result: already, topup };
  // installments billed or paid ahead since the page showed them are not charged again: no commit, no charge
  if (topup.purpose === 'installments' && topup.status === 'pending' && !(await installmentsStillPayable(app, topup))) {
    const settled = await settle(app.db, topup.id, { status: 'duplicate' });
    return { result: 'duplicate', topup: settled ?? topup };
  }
  // from here the gateway may take the money before the outcome is recorded: the mark lets the order sweep finish it
  const reconcileAfter = new Date(Date.now() + COMMIT_GRACE_MS);
  const handler = app.cardPurposes.get(topup.purpose);
  const claim = handler ? await claimSubjectCharge(app, handler, topup, reconcileAfter) : await claimCharge(app.db, topup.id, reconcileAfter);
  if (claim === 'taken') {
    // a bill paid through another attempt in the meantime is not charged again: no commit, no charge
    const settled = await settle(app.db, topup.id, { status: 'duplicate' });
    return { result: 'duplicate', topup: settled ?? topup };
  }
  // another return of this attempt got there first: once it settled, there is nothing to commit
  const now = claim === 'busy' ? await findByToken(app.db, token) : undefined;
  const done = now && settledResult(now);
  if (now && done) return { result: done, topup: now };
  let commit;
  try {
    commit = await app.adapters.payments.commit(token);
  } catch (error) {
    // the gateway refused the token (nothing charged): the customer may try again; anything else
    // leaves it unknown whether money was taken, and the order sweep finds out
    if (!(error instanceof AppError)) throw error;
    await releaseCharge(app.db, topup.id);
    return { result: 'unknown' };
  }
  return applyCommit(app, topup, commit);
}

/**
 * Settles a top-up with its committed gateway outcome and, only for the first to settle an approved
 * payment, credits the balance, marks the bill paid or puts the bag on the line, in the same
 * transaction. A later caller finds the top-up settled and changes nothing.
 */
async function applyCommit(app: FastifyInstance, topup: Topup, commit: PaymentOutcome): Promise<Extract<TopupOutcome, { topup: Topup }>> {
  const approved = commit.status === 'AUTHORIZED' && commit.responseCode === 0 && commit.amount === topup.amount && commit.buyOrder === topup.buyOrder;
  // one instant for the credit and the bag: a card bag's end is its credit's day plus its validity (cardBagOf)
  const now = new Date();
  const method = paidMethod(commit);
  const status = approved ? 'approved' : commit.status === 'ABORTED' ? 'aborted' : 'rejected';
  let settledHere = false as boolean;
  const final = await app.db.transaction(async (tx) => {
    const settled = await settle(tx, topup.id, {
      status,
      authorizationCode: commit.authorizationCode,
      cardLast4: commit.cardLast4,
      creditedAt: approved ? now : null,
    });
    if (!settled) return (await findByToken(tx, topup.token!)) ?? topup;
    settledHere = true;
    if (settled.status !== 'approved') return settled;
    const paid = { lineId: settled.lineId, amount: settled.amount, method, reference: settled.buyOrder };
    if (settled.purpose === 'bill' && settled.billId !== null) {
      await markBillPaid(tx, settled.billId);
      await recordPayment(tx, { ...paid, billId: settled.billId, kind: 'bill' });
      await app.lineStatusFromBills(tx, { lineId: settled.lineId });
    } else if (settled.purpose === 'installments') {
      // settle() let only this return through; the phone's row is locked like a bill locks it
      await settleInstallments(tx, settled);
      await recordPayment(tx, { ...paid, kind: 'installments' });
    } else if (app.cardPurposes.has(settled.purpose)) {
      // settle() let only this return through, and only one attempt per subject reached the commit
      const handler = app.cardPurposes.get(settled.purpose)!;
      await handler.settle(tx, settled);
      await recordPayment(tx, { ...paid, kind: handler.paymentKind });
    } else if (settled.purpose === 'bag' && settled.offerId !== null) {
      // settle() let only this return through, so the bag is put on the line once however often the gateway comes back
      const offer = await findOffer(tx, settled.offerId);
      if (!offer) throw new AppError('account.error.bag.offer', 404);
      await activateBag(tx, settled.lineId, offer, now);
      await recordPayment(tx, { ...paid, kind: 'bag' });
    } else {
      await creditTopup(tx, { lineId: settled.lineId, amount: settled.amount, reference: settled.buyOrder, method: paid.method });
    }
    return settled;
  });
  // counted once it is recorded, by the return that settled it
  if (settledHere) app.metrics.payment(status, 'webPay');
  return { result: settledResult(final) ?? 'rejected', topup: final };
}

/**
 * A paid top-up put on a prepaid line's balance, with its movement and its payment: what an approved
 * top-up does, and what a prepaid chip's activation does with its initial top-up. The caller runs it
 * inside the transaction that settles the payment once (a replay settles nothing, so credits nothing).
 */
export async function creditTopup(tx: Db, topup: { lineId: number; amount: number; reference: string; method: string }): Promise<void> {
  await creditBalance(tx, topup.lineId, topup.amount);
  await recordMovement(tx, { lineId: topup.lineId, kind: 'topup', amount: topup.amount, counterpart: topup.reference });
  await recordPayment(tx, { lineId: topup.lineId, amount: topup.amount, method: topup.method, reference: topup.reference, kind: 'topup' });
}

/**
 * {@link claimCharge} for a registered purpose: under its subject's lock, the subject must still want
 * the payment and no other attempt may be committing or have charged it; only then is this one marked
 * committing. Answers like claimCharge ('taken': nothing to charge, the attempt settles as duplicate).
 */
async function claimSubjectCharge(
  app: FastifyInstance,
  handler: CardPurposeHandler,
  topup: Topup,
  reconcileAfter: Date,
): Promise<'claimed' | 'busy' | 'taken'> {
  return app.db.transaction(async (tx) => {
    if (!topup.subjectRef || !(await handler.lockPayable(tx, topup))) return 'taken';
    const other = await chargeOfSubject(tx, topup.purpose as CardPurpose, topup.subjectRef);
    if (other && other.id !== topup.id) return 'taken';
    return (await markCommitting(tx, topup.id, reconcileAfter)) ? 'claimed' : 'busy';
  });
}

/** Card payments finished per sweep, so one slow sweep never runs into the next. */
const TOPUPS_PER_SWEEP = 50;

/**
 * The order sweep's part for card top-ups, bills and bags (registered in index.ts; docs/decisions/007):
 * a commit begun and never recorded (the process died, or lost its database, between the gateway's
 * commit and the top-up's update) is finished with the gateway's own record (or committed now, when
 * the commit never reached it) and settled once through {@link applyCommit}. Each is claimed first, so
 * two processes sweeping at once finish it once. Answers how many were settled.
 */
export async function reconcileCardPayments(app: FastifyInstance, now = new Date()): Promise<number> {
  let settled = 0;
  for (const candidate of await topupsToReconcile(app.db, now, TOPUPS_PER_SWEEP)) {
    const topup = await claimTopup(app.db, candidate, now, new Date(now.getTime() + RECONCILE_LEASE_MS));
    if (!topup?.token) continue;
    try {
      const commit = await finishCommit(app.adapters.payments, topup.token).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      // a token the gateway does not know was never charged
      const final = commit ? (await applyCommit(app, topup, commit)).topup : await settle(app.db, topup.id, { status: 'rejected' });
      app.log.warn({ buyOrder: topup.buyOrder, status: final?.status }, 'card payment commit finished by the order sweep');
      settled += 1;
    } catch (error) {
      // the gateway or the database is still away: the claim lapses and a later sweep tries again
      app.log.error({ err: error, buyOrder: topup.buyOrder }, 'card payment reconciliation failed');
    }
  }
  return settled;
}

/** Before a payment ahead is committed at the gateway: are its installments still the next ones unpaid (not billed or paid meanwhile)? */
async function installmentsStillPayable(app: FastifyInstance, topup: Topup): Promise<boolean> {
  if (topup.equipmentId === null || topup.installmentFrom === null || topup.installmentCount === null) return false;
  const e = await equipmentOfLine(app.db, topup.lineId, topup.equipmentId);
  return !!e && installmentPaymentProblem(e, isoDayInZone(new Date(), app.market.timeZone), topup.installmentCount, topup.installmentFrom) === null;
}

/**
 * After the gateway approved: the installments are paid ahead, once (the phone's row locked, as a bill
 * issuing takes it). Should a bill have charged some of them between the check before the commit and
 * now (its day came meanwhile), the next bill gives them back: never charged twice.
 */
async function settleInstallments(tx: Db, topup: Topup): Promise<void> {
  if (topup.equipmentId === null || topup.installmentFrom === null || topup.installmentCount === null) return;
  const e = await equipmentOfLine(tx, topup.lineId, topup.equipmentId, true);
  const through = topup.installmentFrom + topup.installmentCount - 1;
  if (!e || !(await setPrepaidThrough(tx, topup.equipmentId, topup.installmentFrom, through))) return;
  const next = await nextBillOf(tx, topup.lineId);
  if (!next) return;
  let billed = 0;
  for (let n = topup.installmentFrom; n <= through; n++) if (installmentDueOn(e.firstInstallmentAt, n) < next.nextBillOn) billed += 1;
  if (billed > 0) await addBillCharge(tx, { lineId: topup.lineId, kind: 'installment_credit', amount: -billed * e.installmentAmount });
}
