import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { OrderErrorKeys, statesAllowing, type OrderState } from '@andes/domain/order-state';
import { MARKET_PAYMENTS, type PaymentKind, type PaymentMethodId } from '@andes/domain/payment-methods';
import { ErrorKeys } from '@andes/domain/error-keys';
import { AppError } from '../../http/errors.ts';
import { orRefuse } from '../../http/result.ts';
import type { CartRow } from './cart.repo.ts';
import * as repo from './order.repo.ts';
import type { OrderRow } from './order.repo.ts';
import { settleAttempt, startPayment } from './order.service.ts';

/** What a way of paying is given: the cart whose open order it pays, the method chosen and, for points, the paying line. */
export interface PaymentRequest {
  cart: CartRow | null;
  method: PaymentMethodId;
  pointsLine: { id: number; points: number } | null;
  /** Card installments the gateway charges in (0: a single payment). */
  installments: number;
}

/**
 * One way of paying an order (a payment method's kind). It answers the order as it now stands (paid,
 * placed to pay on hand-over, or waiting for its money) and, for a hosted payment page, where the
 * browser goes; without one the caller hands the accepted order over and shows its own page.
 */
export interface PaymentHandler {
  pay(app: FastifyInstance, order: OrderRow, request: PaymentRequest): Promise<{ order: OrderRow; url: string | null }>;
}

/** The kinds the orders capability pays by itself; points are the account's (flows/pay-order.flow.ts). */
export const ORDER_PAYMENT_HANDLERS: Record<Exclude<PaymentKind, 'points'>, PaymentHandler> = {
  gateway: { pay: (app, _order, request) => startPayment(app, request.cart, request.method, request.installments) },
  cashCode: { pay: async (app, order) => ({ order: await placeCashCode(app, order), url: null }) },
  offline: { pay: async (app, order, request) => ({ order: await placeOffline(app, order, request.method), url: null }) },
};

/**
 * Cash on delivery (CE) or in-store payment (PT): the order is placed, keeps its stock with no expiry
 * while it is being fulfilled, and goes to the logistics system at once; it is paid when the courier or
 * the store collects the money (fulfilment.service.ts), or cancelled, stock back, when the customer does
 * not pay within the market's window once it reached them (expireStaleOrders). The cart is done.
 */
export async function placeOffline(app: FastifyInstance, order: OrderRow, method: PaymentMethodId): Promise<OrderRow> {
  return app.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, order.id);
    if (!locked) throw new AppError(OrderErrorKeys.state, 409);
    return orRefuse(await app.orderProcess.transition(tx, locked, 'place', { paymentMethod: method, expiresAt: null })).order;
  });
}

/**
 * Peru's cash code: the provider issues a code the customer pays at a bank or agent; the order waits
 * with its stock held until the code expires, and is paid when the provider's signed notification
 * arrives (`POST /restpp/order/payment/notify`). A second click answers the same code.
 */
export async function placeCashCode(app: FastifyInstance, order: OrderRow): Promise<OrderRow> {
  const expiresAt = new Date(Date.now() + MARKET_PAYMENTS[app.market.site].cashCodeExpiryHours * 3_600_000);
  const { attempt, fresh, placed } = await app.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, order.id);
    if (!locked || !statesAllowing('start_payment').includes(locked.status as OrderState)) throw new AppError(OrderErrorKeys.state, 409);
    const attempts = await repo.attemptsOf(tx, locked.id);
    const live = attempts.find((a) => a.method === 'cashCode' && (a.status === 'created' || a.status === 'initializing'));
    if (live) return { attempt: live, fresh: false, placed: locked };
    const created = await repo.insertAttempt(tx, {
      orderId: locked.id,
      buyOrder: `${locked.number}-${attempts.length + 1}`,
      amount: locked.totalPrice,
      method: 'cashCode',
      status: 'initializing',
    });
    const { order: placed } = orRefuse(await app.orderProcess.transition(tx, locked, 'start_payment', { paymentMethod: 'cashCode', expiresAt }));
    return { attempt: created, fresh: true, placed };
  });
  if (!fresh) return placed;
  let code: string;
  try {
    ({ code } = await app.adapters.payments.createCashCode({
      buyOrder: attempt.buyOrder,
      amount: attempt.amount,
      expiresAt,
      notifyUrl: CASH_CODE_NOTIFY_PATH,
    }));
  } catch (error) {
    await repo.updateAttempt(app.db, attempt.id, { status: 'failed' });
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  await app.db.transaction(async (tx) => {
    await repo.updateAttempt(tx, attempt.id, { token: code, status: 'created' });
    // the code is out: the order waits for its money away from the cart (no state changes here)
    await repo.detachOrderFromCart(tx, placed.cartId, placed.id, true);
  });
  return placed;
}

/** Where the cash-code provider posts its signed "paid" notification. */
export const CASH_CODE_NOTIFY_PATH = '/restpp/order/payment/notify';

export const NotifyErrorKeys = { signature: 'pp.error.payment.signature', unknown: 'pp.error.payment.token' } as const;

/**
 * The cash-code provider's "paid" notification: only a genuinely signed one counts; it settles the
 * code's attempt once (replays answer the settled state), and a payment for an order that expired or
 * was cancelled meanwhile is refunded, never fulfilled.
 */
export async function handleCashCodePaid(app: FastifyInstance, log: FastifyBaseLogger, signature: string | undefined, body: unknown) {
  const paid = app.adapters.payments.readPaidNotification(signature, body);
  if (!paid) throw new AppError(NotifyErrorKeys.signature, 401);
  const attempt = await repo.findAttempt(app.db, { token: paid.code });
  if (!attempt || attempt.method !== 'cashCode') throw new AppError(NotifyErrorKeys.unknown, 404);
  const approved = paid.amount === attempt.amount;
  if (!approved) log.error({ buyOrder: attempt.buyOrder, paid: paid.amount, expected: attempt.amount }, 'cash code paid with another amount');
  const settled = await settleAttempt(app, log, attempt, {
    status: approved ? 'authorized' : 'failed',
    responseCode: approved ? 0 : -1,
    authorizationCode: null,
    cardLast4: null,
    paymentType: 'CIP',
    installmentsNumber: 0,
    installmentsAmount: null,
  });
  return { code: paid.code, status: settled.status };
}
