import { CLICK_TO_CALL_ERRORS } from '@andes/domain/click-to-call-errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkoutRuleSets } from '@andes/domain/checkout-validation';
import { CartErrorKeys, MAX_PRODUCTS_PER_ORDER } from '@andes/domain/cart-rules';
import { ErrorKeys, overOrderErrorType } from '@andes/domain/error-keys';
import { checkoutInfoOf } from '@andes/domain/sale-sequence';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { gatewayReturnQuery } from '@andes/contract/inputs/payments';
import * as cartRepo from './cart.repo.ts';
import { acceptPrices, addLines, cartView, changeQuantity, currentCart, removeLine, requireCurrentCart, type AddLine } from './cart.service.ts';
import * as checkout from './checkout.service.ts';
import { createOrder, findOwnOrder, handlePaymentReturn, openOrderOf, orderView } from './order.service.ts';
import { confirmPaymentMethod, pay, paymentOptions } from '../../flows/pay-order.flow.ts';
import { userInfo } from '../../flows/user-info.flow.ts';
import { buyerInfo, changeBuyer } from '../../flows/checkout-buyer.flow.ts';
import { CASH_CODE_NOTIFY_PATH, handleCashCodePaid } from './payment-handlers.service.ts';
import { requireHuman, verifyHuman } from './recaptcha.service.ts';
import { attachInsurances } from './insurance.service.ts';
import { cancelOrder, customerOrderList } from './cancel.service.ts';
import { requireCustomer, requireOwnLine } from '../../http/guards.ts';
import { addDeliveryAddress, chooseShipping } from './shipping.service.ts';
import {
  addBody,
  areasQuery,
  cancelBody,
  orderQuery,
  paymentOptionsQuery,
  paymentQuery,
  quantityBody,
  recaptchaBody,
  updateCartQuery,
} from '@andes/contract/inputs/cart';
import { insuranceBody } from '@andes/contract/inputs/catalogue';

const SUGGESTIONS = 8;
const ORDER_CREATION_ERROR = 'orderCreationError';

const customerOf = (req: FastifyRequest) => req.session?.customerId ?? null;
const cartTokenOf = (req: FastifyRequest) => (typeof req.session?.data.cartToken === 'string' ? req.session.data.cartToken : null);

/** The cart, order, checkout and payment routes (SPEC §7 "Order and cart", "Equipment and insurance"). */
export async function cartRoutes(app: FastifyInstance) {
  const view = async (req: FastifyRequest, reply: FastifyReply, create = false) => {
    const cart = await currentCart(app, req, reply, create);
    return { cart, shoppingCart: await cartView(app, cart, customerOf(req) !== null) };
  };
  const requireCart = (req: FastifyRequest, reply: FastifyReply) => requireCurrentCart(app, req, reply);
  const cartAnswer = (shoppingCart: Awaited<ReturnType<typeof view>>['shoppingCart'], extra: Record<string, unknown> = {}) =>
    ok({ ...shoppingCart, shoppingCart, ...extra });

  // ── cart ────────────────────────────────────────────────────────────────────────────────────
  const readCart = async (req: FastifyRequest, reply: FastifyReply) => {
    const { shoppingCart } = await view(req, reply);
    // SPEC §4/§8: a stored order-creation failure is raised once on cart load, then removed
    const stored = req.session?.data[ORDER_CREATION_ERROR];
    if (req.session && stored) {
      const { [ORDER_CREATION_ERROR]: _gone, ...rest } = req.session.data;
      await app.sessions.saveData(req, rest);
    }
    return cartAnswer(shoppingCart, { orderCreationError: stored ?? null });
  };
  app.get('/restpp/order/shoppingCart', readCart);
  app.post('/restpp/order/shoppingCart', readCart);

  app.get('/restpp/update/shoppingCart', async (req, reply) => {
    const { id } = parseInput(updateCartQuery, req.query);
    const { shoppingCart } = await view(req, reply);
    if (shoppingCart.shoppingCartID !== id) throw new AppError('pp.error.cart.not.found', 404);
    return cartAnswer(shoppingCart);
  });

  /** The atg_phoneNumber header of a signed-in customer: one of their own lines, else 403. */
  const ownLineHeader = async (req: FastifyRequest): Promise<string | null> => {
    const phoneNumber = req.headers['atg_phonenumber'];
    const customerId = customerOf(req);
    if (typeof phoneNumber !== 'string' || customerId === null) return null;
    return (await requireOwnLine(app, customerId, phoneNumber)).phoneNumber;
  };

  const add = (requireCampaign: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = req.body;
    const items = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && 'items' in raw ? (raw as { items: unknown }).items : [raw];
    // more lines than an order may hold is the over-order refusal of SPEC §8, not a malformed body
    if (Array.isArray(items) && items.length > MAX_PRODUCTS_PER_ORDER) {
      throw new AppError(ErrorKeys.maxProductsPerOrder, 409, { fields: { overOrderErrorType: overOrderErrorType(ErrorKeys.maxProductsPerOrder) } });
    }
    const { items: lines } = parseInput(addBody, { items });
    if (requireCampaign && lines.some((l) => !l.campaignID))
      throw new AppError('pp.error.validation', 400, { fieldErrors: { campaignID: ['validation.required'] } });
    const cart = await currentCart(app, req, reply, true);
    await addLines(app, cart!, lines as AddLine[], {
      signedIn: customerOf(req) !== null,
      customerId: customerOf(req),
      insuredPhoneNumber: await ownLineHeader(req),
    });
    return cartAnswer((await view(req, reply)).shoppingCart);
  };
  app.post('/restpp/order/add', add(false));
  app.post('/restpp/order/add/campaign', add(true));

  /**
   * The insurance choice for a phone in the cart (SPEC §7 "Equipment and insurance"): signed in, for one
   * of the customer's own lines (header atg_phoneNumber); attached to the cart line, which answers.
   */
  app.post('/restpp/order/insurances', async (req, reply) => {
    const customerId = requireCustomer(req);
    const line = await requireOwnLine(app, customerId, String(req.headers['atg_phonenumber'] ?? ''));
    const { skuId, insurances } = parseInput(insuranceBody, req.body);
    const cart = await currentCart(app, req, reply, false);
    if (!cart) throw new AppError(CartErrorKeys.unknownItem, 404, { fieldErrors: { skuId: [CartErrorKeys.unknownItem] } });
    await attachInsurances(app, cart, skuId, insurances, line.phoneNumber);
    const shoppingCart = await cartView(app, cart, true);
    return ok({ ...shoppingCart, shoppingCart, insurances, skuId, phoneNumber: line.phoneNumber });
  });

  app.post('/restpp/order/cart', async (req, reply) => {
    const { id, quantity } = parseInput(quantityBody, req.body);
    await changeQuantity(app, await requireCart(req, reply), id, quantity);
    return cartAnswer((await view(req, reply)).shoppingCart);
  });

  /** Our own: the customer accepts the prices the checkout re-check showed (/personas/sin-stock). */
  app.post('/restpp/order/cart/accept', async (req, reply) => {
    const cart = await requireCart(req, reply);
    await acceptPrices(app, cart, await cartView(app, cart, customerOf(req) !== null));
    return cartAnswer((await view(req, reply)).shoppingCart);
  });

  app.get('/restpp/order', async (req, reply) => {
    const { cart, shoppingCart } = await view(req, reply);
    const order = await openOrderOf(app, cart);
    return ok({ order: order ? await orderView(app, order) : null, shoppingCart });
  });

  app.get('/restpp/order/v2/info', async (req, reply) => {
    const { cart, shoppingCart: c } = await view(req, reply);
    const order = await openOrderOf(app, cart);
    return ok({
      priceInfo: {
        totalPrice: c.totalPrice,
        nextMonthPrice: c.nextMonthPrice,
        subTotalPrice: c.subTotalPrice,
        deliveryPrice: c.deliveryPrice,
        totalPointUsed: c.totalPointUsed,
      },
      issues: c.issues,
      items: c.items,
      order: order ? await orderView(app, order) : null,
      ...checkoutInfoOf(c.items.map((i) => ({ ...i, planPhoneNumber: i.planPhoneNumber ?? null }))),
    });
  });

  app.get('/restpp/order/suggestions', async (req, reply) => {
    const { shoppingCart } = await view(req, reply);
    const inCart = new Set(shoppingCart.items.map((i) => i.productId));
    const products = (await cartRepo.suggestedAccessories(app.db, SUGGESTIONS + inCart.size)).filter((p) => !inCart.has(p.productId)).slice(0, SUGGESTIONS);
    return ok({
      products: products.map((p) => ({
        skuId: p.skuId,
        productId: p.productId,
        displayName: p.name,
        color: p.color,
        productImage: p.images[0] ?? '',
        price: p.listPrice,
      })),
    });
  });

  app.delete('/restpp/order/:productOfferingID', async (req, reply) => {
    const { productOfferingID } = req.params as { productOfferingID: string };
    await removeLine(app, await requireCart(req, reply), productOfferingID);
    return cartAnswer((await view(req, reply)).shoppingCart);
  });

  // ── checkout data ───────────────────────────────────────────────────────────────────────────
  app.get('/restpp/order/geo/regions', async () => ok({ regions: await checkout.regions(app.db, app.market) }));

  app.get('/restpp/order/geo/areas', async (req) => {
    const { parent } = parseInput(areasQuery, req.query);
    return ok({ areas: await checkout.childAreas(app.db, app.market, parent) });
  });

  app.get('/restpp/order/customer/info', async (req, reply) => ok(await buyerInfo(app, req, reply)));

  /** SPEC §7 "customer user info": what the cart shows of the signed-in buyer (contact data and lines); signed out 401. */
  app.get('/restpp/order/v2/userInfo', async (req) => {
    const customerId = requireCustomer(req);
    return ok({ userInfo: await userInfo(app, customerId) });
  });

  app.put('/restpp/order/customer/info', async (req, reply) => ok(await changeBuyer(app, req, reply)));

  app.get('/restpp/order/delivery/address', async (req, reply) => {
    const cart = await currentCart(app, req, reply, false);
    return ok({ addresses: cart ? await checkout.addressesOf(app.db, cart, customerOf(req)) : [] });
  });

  app.post('/restpp/order/delivery/address', async (req, reply) => ok(await addDeliveryAddress(app, await requireCart(req, reply), customerOf(req), req.body)));

  app.post('/restpp/order/valida/geoaddress', async (req) => {
    const input = parseInput(checkoutRuleSets.geoAddress(), req.body);
    const chain = await checkout.geoChain(app.db, app.market, input);
    if (!chain) throw new AppError('pp.error.checkout.geo', 400, { fieldErrors: { commune: ['pp.error.checkout.geo'] } });
    return ok({ valid: true, coverage: true, region: chain.region, province: chain.province, commune: chain.commune });
  });

  app.get('/restpp/order/store/location', async (req) => {
    const region = String(req.headers['atg_regionid'] ?? '').trim();
    const commune = String(req.headers['atg_communeid'] ?? '').trim();
    if (!region || region.length > 20 || commune.length > 20)
      throw new AppError('pp.error.validation', 400, { fieldErrors: { atg_regionId: ['checkout.validation.region'] } });
    return ok({ stores: await checkout.storesIn(app.db, region, commune || undefined) });
  });

  app.post('/restpp/order/shipping/method', async (req, reply) => {
    const { shoppingCart, order } = await chooseShipping(app, await requireCart(req, reply), customerOf(req), req.body);
    return cartAnswer(shoppingCart, { order });
  });

  // ── order and payment ───────────────────────────────────────────────────────────────────────
  app.get('/restpp/order/create', { config: { stateChanging: true } }, async (req, reply) => {
    const origin = (req.query as Record<string, unknown>).origin;
    const cart = await requireCart(req, reply);
    try {
      const { parts, ...order } = await createOrder(app, cart, customerOf(req));
      return ok({ order: await orderView(app, order, parts) });
    } catch (error) {
      // SPEC §8: a failed creation is kept for the cart to show once (the cart shows its own inline)
      if (error instanceof AppError && origin !== 'cart' && req.session) {
        await app.sessions.saveData(req, {
          ...req.session.data,
          [ORDER_CREATION_ERROR]: {
            exceptionKey: error.key,
            messages: [app.t(error.key, error.options.params)],
            ...(CLICK_TO_CALL_ERRORS.has(error.key) ? { enableClicktoCall: true } : {}),
          },
        });
      }
      throw error;
    }
  });

  app.get('/restpp/order/payment', { config: { stateChanging: true } }, async (req, reply) => {
    const choice = parseInput(paymentQuery, req.query);
    const { url, order } = await pay(app, await currentCart(app, req, reply, false), customerOf(req), choice, () => requireHuman(req));
    return ok({ url, orderNumber: order.number, paymentMethod: choice.paymentMethod }, { url });
  });

  /** The payment options of this checkout: methods allowed for the cart and market, points, the open order. */
  app.get('/restpp/order/payment/po', async (req, reply) => {
    const { phoneNumber } = parseInput(paymentOptionsQuery, req.query);
    const { answer } = await paymentOptions(app, await currentCart(app, req, reply, false), customerOf(req), phoneNumber);
    return ok(answer);
  });

  /** The gateway sends the browser back here (GET from outside): idempotent, see handlePaymentReturn. */
  app.get('/restpp/order/payment/return', async (req, reply) => {
    const query = parseInput(gatewayReturnQuery, req.query);
    return reply.redirect(await handlePaymentReturn(app, req.log, query, { customerId: customerOf(req), cartToken: cartTokenOf(req) }), 303);
  });

  /** The cash-code provider's signed "paid" notification: a server-to-server call, so no page token. */
  app.post(CASH_CODE_NOTIFY_PATH, { config: { csrf: false } }, async (req) => {
    const signature = req.headers['x-pagoefectivo-signature'];
    return ok(await handleCashCodePaid(app, req.log, typeof signature === 'string' ? signature : undefined, req.body));
  });

  /** The customer confirms the payment method before paying (see confirmPaymentMethod). */
  app.get('/restpp/order/updateOrderPaymentFlag', { config: { stateChanging: true } }, async (req, reply) => {
    const { paymentMethod } = parseInput(paymentQuery, req.query);
    const order = await confirmPaymentMethod(app, await currentCart(app, req, reply, false), customerOf(req), paymentMethod);
    return ok({ orderNumber: order.number, status: order.status, paymentMethod, paymentFlag: true });
  });

  app.get('/restpp/order/status', async (req) => {
    const { order: number } = parseInput(orderQuery, req.query);
    const order = await findOwnOrder(app, number, customerOf(req), cartTokenOf(req));
    return ok({ order: await orderView(app, order) });
  });

  /** "Mis pedidos": the signed-in customer's own orders only (anonymous → required_login). */
  app.get('/restpp/order/list', async (req) => ok({ orders: await customerOrderList(app, requireCustomer(req)) }));

  /** The owner cancels an order not yet shipped (see cancelOrder): once per idempotency key, with the page token. */
  app.post('/restpp/order/cancel', async (req) => {
    const { order: number, idempotencyKey } = parseInput(cancelBody, req.body);
    return ok(await cancelOrder(app, req.log, { number, customerId: customerOf(req), cartToken: cartTokenOf(req), idempotencyKey }));
  });

  app.post('/restpp/order/verifyRecaptcha', async (req) => {
    const { token } = parseInput(recaptchaBody, req.body);
    await verifyHuman(app, req, token);
    return ok({ verified: true });
  });
}
