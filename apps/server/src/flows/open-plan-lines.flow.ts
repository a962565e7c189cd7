import type { FastifyInstance } from 'fastify';
import type { Db } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import { linesOpenedBy } from '@andes/domain/plans';
import { lineKindOf } from '@andes/domain/plans-sale';
import { PENDING_LINE_STATUS } from '@andes/domain/line-status';
import { isoDayInZone } from '@andes/domain/account-bills';
import { portWindowAfter } from '@andes/domain/delivery-promise';
import { plansRepo } from '../modules/plans/index.ts';
import { requestsOfCart, schedulePort } from '../modules/portability/index.ts';
import { linesOfOrder, paysOnHandOver, skuInfo } from '../modules/cart/index.ts';
import { recordFinancedPhone } from '../modules/account/index.ts';
import { createCustomerProfile, openNewNumber, openPortedLine, type BuyerContact } from '../modules/subscriber/index.ts';

interface PaidOrder {
  id: number;
  cartId: number;
  customerId: number | null;
  contact: BuyerContact;
  paymentMethod: string | null;
  /** The day its SIM reaches the customer (delivered, or ready at the store). */
  promisedFor: string | null;
}

/**
 * The day the order's SIM is in the customer's hands: the promised delivery or pickup day, or today
 * when the money is collected on hand-over (the courier or the store hands the SIM over as it is paid).
 */
function simInHandsOn(app: FastifyInstance, order: PaidOrder, now: Date): string {
  return paysOnHandOver(order) || !order.promisedFor ? isoDayInZone(now, app.market.timeZone) : order.promisedFor;
}

/**
 * "Create customer profile" for a buyer who is not yet a customer: the profile is keyed by the
 * document, has no usable secret yet (the customer creates one with password recovery or, in Peru,
 * the unique-password page), and keeps the contact the buyer gave.
 */
async function customerFor(tx: Db, market: Market, order: PaidOrder): Promise<{ id: number; created: boolean }> {
  if (order.customerId !== null) return { id: order.customerId, created: false };
  return createCustomerProfile(tx, market, order.contact);
}

/**
 * Opens the lines of a paid order's plans, in the payment's transaction: a new-line plan gets new
 * numbers (two for a `multi_` plan), each `pending` until its holder activates the SIM it ships with;
 * a portability line gets the ported number, `porting` until its port, which is set for the window
 * after the SIM can be in the customer's hands (then `active`, see {@link activateDuePorts}): the
 * number never leaves the other company while its new SIM is still on its way. Replays find the
 * activations and do nothing.
 */
export async function openPlanLines(app: FastifyInstance, tx: Db, order: PaidOrder): Promise<void> {
  const ordered = await plansRepo.planOrderLines(tx, order.id);
  if (!ordered.length) return;
  const inCart = new Map((await plansRepo.planCartLines(tx, order.cartId)).map((l) => [l.itemId, l]));
  const done = new Set((await plansRepo.activationsOf(tx, order.id)).map((a) => `${a.planId}:${a.slot}`));
  const plans = new Map(
    (
      await plansRepo.plansByIds(
        tx,
        ordered.map((l) => l.itemId),
      )
    ).map((p) => [p.id, p]),
  );
  const ports = await requestsOfCart(tx, order.cartId, ['accepted']);
  const customer = await customerFor(tx, app.market, order);
  const now = new Date();
  for (const line of ordered) {
    const plan = plans.get(line.itemId);
    if (!plan) continue;
    const cartLine = inCart.get(line.itemId);
    const billing = { billingEmail: cartLine?.billingEmail ?? null, billingMsisdn: cartLine?.billingMsisdn ?? null };
    // the line is billed as it was sold: the promotion its order line got (only the lines its terms
    // name, within the document's quota), for its months (planPriceInMonth)
    const promotion = line.promoPercentage !== null ? { promoPrice: line.monthlyPrice, promoMonths: line.promoMonths } : null;
    const base = {
      customerId: customer.id,
      kind: lineKindOf(plan.customerGroup),
      planId: plan.id,
      promoPrice: promotion?.promoPrice ?? null,
      promoMonths: promotion?.promoMonths ?? null,
    };
    // an order paid on hand-over emptied its cart when it was placed: its accepted port still names the line
    if (cartLine ? cartLine.isPortability : ports.some((r) => r.itemId === plan.id)) {
      if (done.has(`${plan.id}:1`)) continue;
      const port = ports.find((r) => r.itemId === plan.id);
      // order creation requires an accepted port; one cancelled meanwhile opens nothing and is logged
      if (!port) {
        app.log.error({ orderId: order.id, planId: plan.id }, 'paid portability line without an accepted port');
        continue;
      }
      const portAt = await schedulePort(tx, port, portWindowAfter(app.market, simInHandsOn(app, order, now)));
      const status = portAt > now ? 'porting' : 'active';
      const lineId = await openPortedLine(tx, app.market, { ...base, phoneNumber: port.phoneNumber, status });
      if (lineId === null) {
        app.log.error({ orderId: order.id, request: port.number }, 'ported number is already a line');
        continue;
      }
      await plansRepo.insertActivation(tx, {
        orderId: order.id,
        planId: plan.id,
        customerId: customer.id,
        lineId,
        phoneNumber: port.phoneNumber,
        newCustomer: customer.created,
        ported: true,
        ...billing,
      });
      continue;
    }
    for (let slot = 1; slot <= linesOpenedBy(plan.id); slot++) {
      if (done.has(`${plan.id}:${slot}`)) continue;
      // the new SIM is on its way: the line waits for its holder to activate it (captive host, decision 023)
      const { lineId, phoneNumber } = await openNewNumber(tx, app.market, { ...base, status: PENDING_LINE_STATUS });
      await plansRepo.insertActivation(tx, {
        orderId: order.id,
        planId: plan.id,
        customerId: customer.id,
        lineId,
        phoneNumber,
        newCustomer: customer.created,
        slot,
        ...billing,
      });
    }
  }
  await recordBluePhones(app, tx, order, simInHandsOn(app, order, now), now);
}

/**
 * A Blue phone of the order (sold with its initial quota paid now, SPEC §9) goes on the line its Blue
 * plan opened, with its monthly quotas billed with the plan from the first bill after the SIM is in the
 * customer's hands: the account's equipment page and the bills read it from there.
 */
async function recordBluePhones(app: FastifyInstance, tx: Db, order: PaidOrder, fromDay: string, now: Date): Promise<void> {
  const financed = (await linesOfOrder(tx, order.id)).filter((l) => l.type === 'equipment' && l.quotasValue !== null && l.quotaAmount !== null);
  if (!financed.length) return;
  const blueRental = `${app.market.brand}Blue`;
  const activations = await plansRepo.activationsOf(tx, order.id);
  const plans = new Map((await plansRepo.plansByIds(tx, [...new Set(activations.map((a) => a.planId))])).map((p) => [p.id, p]));
  const blueLine = activations.find((a) => plans.get(a.planId)?.rentalType === blueRental && a.lineId !== null);
  if (!blueLine?.lineId) {
    app.log.error({ orderId: order.id }, 'paid Blue phone without a Blue line');
    return;
  }
  const skus = await skuInfo(
    tx,
    financed.map((l) => l.itemId),
  );
  for (const l of financed) {
    const sku = skus.get(l.itemId);
    await recordFinancedPhone(
      tx,
      {
        lineId: blueLine.lineId,
        orderLineId: l.id,
        brand: sku?.brand ?? '',
        model: sku?.model ?? l.name,
        price: l.equipmentValue ?? l.unitPrice,
        installments: l.quotasValue!,
        installmentAmount: l.quotaAmount!,
        rentalType: blueRental,
      },
      fromDay,
      now,
    );
  }
}
