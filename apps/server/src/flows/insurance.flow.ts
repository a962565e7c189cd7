import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@andes/db/client';
import { ACCEPTED_ORDER_STATES } from '@andes/domain/order-state';
import { THEFT_BLOCK_REASONS } from '@andes/domain/insurance-claims';
import { formatPhone } from '@andes/domain/documents';
import { AppError } from '../http/errors.ts';
import { once } from '../http/idempotency.ts';
import {
  addNotification,
  chargeDeductible,
  chargeOfSubject,
  lineOwnerOf,
  startCardPayment,
  type CardPurposeHandler,
  type Topup,
} from '../modules/account/index.ts';
import { insuredPhoneLines, unlinkedInsuredPhones } from '../modules/cart/index.ts';
import { plansRepo } from '../modules/plans/index.ts';
import { activeBlocks } from '../modules/device/index.ts';
import * as insurance from '../modules/insurance/index.ts';

/** The line the guard checked (http/guards.ts). */
export interface InsuranceRequester {
  line: { id: number; phoneNumber: string; customerId: number };
}

/** Months after `from` (the same day of the month, the last one when shorter), in UTC. */
function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Records the insurances the customer bought with a phone for this line (paid orders of the cart
 * capability), once per order line and insurance: each is valid from the payment for its months. A
 * phone sold with a new line is this line's when the order opened this line and no other (an order
 * opening several lines does not say which one the phone is for, so none is guessed).
 */
async function syncPurchases(app: FastifyInstance, who: InsuranceRequester): Promise<void> {
  const bought = [
    ...(await insuredPhoneLines(app.db, who.line.customerId, who.line.phoneNumber, ACCEPTED_ORDER_STATES)),
    // a phone sold with a new line had no number then: the line the order opened (its only one) is the phone's
    ...(await unlinkedInsuredPhones(app.db, await plansRepo.ordersOpeningOnly(app.db, who.line.id), ACCEPTED_ORDER_STATES)),
  ];
  if (!bought.length) return;
  const catalogue = await insurance.catalogueByIds(app.db, [...new Set(bought.flatMap((b) => b.insurances))]);
  await insurance.addLineInsurances(
    app.db,
    bought.flatMap((b) =>
      b.insurances.flatMap((id) => {
        const i = catalogue.get(id);
        if (!i || !b.paidAt) return [];
        return [
          {
            lineId: who.line.id,
            insuranceId: id,
            orderLineId: b.orderLineId,
            device: b.name,
            imei: null,
            startsAt: b.paidAt,
            endsAt: i.insuranceValidity > 0 ? addMonths(b.paidAt, i.insuranceValidity) : null,
          },
        ];
      }),
    ),
  );
}

/** The line's theft block in force (robbery or theft, docs/decisions/021) with its police report or report code. */
async function theftBlockOf(app: FastifyInstance, lineId: number): Promise<insurance.TheftBlock | null> {
  const block = (await activeBlocks(app, lineId)).find((b) => (THEFT_BLOCK_REASONS as readonly string[]).includes(b.reason));
  return block ? { id: block.id, reason: block.reason, report: block.policeReport ?? block.reportCode, createdAt: block.createdAt } : null;
}

async function notify(app: FastifyInstance, who: InsuranceRequester, kind: 'filed' | 'paid', params: Record<string, string>, db: Db = app.db) {
  const all = { ...params, phone: formatPhone(who.line.phoneNumber, app.market.site) };
  await addNotification(db, who.line.customerId, app.t(`insurance.notice.${kind}.subject`, all), app.t(`insurance.notice.${kind}.body`, all));
}

/** SPEC §2 `equipo/insurance`: the line's insurances, claims and the offer for a line without one. */
export async function insuranceView(app: FastifyInstance, who: InsuranceRequester) {
  await syncPurchases(app, who);
  return insurance.insuranceOverview(app, who.line, await theftBlockOf(app, who.line.id));
}

/** Files a claim, hands it to the insurer (a failure is retried at the next status check) and tells the customer. */
export async function fileInsuranceClaim(app: FastifyInstance, who: InsuranceRequester, input: insurance.ClaimInput) {
  await syncPurchases(app, who);
  const claim = await insurance.fileClaim(app, who.line, input, input.kind === 'theft' ? await theftBlockOf(app, who.line.id) : null);
  await insurance.handOver(app, who.line, claim);
  await notify(app, who, 'filed', { number: claim.number });
  return insurance.insuranceOverview(app, who.line, await theftBlockOf(app, who.line.id));
}

/** Asks the insurer where the claim stands (moving it at most one step) and answers the page. */
export async function checkInsuranceClaim(app: FastifyInstance, who: InsuranceRequester, number: string) {
  const claim = await insurance.lineClaim(app, who.line, number);
  await insurance.checkClaim(app, who.line, claim);
  return insurance.insuranceOverview(app, who.line, await theftBlockOf(app, who.line.id));
}

/**
 * Pays an approved claim's deductible, once per idempotency key and once per claim (a guarded update in
 * the same transaction as the charge): a billed line on its next bill, a prepaid one from its balance
 * (nothing changes when it is short). The amount is the one fixed at filing, the one the page showed.
 */
export async function payDeductible(app: FastifyInstance, who: InsuranceRequester, number: string, idempotencyKey: string) {
  const claim = await insurance.lineClaim(app, who.line, number);
  const paid = await once(app.db, `deductible:${who.line.id}`, idempotencyKey, async (tx) => {
    // locked like a card payment's commit locks it: a card attempt committing or paid refuses this one
    const current = (await insurance.lockClaim(tx, who.line.id, number))!;
    if (current.id !== claim.id) throw new AppError('account.error.idempotency', 409);
    const refused = insurance.deductibleRefusal(current);
    if (refused) throw refused;
    if (await chargeOfSubject(tx, DEDUCTIBLE, current.number)) throw new AppError('insurance.error.deductiblePaying', 409);
    if (current.deductible > 0) {
      const charged = await chargeDeductible(tx, who.line.id, current.deductible, current.number);
      if ('short' in charged) throw new AppError('insurance.error.balanceShort', 409);
      if (!(await insurance.markDeductiblePaid(tx, current, charged.method))) throw new AppError('insurance.error.deductiblePaid', 409);
    } else if (!(await insurance.markDeductiblePaid(tx, current, 'bill'))) {
      throw new AppError('insurance.error.deductiblePaid', 409);
    }
    return { number: current.number, amount: current.deductible };
  });
  if (!paid.replayed) await notify(app, who, 'paid', { number });
  return { ...(await insurance.insuranceOverview(app, who.line, await theftBlockOf(app, who.line.id))), replayed: paid.replayed };
}

const DEDUCTIBLE = 'deductible';
export const INSURANCE_PAGE = '/personas/mientel/equipo/insurance';

/**
 * Pays an approved claim's deductible by card through the account's card payments (a purpose of its
 * own, registered below), once per idempotency key. The customer sends the amount the page showed,
 * the one fixed at filing: anything else is refused, so the price shown is the price charged.
 */
export async function startDeductibleCardPayment(
  app: FastifyInstance,
  who: InsuranceRequester,
  number: string,
  input: { idempotencyKey: string; amount: number },
  sessionId: string,
) {
  const claim = await insurance.lineClaim(app, who.line, number);
  const refused = insurance.deductibleRefusal(claim);
  if (refused) throw refused;
  if (claim.deductible <= 0 || input.amount !== claim.deductible) {
    throw new AppError('insurance.error.deductibleAmount', 409, { fieldErrors: { amount: ['insurance.error.deductibleAmount'] } });
  }
  return startCardPayment(app, who.line, sessionId, {
    amount: claim.deductible,
    idempotencyKey: input.idempotencyKey,
    purpose: DEDUCTIBLE,
    subjectRef: claim.number,
    prefix: 'SD',
  });
}

/** The card purpose `deductible`: its claim, locked, must still be approved, unpaid and at the amount charged. */
function deductibleCardPurpose(app: FastifyInstance): CardPurposeHandler {
  const claimOf = async (tx: Db, topup: Topup) => {
    const line = await lineOwnerOf(tx, topup.lineId);
    const claim = topup.subjectRef && line ? await insurance.lockClaim(tx, line.id, topup.subjectRef) : undefined;
    return claim && line ? { claim, line } : undefined;
  };
  return {
    page: INSURANCE_PAGE,
    paymentKind: 'insurance_deductible',
    async lockPayable(tx, topup) {
      const found = await claimOf(tx, topup);
      return !!found && insurance.deductibleRefusal(found.claim) === null && found.claim.deductible === topup.amount;
    },
    async settle(tx, topup) {
      const found = await claimOf(tx, topup);
      // only one attempt per claim reached the commit, under the claim's lock: the mark cannot have been taken
      if (!found || !(await insurance.markDeductiblePaid(tx, found.claim, 'card'))) {
        app.log.error({ buyOrder: topup.buyOrder }, 'card deductible settled on a claim not payable');
        return;
      }
      await notify(app, { line: found.line }, 'paid', { number: found.claim.number }, tx);
    },
  };
}

/** Registers the card purpose `deductible` with the account's card payments (docs/decisions/028). */
export const insuranceWiring = fp(async (app: FastifyInstance) => {
  app.cardPurposes.set(DEDUCTIBLE, deductibleCardPurpose(app));
});
