import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { CartErrorKeys, deliveryOptions, type DeliveryType } from '@andes/domain/cart-rules';
import { BlueErrorKeys } from '@andes/domain/blue-program';
import {
  OPEN_ORDER_STATES,
  OrderErrorKeys,
  customerCancelRefusal,
  isOrderState,
  orderPath,
  statesAllowing,
  type FulfilmentDelivery,
  type OrderState,
} from '@andes/domain/order-state';
import { ErrorKeys } from '@andes/domain/error-keys';
import { isPlanSale, planSaleReturnPath } from '@andes/domain/plans-sale';
import { PAYMENT_METHODS, PAYMENT_PENDING_PAGE, isPaymentMethodId } from '@andes/domain/payment-methods';
import { AppError } from '../../http/errors.ts';
import { orRefuse } from '../../http/result.ts';
import { attemptOfReturn, readGatewayReturn, type GatewayReturnQuery } from '../../adapters/payments/return.ts';
import * as cartRepo from './cart.repo.ts';
import type { CartRow } from './cart.repo.ts';
import { PROMOTION_HOLDING_STATES, cartView } from './cart.service.ts';
import { normalizedDocument } from '@andes/domain/customer-document';
import { buyerContact, deliverySnapshot, storeSnapshot } from './checkout.service.ts';
import * as repo from './order.repo.ts';
import type { AttemptRow, OrderLineRow, OrderParts, OrderRow } from './order.repo.ts';
import { PORTABILITY_PAGES, PortabilityErrorKeys } from '@andes/domain/portability';
import { paysOnHandOver } from './fulfilment.service.ts';
import { orderAccepted, paymentFacts } from './confirmation.service.ts';
import type { PaymentOutcome } from '../../adapters/payments/port.ts';
import { COMMIT_GRACE_MS } from '../../adapters/payments/recover.ts';
import { awaitOtherCaller, newClaim } from '../../claims.ts';

/** An order not paid within this time is expired and its stock released (gateway tokens live 5 minutes). */
export const ORDER_PAYMENT_MINUTES = 30;
/** A payment attempt younger than this is reused by a second click on "Pagar" (same token, one charge). */
const ATTEMPT_REUSE_MS = 4 * 60_000;
export const PAYMENT_RETURN_PATH = '/restpp/order/payment/return';

const isOpen = (status: string) => isOrderState(status) && OPEN_ORDER_STATES.includes(status);

export function orderNumber(site: string, id: number): string {
  return `${site.toUpperCase()}-${String(id).padStart(8, '0')}`;
}

/**
 * Ends the orders whose time ran out by `now`, each once (guarded move under the order's lock), giving
 * their held stock back: open orders past their `expiresAt` ({@link ORDER_PAYMENT_MINUTES} after
 * creation, or the cash code's validity) expire; orders to be paid on hand-over that reached the
 * customer (shipped, or ready at the store) and were not paid within the market's window are cancelled.
 * Run by the periodic order sweep (order-sweep.service.ts) and by an order creation short of units (createOrder),
 * so a buyer never competes with stock an abandoned order still holds.
 */
export async function expireStaleOrders(app: FastifyInstance, now = new Date()): Promise<number> {
  const open = statesAllowing('expire');
  const uncollected = statesAllowing('collection_lapsed');
  const ids = await repo.staleOrderIds(app.db, { open, uncollected }, now);
  let ended = 0;
  for (const id of ids) {
    await app.db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, id);
      if (!order) return;
      // the lock holds off a collection arriving meanwhile; the lapse's guard refuses an order already paid
      const ending = open.includes(order.status as OrderState)
        ? await app.orderProcess.transition(tx, order, 'expire')
        : await app.orderProcess.transition(tx, order, 'collection_lapsed', { expiresAt: null });
      if (ending.ok) ended += 1;
    });
  }
  return ended;
}

/** Whether an order creation was refused because units ran short (at the re-check or when taking them). */
function isStockShortage(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  if (error.key === CartErrorKeys.outOfStock) return true;
  const issues = error.key === OrderErrorKeys.recheck ? (error.options.fields?.issues as Array<{ kind: string }> | undefined) : undefined;
  return !!issues?.some((i) => i.kind === 'stock');
}

/**
 * Creates the order from the cart (SPEC §4 "Cart to payment"): one order per cart version, so a
 * double click or a replay answers the same order; prices and stock are re-checked (a change is
 * refused and shown, never charged); stock is reserved atomically, all or nothing. Units short are
 * first looked for in orders whose time ran out (expired, their units back) and the creation tried
 * once more, so a buyer never competes with stock an abandoned order still holds; the order sweep
 * frees them otherwise, so the usual creation spends no query on it.
 */
/** An order a creation answers; one made just now carries its parts, so its view reads nothing more. */
export type CreatedOrder = OrderRow & { parts?: OrderParts };

export async function createOrder(app: FastifyInstance, cart: CartRow, customerId: number | null): Promise<CreatedOrder> {
  try {
    return await createOrderOnce(app, cart, customerId);
  } catch (error) {
    if (isStockShortage(error) && (await expireStaleOrders(app)) > 0) return createOrderOnce(app, cart, customerId);
    throw error;
  }
}

/**
 * One try of {@link createOrder}: one short transaction, no outside call in it. The rows concurrent
 * buyers queue on (the units of a product) are taken last, so their locks are held only until commit.
 */
async function createOrderOnce(app: FastifyInstance, cart: CartRow, customerId: number | null): Promise<CreatedOrder> {
  return app.db.transaction(async (tx) => {
    const made = await repo.lockCartForOrder(tx, cart.id, customerId);
    if (!made) throw new AppError('pp.error.cart.not.found', 404);
    if (made.existing) return made.existing;
    const locked = made.cart;
    const buyer = buyerContact(made.buyer, locked);
    if (!buyer) {
      throw new AppError(OrderErrorKeys.identification, 409, { fields: { redirectRUL: '/personas/flujo-compra/identificacion' } });
    }
    if (locked.currentOrderId) {
      const previous = await repo.lockOrder(tx, locked.currentOrderId);
      // made from this very version of the cart by a creation that committed while this one waited for
      // the cart's lock (see lockCartForOrder): that is the order
      if (previous?.idempotencyKey === repo.orderKeyOf(locked)) return previous;
      // the cart changed since its open order was made: that order gives way (and its stock back)
      if (previous && isOpen(previous.status)) await app.orderProcess.transition(tx, previous, 'cancel');
    }
    const { lines, skus } = await cartRepo.cartLinesAndSkus(tx, locked.id);
    // SPEC §9 "up to 3 plans with 50% discount per RUT": the document's promotion lines are counted under
    // its lock, so parallel orders for one document each see the others' (a line past the quota is
    // priced at the list price, which the re-check below shows as a price change, never charged unseen)
    const buyerDocument = normalizedDocument(app.market, buyer.document);
    let used: number | undefined;
    if (lines.some((l) => l.type === 'plan')) {
      await repo.lockDocumentPromotions(tx, buyerDocument);
      used = await repo.promotionLinesOfDocument(tx, buyerDocument, PROMOTION_HOLDING_STATES);
    }
    const view = await cartView(app, locked, customerId !== null, tx, lines, skus, used);
    if (!view.items.length) throw new AppError(CartErrorKeys.emptyCart, 409);
    for (const check of app.orderCreateChecks) await check(tx, locked, customerId, lines);
    // a Blue phone is ordered on installments only while the catalogue still offers its option with the cart's plan
    const lostOption = lines.find((l) => l.type === 'equipment' && l.quotasValue !== null && !view.items.some((i) => i.id === l.itemId && i.quotasValue));
    if (lostOption) {
      throw new AppError(BlueErrorKeys.option, 409, {
        fields: { productOfferingID: lostOption.itemId, redirectRUL: '/carrito-compra' },
        fieldErrors: { quotasValue: [BlueErrorKeys.option] },
      });
    }
    if (view.issues.length) {
      throw new AppError(OrderErrorKeys.recheck, 409, { fields: { issues: view.issues, redirectRUL: '/personas/sin-stock' } });
    }
    // SPEC §4: a portability line whose port the registry has not accepted cannot be ordered
    if (!view.status.portabilityReady) throw new AppError(PortabilityErrorKeys.notReady, 409, { fields: { redirectRUL: PORTABILITY_PAGES.company } });
    // the pickup store came with the cart's lock; an address is read here
    const delivery = locked.deliveryType === 'storePickup' ? storeSnapshot(made.store) : await deliverySnapshot(tx, locked, customerId);
    const { order, lines: orderLines } = await repo.insertOrder(
      tx,
      {
        id: made.nextId,
        number: orderNumber(app.market.site, made.nextId),
        idempotencyKey: repo.orderKeyOf(locked),
        cartId: locked.id,
        customerId,
        ownerToken: locked.token,
        status: 'created',
        currency: view.currency,
        subTotalPrice: view.subTotalPrice,
        deliveryPrice: delivery ? view.deliveryPrice : 0,
        totalPrice: view.subTotalPrice + (delivery ? view.deliveryPrice : 0),
        nextMonthPrice: view.nextMonthPrice,
        deliveryType: delivery ? locked.deliveryType : null,
        delivery,
        consignee: locked.consignee,
        contact: buyer,
        buyerDocument,
        expiresAt: new Date(Date.now() + ORDER_PAYMENT_MINUTES * 60_000),
      },
      view.items.map((i) => ({
        type: i.type,
        itemId: i.id,
        productId: i.productId ?? i.id,
        name: i.name,
        color: i.color ?? '',
        image: i.images[0] ?? '',
        quantity: i.quantity,
        unitPrice: i.price,
        monthlyPrice: i.monthlyPrice,
        insurances: i.insurances.map((x) => x.id),
        insuredPhoneNumber: i.insuredPhoneNumber,
        renewal: i.renewal,
        planPhoneNumber: i.renewal ? (i.planPhoneNumber ?? null) : null,
        listMonthlyPrice: i.listMonthlyPrice ?? null,
        promoPercentage: i.promotion?.percentage ?? null,
        promoMonths: i.promotion?.months ?? null,
        promoCapped: !!i.promotion && i.promotion.perDocument !== null,
        quotasValue: i.quotasValue ?? null,
        initialQuota: i.initialQuota ?? null,
        quotaAmount: i.quotas ?? null,
        equipmentValue: i.equipmentValue ?? null,
      })),
    );
    const units = view.items.filter((i) => i.type === 'equipment').sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    // taking the units locks the products' rows, so it comes last, right before the commit, in one order
    // of products (by id): two buyers of the same two products never wait on each other
    for (const item of units) {
      if (!(await repo.takeUnits(tx, order.id, item.id, item.quantity))) {
        // the whole transaction rolls back: no order, no partial reservation
        throw new AppError(CartErrorKeys.outOfStock, 409, {
          fields: {
            issues: [{ itemId: item.id, kind: 'stock', quantity: item.quantity, shownPrice: item.shownPrice, currentPrice: item.price, stock: 0 }],
            redirectRUL: '/personas/sin-stock',
          },
        });
      }
    }
    return { ...order, parts: { lines: orderLines, attempts: [], events: [{ status: order.status, at: order.createdAt }] } };
  });
}

/** The cart's open order, if any. */
export async function openOrderOf(app: FastifyInstance, cart: CartRow | null): Promise<OrderRow | null> {
  if (!cart?.currentOrderId) return null;
  const order = await repo.findOrder(app.db, cart.currentOrderId);
  return order && isOpen(order.status) ? order : null;
}

/** An attempt the gateway may still be paying: its order's total is the amount it was opened for. */
const OPEN_ATTEMPT = new Set(['initializing', 'created']);

/**
 * Copies the cart's delivery choice onto its open order and reprices it. Once a payment attempt is
 * open the order is frozen (the gateway holds its amount, and it would be fulfilled as it stands): a
 * different choice makes a new order of the cart instead, the old one gives way (createOrder) and an
 * approval still arriving for its attempt is refunded (settleAttempt). The same choice again changes
 * nothing. Answers the cart's open order afterwards.
 */
export async function applyDeliveryToOrder(app: FastifyInstance, cart: CartRow, customerId: number | null): Promise<OrderRow | null> {
  const order = await openOrderOf(app, cart);
  if (!order) return null;
  const delivery = await deliverySnapshot(app.db, cart, customerId);
  const view = await cartView(app, cart, customerId !== null);
  const chosen = { deliveryType: cart.deliveryType, delivery, consignee: cart.consignee, deliveryPrice: view.deliveryPrice };
  const replace = await app.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, order.id);
    if (!locked || !isOpen(locked.status)) return false;
    const { deliveryType, delivery: snapshot, consignee, deliveryPrice } = locked;
    if (isDeepStrictEqual({ deliveryType, delivery: snapshot, consignee, deliveryPrice }, chosen)) return false;
    if ((await repo.attemptsOf(tx, locked.id)).some((a) => OPEN_ATTEMPT.has(a.status))) {
      // a new cart version: the order creation below finds no order for it and replaces this one
      await cartRepo.bumpCart(tx, cart.id);
      return true;
    }
    await repo.updateOrder(tx, order.id, { ...chosen, totalPrice: locked.subTotalPrice + view.deliveryPrice });
    return false;
  });
  return replace ? createOrder(app, cart, customerId) : ((await repo.findOrder(app.db, order.id)) ?? null);
}

/**
 * Starts paying the open order through the gateway (in `installments` when 2 or more) and answers the
 * URL to send the browser to: a new attempt on the same order after a refused one, so a retry never
 * makes a second order. A second click, or parallel ones, reuse the live attempt of the same amount and
 * installments (same token), so the customer can be charged only once.
 */
export async function startPayment(app: FastifyInstance, cart: CartRow | null, method: string, installments = 0): Promise<{ url: string; order: OrderRow }> {
  const order = await openOrderOf(app, cart);
  if (!order) throw new AppError(OrderErrorKeys.state, 409, { fields: { redirectRUL: '/carrito-compra' } });
  if (!order.deliveryType || !order.delivery) {
    throw new AppError(OrderErrorKeys.shipping, 409, { fields: { redirectRUL: '/personas/flujo-compra/datos-despacho' } });
  }
  const now = Date.now();
  const { attempt, reused } = await app.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, order.id);
    if (!locked || !isOpen(locked.status)) throw new AppError(OrderErrorKeys.state, 409);
    const attempts = await repo.attemptsOf(tx, locked.id);
    const live = attempts.find(
      (a) => OPEN_ATTEMPT.has(a.status) && a.amount === locked.totalPrice && a.installments === installments && now - a.createdAt.getTime() < ATTEMPT_REUSE_MS,
    );
    if (live) return { attempt: live, reused: true };
    const created = await repo.insertAttempt(tx, {
      orderId: locked.id,
      buyOrder: `${locked.number}-${attempts.length + 1}`,
      amount: locked.totalPrice,
      method,
      installments,
      status: 'initializing',
    });
    orRefuse(await app.orderProcess.transition(tx, locked, 'start_payment', { paymentMethod: method }));
    return { attempt: created, reused: false };
  });
  if (reused) return { url: await waitForUrl(app, attempt), order };
  let created: { token: string; url: string };
  try {
    created = await app.adapters.payments.create({
      buyOrder: attempt.buyOrder,
      sessionId: `order-${order.id}`,
      amount: attempt.amount,
      returnUrl: PAYMENT_RETURN_PATH,
      ...(installments > 1 ? { installments } : {}),
    });
  } catch (error) {
    await repo.updateAttempt(app.db, attempt.id, { status: 'failed' });
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
  const url = `${created.url}?token_ws=${encodeURIComponent(created.token)}`;
  await repo.updateAttempt(app.db, attempt.id, { token: created.token, url, status: 'created' });
  return { url, order };
}

/** A double click may arrive while the first click is still talking to the gateway. */
async function waitForUrl(app: FastifyInstance, attempt: AttemptRow): Promise<string> {
  const url = await awaitOtherCaller(async () => {
    const current = await repo.findAttempt(app.db, { buyOrder: attempt.buyOrder });
    // a failed first click is an answer too: no address to wait for
    return current?.url ?? (current?.status === 'failed' ? null : undefined);
  });
  if (url) return url;
  throw new AppError(ErrorKeys.connectRealService, 502);
}

const FINAL_ATTEMPT = new Set(['authorized', 'failed', 'aborted', 'refunded', 'refund_pending']);
/** Settled without the money: whatever the gateway still takes for one is given back (settleAttempt). */
const GIVEN_UP_ATTEMPT = new Set(repo.GIVEN_UP_ATTEMPT_STATES);
const RETURN_ERROR: Record<string, string> = { aborted: OrderErrorKeys.aborted, refunded: OrderErrorKeys.late, refund_pending: OrderErrorKeys.late };

function returnPath(attempt: AttemptRow, number: string | null, planSale: { signedIn: boolean } | null = null): string {
  const order = encodeURIComponent(number ?? '');
  if (planSale)
    return planSaleReturnPath(attempt.status === 'authorized', number ?? '', RETURN_ERROR[attempt.status] ?? OrderErrorKeys.rejected, planSale.signedIn);
  if (attempt.status === 'authorized') return `/personas/flujo-compra/compra-exitosa?order=${order}`;
  const key = RETURN_ERROR[attempt.status] ?? OrderErrorKeys.rejected;
  return `/personas/flujo-compra/detalle-pago?error=${encodeURIComponent(key)}&order=${order}`;
}

/** Who sends a request about an order: the signed-in customer, and the session's cart token. */
export interface OrderCaller {
  customerId: number | null;
  cartToken: string | null;
}

/** The order's owner: the signed-in customer who placed it, or the session (cart) that did. */
export function isOrderOwner(order: Pick<OrderRow, 'customerId' | 'ownerToken'> | undefined, caller: OrderCaller): boolean {
  if (!order) return false;
  return (caller.customerId !== null && order.customerId === caller.customerId) || (caller.cartToken !== null && order.ownerToken === caller.cartToken);
}

/**
 * The gateway's return (approved, rejected or aborted): commits once, then moves the order to paid
 * (stock committed, cart emptied) or failed (stock released). Repeated returns find the attempt
 * settled and only redirect again: never a second charge. A return naming only a buy order counts
 * for the order's own session alone (attemptOfReturn); anyone else's changes nothing.
 */
export async function handlePaymentReturn(app: FastifyInstance, log: FastifyBaseLogger, query: GatewayReturnQuery, caller: OrderCaller): Promise<string> {
  const attempt = await attemptOfReturn(
    readGatewayReturn(query),
    { byToken: (token) => repo.findAttempt(app.db, { token }), byBuyOrder: (buyOrder) => repo.findAttempt(app.db, { buyOrder }) },
    async (found) => isOrderOwner(await repo.findOrder(app.db, found.orderId), caller),
  );
  // a cash code has no hosted page to return from: only its provider's signed notice settles it
  if (!attempt?.token || methodOf({ paymentMethod: attempt.method })?.kind !== 'gateway') return '/carrito-compra';
  const order = await repo.findOrder(app.db, attempt.orderId);
  // a plan-only order returns to the plans journey's pages
  const planSale = order && isPlanSale((await repo.linesOfOrder(app.db, order.id)).map((l) => l.type)) ? { signedIn: order.customerId !== null } : null;
  if (attempt.status === 'refund_pending') return returnPath(await refundLateApproval(app, log, attempt), order?.number ?? null, planSale);
  // a given-up attempt asks the gateway again (it answers its first outcome): one it approved meanwhile is refunded
  if (FINAL_ATTEMPT.has(attempt.status) && !GIVEN_UP_ATTEMPT.has(attempt.status)) return returnPath(attempt, order?.number ?? null, planSale);

  let outcome: AttemptOutcome;
  // from here the gateway may take the money before the outcome is recorded (for a given-up attempt too,
  // which is then refunded): the mark lets the order sweep finish it (payment-reconcile.service.ts)
  await repo.markCommitting(app.db, attempt.id, new Date(Date.now() + COMMIT_GRACE_MS));
  try {
    outcome = attemptOutcome(await app.adapters.payments.commit(attempt.token), attempt);
  } catch (error) {
    // an unknown or expired token cannot be charged any more: the attempt failed
    if (!(error instanceof AppError)) {
      // the money may have been taken: not a failure to show, a wait until the order sweep settles it
      log.error({ err: error, buyOrder: attempt.buyOrder }, 'payment commit failed');
      return `${PAYMENT_PENDING_PAGE}?order=${encodeURIComponent(order?.number ?? '')}`;
    }
    outcome = { status: 'failed', ...NOTHING_CHARGED };
  }

  return returnPath(await settleAttempt(app, log, attempt, outcome), order?.number ?? null, planSale);
}

export interface AttemptOutcome {
  status: 'authorized' | 'failed' | 'aborted';
  responseCode: number | null;
  authorizationCode: string | null;
  cardLast4: string | null;
  paymentType: string | null;
  installmentsNumber: number | null;
  installmentsAmount: number | null;
}

/** The facts of an outcome in which no card was charged (the gateway did not know the token, or refused it). */
export const NOTHING_CHARGED: Omit<AttemptOutcome, 'status'> = {
  responseCode: null,
  authorizationCode: null,
  cardLast4: null,
  paymentType: null,
  installmentsNumber: null,
  installmentsAmount: null,
};

/** A committed gateway outcome for this attempt: approved only when authorized for the attempt's amount. */
export function attemptOutcome(result: PaymentOutcome, attempt: Pick<AttemptRow, 'amount'>): AttemptOutcome {
  const approved = result.status === 'AUTHORIZED' && result.responseCode === 0 && result.amount === attempt.amount;
  return {
    status: approved ? 'authorized' : result.status === 'ABORTED' ? 'aborted' : 'failed',
    responseCode: result.responseCode,
    authorizationCode: result.authorizationCode,
    cardLast4: result.cardLast4,
    paymentType: result.paymentType,
    installmentsNumber: result.installmentsNumber,
    installmentsAmount: result.installmentsAmount,
  };
}

/**
 * Applies a gateway outcome to its attempt and order once (under the attempt's lock): approved moves
 * the order to paid (stock committed, cart emptied); a refused or abandoned card leaves the order
 * waiting, its stock held, for the retry that pays it (a cash code paid wrong cannot be retried: its
 * order fails, stock released); an approval for an order no longer awaiting payment, or for an attempt
 * already given up (failed, aborted), is refunded. Later calls answer the settled attempt.
 */
export async function settleAttempt(app: FastifyInstance, log: FastifyBaseLogger, attempt: AttemptRow, outcome: AttemptOutcome): Promise<AttemptRow> {
  // counted once the outcome is committed, and only by the call that recorded it (an approval owed back counts as its refund)
  let recorded: 'approved' | 'rejected' | 'aborted' | null = null;
  const settled = await app.db.transaction(async (tx) => {
    const locked = await repo.lockAttempt(tx, attempt.id);
    if (!locked) return attempt;
    if (outcome.status === 'authorized' && GIVEN_UP_ATTEMPT.has(locked.status)) {
      // the money came after the attempt was given up: recorded on it and given back, never fulfilled
      await repo.updateAttempt(tx, locked.id, { ...outcome, status: 'refund_pending', committedAt: new Date() });
      return { ...locked, status: 'refund_pending' };
    }
    if (FINAL_ATTEMPT.has(locked.status)) {
      // the gateway's answer for a given-up attempt a return asked again is heard: the order sweep owes it nothing
      if (GIVEN_UP_ATTEMPT.has(locked.status) && locked.reconcileAfter) await repo.updateAttempt(tx, locked.id, { reconcileAfter: null });
      return locked;
    }
    await repo.updateAttempt(tx, locked.id, { ...outcome, committedAt: new Date() });
    const current = await repo.lockOrder(tx, locked.orderId);
    if (!current) return { ...locked, status: outcome.status };
    if (outcome.status === 'authorized') {
      const paid = await app.orderProcess.transition(tx, current, 'payment_approved', { paidAt: new Date(), paymentMethod: locked.method });
      if (!paid.ok) {
        await repo.updateAttempt(tx, locked.id, { status: 'refund_pending' });
        return { ...locked, status: 'refund_pending' };
      }
    } else {
      await app.orderProcess.transition(tx, current, methodOf({ paymentMethod: locked.method })?.kind === 'cashCode' ? 'payment_failed' : 'payment_refused');
    }
    recorded = outcome.status === 'authorized' ? 'approved' : outcome.status === 'aborted' ? 'aborted' : 'rejected';
    return { ...locked, status: outcome.status };
  });
  if (recorded) app.metrics.payment(recorded, attempt.method);
  if (settled.status === 'refund_pending') return refundLateApproval(app, log, { ...settled, token: attempt.token });
  if (settled.status === 'authorized') await orderAccepted(app, settled.orderId);
  return settled;
}

/**
 * A gateway approval for an order that no longer waits for it (expired or cancelled meanwhile) is
 * given back through the gateway and recorded on the attempt, never fulfilled. Safe to repeat: the
 * refund is claimed in the database first (docs/decisions/013), so a return and a sweep, or two sweeps,
 * ask the gateway once; a refund that failed (or is another's to ask now) stays `refund_pending` and
 * the next return or sweep tries again.
 */
export async function refundLateApproval(app: FastifyInstance, log: FastifyBaseLogger, attempt: AttemptRow): Promise<AttemptRow> {
  if (!attempt.token) return attempt;
  const claim = newClaim();
  if (!(await repo.claimRefund(app.db, attempt.id, claim))) return { ...attempt, status: 'refund_pending' };
  try {
    const refund = await app.adapters.payments.refund(attempt.token);
    const refundedAt = new Date();
    await repo.updateAttempt(app.db, attempt.id, { status: 'refunded', refundedAt });
    app.metrics.payment('refunded', attempt.method);
    log.warn({ buyOrder: attempt.buyOrder, amount: refund.amount, orderId: attempt.orderId }, 'late payment approval refunded');
    return { ...attempt, status: 'refunded', refundedAt };
  } catch (error) {
    app.metrics.payment('refund_failed', attempt.method);
    log.error({ err: error, buyOrder: attempt.buyOrder }, 'late payment approval could not be refunded yet');
    return { ...attempt, status: 'refund_pending' };
  } finally {
    await repo.releaseRefund(app.db, attempt.id, claim);
  }
}

const methodOf = (order: Pick<OrderRow, 'paymentMethod'>) =>
  order.paymentMethod && isPaymentMethodId(order.paymentMethod) ? PAYMENT_METHODS[order.paymentMethod] : null;

/** Why the customer may not cancel this order now (a message key), or null (see customerCancelRefusal). */
export function cancelRefusalOf(order: OrderRow, lines: ReadonlyArray<Pick<OrderLineRow, 'type'>>): string | null {
  return customerCancelRefusal({ status: order.status, paymentKind: methodOf(order)?.kind ?? null, lineTypes: lines.map((l) => l.type) });
}

/** The order as the follow-up and success pages show it (`parts` when already known, else read). */
export async function orderView(app: FastifyInstance, order: OrderRow, parts?: OrderParts) {
  const [lines, attempts, events] = parts
    ? [parts.lines, parts.attempts, parts.events]
    : await Promise.all([repo.linesOfOrder(app.db, order.id), repo.attemptsOf(app.db, order.id), repo.statusEventsOf(app.db, order.id)]);
  const paid = attempts.find((a) => a.status === 'authorized');
  const method = methodOf(order);
  // a customer's cancellation refunds the payment that paid the order (it stays authorized); a late approval was never the order's payment
  const cancelRefund = order.status === 'cancelled' ? attempts.find((a) => a.status === 'authorized' && a.token !== null) : undefined;
  return {
    number: order.number,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    currency: order.currency,
    subTotalPrice: order.subTotalPrice,
    deliveryPrice: order.deliveryPrice,
    totalPrice: order.totalPrice,
    nextMonthPrice: order.nextMonthPrice,
    deliveryType: order.deliveryType as DeliveryType | null,
    /** What each way of delivery would cost this order: the delivery step shows them before the choice. */
    deliveryOptions: deliveryOptions(app.market.currency, order.subTotalPrice),
    delivery: order.delivery,
    consignee: order.consignee,
    paymentMethod: order.paymentMethod,
    paymentCode: method?.code ?? null,
    paymentKind: method?.kind ?? null,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    pointsUsed: order.pointsUsed,
    /** Points a cancelled points purchase gave back (only a customer's cancellation ends a paid points order). */
    pointsReturned: order.status === 'cancelled' ? order.pointsUsed : 0,
    refunds: attempts
      .filter((a) => a.refundedAt)
      .map((a) => ({ amount: a.amount, refundedAt: a.refundedAt!.toISOString(), reason: a.status === 'refunded' ? 'late' : 'cancelled' })),
    /** A cancelled order's payment the gateway has not given back yet (minor units; 0 when none). */
    refundPending: cancelRefund && !cancelRefund.refundedAt ? cancelRefund.amount : 0,
    /** Whether the customer may still cancel it (the follow-up page's button). */
    cancellable: cancelRefusalOf(order, lines) === null,
    cashCode: attempts.find((a) => a.method === 'cashCode' && a.status === 'created')?.token ?? null,
    payment: paymentFacts(paid),
    /** The day the order is in the customer's hands: at the door, or ready at the store (set when it is accepted). */
    promisedFor: order.promisedFor,
    /** Where the confirmation e-mail went, once it went. */
    confirmationEmail: order.confirmationSentAt ? (order.contact?.email ?? null) : null,
    fulfilmentReference: order.fulfilmentReference,
    /** Every state reached, oldest first, and the path the order takes when all goes well (SPEC follow-up page). */
    history: events.map((e) => ({ status: e.status, at: e.at.toISOString() })),
    path: orderPath((order.deliveryType ?? null) as FulfilmentDelivery, paysOnHandOver(order)),
    lines: lines.map((l) => ({
      id: l.itemId,
      type: l.type,
      name: l.name,
      color: l.color,
      image: l.image,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      monthlyPrice: l.monthlyPrice,
      insurances: l.insurances,
      insuredPhoneNumber: l.insuredPhoneNumber,
      renewal: l.renewal,
      planPhoneNumber: l.planPhoneNumber,
      /** A plan line's list monthly price and the promotion it was sold on (its first months at `monthlyPrice`). */
      listMonthlyPrice: l.listMonthlyPrice,
      promotion: l.promoPercentage !== null ? { percentage: l.promoPercentage, promoPrice: l.monthlyPrice, months: l.promoMonths } : null,
      /** A Blue phone: the initial quota paid with the order (its unit price), then `quotasValue` monthly quotas with the plan. */
      quotasValue: l.quotasValue,
      initialQuota: l.initialQuota,
      quotaAmount: l.quotaAmount,
      equipmentValue: l.equipmentValue,
    })),
  };
}

/** The caller's own order by its number (see isOrderOwner), else 404. */
export async function findOwnOrder(app: FastifyInstance, number: string, customerId: number | null, cartToken: string | null): Promise<OrderRow> {
  const order = await repo.findOrderByNumber(app.db, number);
  if (!order || !isOrderOwner(order, { customerId, cartToken })) throw new AppError(OrderErrorKeys.notFound, 404);
  return order;
}
