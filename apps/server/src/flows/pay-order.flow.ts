import { formatCount } from '@andes/domain/money';
import type { FastifyInstance } from 'fastify';
import { OrderErrorKeys, statesAllowing, type OrderState } from '@andes/domain/order-state';
import {
  MARKET_PAYMENTS,
  PAYMENT_METHODS,
  holdsStockUnpaid,
  offeredPaymentMethods,
  paymentMethodError,
  pointsNeeded,
  type PaymentKind,
  type PaymentMethodId,
} from '@andes/domain/payment-methods';
import { constants } from '@andes/domain/market';
import { cartNeedsCoverage } from '@andes/domain/coverage-rules';
import { AppError } from '../http/errors.ts';
import { orRefuse } from '../http/result.ts';
import { debitPoints, recordPointsRedemption } from '../modules/account/index.ts';
import { assertCovered } from '../modules/coverage/index.ts';
import {
  ORDER_PAYMENT_HANDLERS,
  cartView,
  openOrderOf,
  ordersRepo as repo,
  cartLinesOf,
  installmentOffer,
  orderAccepted,
  type CartRow,
  type OrderRow,
  type PaymentHandler,
} from '../modules/cart/index.ts';

export const PaymentErrorKeys = {
  method: 'pp.error.payment.method',
  installments: 'pp.error.payment.installments',
  pointsShort: 'pp.error.payment.points.short',
  pointsLine: 'pp.error.payment.points.line',
  confirm: 'pp.error.payment.confirm',
} as const;

const SUCCESS_PATH = '/personas/flujo-compra/compra-exitosa';
const POINTS_SUCCESS_PATH = '/personas/flujo-compra/compra-exitosa-puntos';

/** The signed-in customer's lines with their points; the one paying is the chosen line or the richest. */
async function pointsLine(app: FastifyInstance, customerId: number | null, phoneNumber: string | undefined) {
  if (customerId === null) return { lines: [], chosen: null };
  const lines = await repo.pointsLinesOf(app.db, customerId);
  if (phoneNumber === undefined) return { lines, chosen: lines[0] ?? null };
  const chosen = lines.find((l) => l.phoneNumber === phoneNumber);
  if (!chosen) throw new AppError(PaymentErrorKeys.pointsLine, 404, { fieldErrors: { phoneNumber: [PaymentErrorKeys.pointsLine] } });
  return { lines, chosen };
}

/**
 * The methods this checkout may use (`GET /restpp/order/payment/po`): the open order's total and
 * delivery, or the cart's when no order is open yet.
 */
export async function paymentOptions(app: FastifyInstance, cart: CartRow | null, customerId: number | null, phoneNumber?: string) {
  const order = await openOrderOf(app, cart);
  const total = order?.totalPrice ?? (await cartView(app, cart, customerId !== null)).totalPrice;
  const bought = order ? await repo.linesOfOrder(app.db, order.id) : cart ? await cartLinesOf(app.db, cart.id) : [];
  const installmentPlans = await installmentOffer(app, bought, total);
  const deliveryType = order?.deliveryType ?? cart?.deliveryType ?? null;
  const { lines, chosen } = await pointsLine(app, customerId, phoneNumber);
  const checkout = {
    deliveryType,
    signedIn: customerId !== null,
    pointsNeeded: pointsNeeded(total, app.market.currency),
    pointsAvailable: chosen?.points ?? 0,
  };
  return {
    checkout,
    chosenLine: chosen,
    installmentPlans,
    answer: {
      defaultPaymentMethod: constants.defaultPaymentType,
      paymentMethods: offeredPaymentMethods(app.market.site, checkout),
      /** What a card method may split this total in, without interest (empty: a single payment only). */
      installmentPlans,
      pointsNeeded: checkout.pointsNeeded,
      pointLines: lines,
      offlineExpiryHours: MARKET_PAYMENTS[app.market.site].offlineExpiryHours,
      cashCodeExpiryHours: MARKET_PAYMENTS[app.market.site].cashCodeExpiryHours,
      order: order
        ? {
            number: order.number,
            status: order.status,
            paymentMethod: order.paymentMethod,
            paymentFlag: order.paymentFlag,
            expiresAt: order.expiresAt?.toISOString() ?? null,
          }
        : null,
      // a guest placing an order that holds stock unpaid passes the reCAPTCHA first (recaptcha.service.ts)
      recaptcha: { required: customerId === null, ...app.adapters.recaptcha.widget() },
    },
  };
}

/** How the buyer pays (`GET /restpp/order/payment`): the method, the line whose points pay, the card installments. */
export interface PaymentChoice {
  paymentMethod: PaymentMethodId;
  phoneNumber?: string;
  /** 2 or more: card installments without interest; absent, 0 or 1: a single payment. */
  installments?: number;
}

/**
 * Pays the cart's open order as chosen and answers where the browser goes next: the gateway's hosted
 * page, or straight to the success page for cash on delivery, in-store payment and points. Card
 * installments must be ones the payment options offer for this order, with a card method.
 */
export async function pay(
  app: FastifyInstance,
  cart: CartRow | null,
  customerId: number | null,
  { paymentMethod: method, phoneNumber, installments = 0 }: PaymentChoice,
  /** Throws unless the visitor passed the reCAPTCHA (asked only for methods that hold stock unpaid). */
  assertHuman: () => void = () => {},
): Promise<{ url: string; order: OrderRow }> {
  const order = await openOrderOf(app, cart);
  if (!order) throw new AppError(OrderErrorKeys.state, 409, { fields: { redirectRUL: '/carrito-compra' } });
  const { checkout, chosenLine, installmentPlans } = await paymentOptions(app, cart, customerId, phoneNumber);
  const error = paymentMethodError(app.market.site, method, checkout);
  if (error) {
    const params = { points: formatCount(checkout.pointsAvailable, app.market.currency), needed: formatCount(checkout.pointsNeeded, app.market.currency) };
    throw new AppError(error, error === PaymentErrorKeys.pointsShort ? 409 : 400, { params, fieldErrors: { paymentMethod: [error] } });
  }
  const split = installments > 1;
  if (split && (!PAYMENT_METHODS[method].installments || !installmentPlans.some((p) => p.count === installments))) {
    throw new AppError(PaymentErrorKeys.installments, 400, { fieldErrors: { installments: [PaymentErrorKeys.installments] } });
  }
  if (holdsStockUnpaid(method)) assertHuman();
  if (holdsStockUnpaid(method) && !(order.paymentFlag && order.paymentMethod === method)) {
    throw new AppError(PaymentErrorKeys.confirm, 409, { fieldErrors: { paymentMethod: [PaymentErrorKeys.confirm] } });
  }
  if (cart && order.deliveryType === 'delivery' && cart.addressId && cartNeedsCoverage(await repo.linesOfOrder(app.db, order.id))) {
    await assertCovered(app, cart, customerId, cart.addressId);
  }
  const kind = PAYMENT_METHODS[method].kind;
  // the gateway checks the delivery itself, on the order it opens the attempt for
  if (kind !== 'gateway' && (!order.deliveryType || !order.delivery)) {
    throw new AppError(OrderErrorKeys.shipping, 409, { fields: { redirectRUL: '/personas/flujo-compra/datos-despacho' } });
  }
  const paid = await PAYMENT_HANDLERS[kind].pay(app, order, { cart, method, pointsLine: chosenLine, installments: split ? installments : 0 });
  if (paid.url) return { url: paid.url, order: paid.order };
  const placed = paid.order;
  // paid (points) or placed to pay on hand-over: either way it goes to the logistics system and is confirmed by e-mail now
  await orderAccepted(app, placed.id);
  const path = kind === 'points' ? POINTS_SUCCESS_PATH : SUCCESS_PATH;
  return { url: `${path}?order=${encodeURIComponent(placed.number ?? '')}`, order: placed };
}

/**
 * Points: the line's points drop and the order is paid in one transaction; too few points change
 * nothing (the guarded debit never goes below zero).
 */
async function payWithPoints(app: FastifyInstance, order: OrderRow, line: { id: number; points: number }): Promise<OrderRow> {
  const paid = await app.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, order.id);
    if (!locked || !statesAllowing('start_payment').includes(locked.status as OrderState)) throw new AppError(OrderErrorKeys.state, 409);
    const needed = pointsNeeded(locked.totalPrice, app.market.currency);
    if ((await debitPoints(tx, line.id, needed)) === undefined) {
      throw new AppError(PaymentErrorKeys.pointsShort, 409, {
        params: { points: line.points, needed },
        fieldErrors: { paymentMethod: [PaymentErrorKeys.pointsShort] },
      });
    }
    await recordPointsRedemption(tx, line.id, needed, `Compra ${locked.number}`);
    const attempts = await repo.attemptsOf(tx, locked.id);
    const now = new Date();
    await repo.insertAttempt(tx, {
      orderId: locked.id,
      buyOrder: `${locked.number}-${attempts.length + 1}`,
      amount: locked.totalPrice,
      method: 'points',
      status: 'authorized',
      paymentType: 'points',
      committedAt: now,
    });
    const { order: awaiting } = orRefuse(await app.orderProcess.transition(tx, locked, 'start_payment'));
    return orRefuse(
      await app.orderProcess.transition(tx, awaiting, 'payment_approved', { paymentMethod: 'points', paidAt: now, pointsUsed: needed, pointsLineId: line.id }),
    ).order;
  });
  app.metrics.payment('approved', 'points');
  return paid;
}

/**
 * `GET /restpp/order/updateOrderPaymentFlag`: the customer confirms the payment method on the summary
 * before going to pay. The flag and method stay on the open order; a method that places the order
 * without paying first ({@link holdsStockUnpaid}) is refused by {@link pay} until confirmed. A changed
 * cart makes a new order, which needs a new confirmation.
 */
export async function confirmPaymentMethod(app: FastifyInstance, cart: CartRow | null, customerId: number | null, method: PaymentMethodId): Promise<OrderRow> {
  const order = await openOrderOf(app, cart);
  if (!order) throw new AppError(OrderErrorKeys.notFound, 404, { fields: { redirectRUL: '/carrito-compra' } });
  const { checkout } = await paymentOptions(app, cart, customerId);
  const error = paymentMethodError(app.market.site, method, checkout);
  // too few points is decided when paying (another line may be chosen); anything else is refused now
  if (error && error !== PaymentErrorKeys.pointsShort) throw new AppError(error, 400, { fieldErrors: { paymentMethod: [error] } });
  await repo.updateOrder(app.db, order.id, { paymentFlag: true, paymentMethod: method });
  return { ...order, paymentFlag: true, paymentMethod: method };
}

/** Every way of paying: the orders capability's own, and points, which the account's lines pay. */
const PAYMENT_HANDLERS: Record<PaymentKind, PaymentHandler> = {
  ...ORDER_PAYMENT_HANDLERS,
  points: { pay: async (app, order, request) => ({ order: await payWithPoints(app, order, request.pointsLine!), url: null }) },
};
