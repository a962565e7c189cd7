import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@andes/db/client';
import { ErrorKeys, overOrderErrorType } from '@andes/domain/error-keys';
import { cardPrice, insuranceChoiceErrors, insuranceLineError } from '@andes/domain/catalogue-product';
import { RENEWAL_MAX_QUANTITY, RenewalErrorKeys, renewalLineError, renewalTextParams } from '@andes/domain/renewal';
import {
  CartErrorKeys,
  commerceItemType,
  type CommerceItemType,
  cartTotals,
  mergeCartLines,
  quantityAfterAdd,
  recheckLines,
  setLineQuantity,
  type CartLineState,
  type CartTotals,
  type DeliveryType,
  type LineType,
  type RecheckIssue,
} from '@andes/domain/cart-rules';
import { SIM_CARD_PRICE } from '@andes/domain/plans-sale';
import { firstMonthPrice } from '@andes/domain/plans';
import { lineKindOfCartLine, lineOffer, offerTerms, type LineOffer, type PlanPromotionTerms } from '@andes/domain/plan-promotion';
import { normalizedDocument } from '@andes/domain/customer-document';
import { ACCEPTED_ORDER_STATES, OPEN_ORDER_STATES } from '@andes/domain/order-state';
import { campaignDiscount, campaignLineError, discounted, type CampaignTerms } from '@andes/domain/campaigns';
import { BLUE_INCLUDED_INSURANCE, BlueErrorKeys, blueLineError, blueOptionOf, insuranceMonthlyOnLine, type BlueOption } from '@andes/domain/blue-program';
import { AppError, priceChanged, unauthorized } from '../../http/errors.ts';
import { needsToken } from '../../http/csrf.ts';
import { InventoryUnavailable } from '../../adapters/inventory/port.ts';
import * as repo from './cart.repo.ts';
import { promotionLinesOfDocument } from './order.repo.ts';
import type { CartRow } from './cart.repo.ts';

const newToken = () => randomBytes(24).toString('base64url');

function sessionCartToken(req: FastifyRequest): string | null {
  const token = req.session?.data.cartToken;
  return typeof token === 'string' ? token : null;
}

async function rememberCart(app: FastifyInstance, req: FastifyRequest, token: string): Promise<void> {
  if (req.session && sessionCartToken(req) !== token) await app.sessions.saveData(req, { ...req.session.data, cartToken: token });
}

/**
 * The visitor's cart. Anonymous: the cart whose token is in the session. Signed in: the customer's
 * cart, after merging the cart the session held before sign-in (the session is rotated at sign-in,
 * its data — and so the cart token — is kept). `create` makes one when there is none.
 */
export async function currentCart(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, create: boolean): Promise<CartRow | null> {
  if (create) await app.sessions.ensure(req, reply);
  if (!req.session) return null;
  const token = sessionCartToken(req);
  const customerId = req.session.customerId;
  if (customerId !== null) {
    let own = await repo.findCartByCustomer(app.db, customerId);
    // the session holds the customer's own cart (the usual case): nothing to merge
    const held = token && token !== own?.token ? await repo.findCartByToken(app.db, token) : undefined;
    if (held && held.customerId === null) own = await mergeIntoCustomer(app.db, held.id, customerId);
    if (!own && create) own = await repo.insertCart(app.db, newToken(), customerId);
    if (own) await rememberCart(app, req, own.token);
    return own ?? null;
  }
  let cart = token ? await repo.findCartByToken(app.db, token) : undefined;
  // after sign-out the session must not reach the customer's cart
  if (cart && cart.customerId !== null) {
    // SPEC §8: acting on it once the sign-in expired says so, so a checkout can restart from the cart
    if (req.sessionExpired && needsToken(req)) throw unauthorized(true);
    cart = undefined;
  }
  if (!cart && create) {
    cart = await repo.insertCart(app.db, newToken(), null);
    await rememberCart(app, req, cart.token);
  }
  return cart ?? null;
}

/** Moves an anonymous cart into the customer's: adopted when the customer has none, else merged. */
async function mergeIntoCustomer(db: Db, anonymousId: number, customerId: number): Promise<CartRow | undefined> {
  return db.transaction(async (tx) => {
    const anonymous = await repo.lockCart(tx, anonymousId);
    const own = await repo.findCartByCustomer(tx, customerId);
    if (!anonymous || anonymous.customerId !== null) return own;
    if (!own) {
      await repo.updateCart(tx, anonymous.id, { customerId });
      return repo.lockCart(tx, anonymous.id);
    }
    await repo.lockCart(tx, own.id);
    const [ownLines, anonymousLines] = await Promise.all([repo.cartLinesOf(tx, own.id), repo.cartLinesOf(tx, anonymous.id)]);
    const merged = mergeCartLines(ownLines.map(toState), anonymousLines.map(toState));
    for (const line of merged) {
      const base =
        ownLines.find((l) => l.itemId === line.itemId && l.type === line.type) ?? anonymousLines.find((l) => l.itemId === line.itemId && l.type === line.type)!;
      const { id: _id, addedAt: _at, ...rest } = base;
      await repo.upsertLine(tx, { ...rest, cartId: own.id, quantity: line.quantity });
    }
    await repo.deleteCart(tx, anonymous.id);
    await repo.bumpCart(tx, own.id, { guest: own.guest ?? anonymous.guest });
    return repo.lockCart(tx, own.id);
  });
}

const toState = (l: repo.CartLineRow): CartLineState => ({ type: l.type as LineType, itemId: l.itemId, quantity: l.quantity });

export interface CartItemView {
  id: string;
  productOfferingID: string;
  type: LineType;
  itemType: CommerceItemType;
  quantity: number;
  name: string;
  productId: string | null;
  color: string | null;
  /** Two skus of one phone may differ only in it, so the line names it. */
  storage: string | null;
  images: string[];
  price: number;
  shownPrice: number;
  monthlyPrice: number;
  lineTotal: number;
  stock: number | null;
  /** Each insurance's monthly value on this line: the Blue program's own is included (0, `included`). */
  insurances: Array<{ id: string; displayName: string; monthlyValue: number; included: boolean }>;
  /** The customer's line the equipment-only insurances cover (POST /restpp/order/insurances). */
  insuredPhoneNumber: string | null;
  campaignID: string | null;
  isPortability: boolean;
  billing_email: string | null;
  billing_msisdn: string | null;
  /** A signed-in customer's phone renewal, priced at the renewal cash price. */
  renewal: boolean;
  planName?: string;
  /** A plan line's list monthly price (what it costs once its promotion's months are over). */
  listMonthlyPrice?: number;
  /**
   * The promotion this plan line gets (its terms name the line and the buyer's document has one left),
   * with the most lines a document may hold on it (null: no cap), or null.
   */
  promotion?: (LineOffer & { perDocument: number | null }) | null;
  /**
   * Plan lines (SPEC §3 order line): the line's number (a ported one from its request; a new one once opened, see /restpp/order/plan/activation), its SIM, rentalType and allowances; a phone's rentalType is `{brand}Blue` when it goes with a Blue plan, else `regular`.
   * A renewed phone's planPhoneNumber is the customer's line it renews.
   */
  planPhoneNumber?: string | null;
  /** Equipment lines: the product's kind (phone, refurbished, accessory). */
  productKind?: string;
  planSN?: string | null;
  rentalType?: string;
  data?: string;
  voice?: string;
  sms?: string;
  /**
   * A phone on the Blue program (SPEC §3 {product}BlueInfo option): the installments chosen, the initial
   * quota paid today (its `price`), the monthly quota billed with the plan (in `monthlyPrice`) and the
   * phone's value; null for a phone paid in full.
   */
  quotasValue?: number | null;
  initialQuota?: number | null;
  quotas?: number | null;
  equipmentValue?: number | null;
}

export interface CartView extends CartTotals {
  shoppingCartID: string;
  items: CartItemView[];
  currency: string;
  isPortability: boolean;
  status: { portabilityReady: boolean; registrationReady: boolean; signedIn: boolean };
  shippingInfo: { deliveryType: DeliveryType | null; addressId: number | null; storeId: string | null; consignee: CartRow['consignee'] };
  issues: RecheckIssue[];
}

/** The Blue options of the phones on installments among `lines`, by product. */
async function blueOptionsByProduct(db: Db, productIds: string[]): Promise<Map<string, BlueOption[]>> {
  const out = new Map<string, BlueOption[]>();
  for (const o of await repo.blueOptionsOf(db, productIds)) out.set(o.productId, [...(out.get(o.productId) ?? []), o]);
  return out;
}

/** The campaigns the lines name, by id (an unknown one is left out: it discounts nothing). */
async function campaignsOf(db: Db, lines: ReadonlyArray<{ campaignId: string | null }>): Promise<Map<string, CampaignTerms>> {
  const out = new Map<string, CampaignTerms>();
  for (const id of new Set(lines.map((l) => l.campaignId).filter((c): c is string => !!c))) {
    const campaign = await repo.findCampaign(db, id);
    if (campaign) out.set(id, campaign);
  }
  return out;
}

const planIdsOf = (lines: ReadonlyArray<{ type: string; itemId: string }>) => lines.filter((l) => l.type === 'plan').map((l) => l.itemId);

/** A plan row's promotion terms (plan-promotion.ts). */
export function promotionTermsOf(plan: repo.PlanInfoRow): PlanPromotionTerms {
  return {
    price: plan.price,
    discountPercentage: plan.discountPercentage,
    discountMonths: plan.discountMonths,
    discountLineKinds: plan.discountLineKinds,
    discountPerDocument: plan.discountPerDocument,
  };
}

/** The buyer's document in its stored form, when the cart knows who buys: the signed-in customer's, else the guest's. */
export async function buyerDocumentOf(app: FastifyInstance, db: Db, cart: CartRow | null): Promise<string> {
  if (!cart) return '';
  const raw = cart.customerId !== null ? await repo.customerDocument(db, cart.customerId) : (cart.guest?.document ?? null);
  return raw ? normalizedDocument(app.market, raw) : '';
}

/** The orders that hold a promotion against their document's quota: open or accepted. */
export const PROMOTION_HOLDING_STATES = [...OPEN_ORDER_STATES, ...ACCEPTED_ORDER_STATES];

/**
 * The promotion lines the buyer's document already holds, counted only when a line of the cart is on a
 * capped promotion its terms name (else 0, and no query).
 */
async function promotionsUsed(
  app: FastifyInstance,
  db: Db,
  cart: CartRow | null,
  lines: ReadonlyArray<Pick<repo.CartLineRow, 'type' | 'itemId' | 'isPortability'>>,
  plans: Map<string, repo.PlanInfoRow>,
): Promise<number> {
  const capped = lines.some((l) => {
    const plan = l.type === 'plan' ? plans.get(l.itemId) : undefined;
    return plan && plan.discountPerDocument !== null && lineOffer(promotionTermsOf(plan), lineKindOfCartLine(l), 0) !== null;
  });
  if (!capped) return 0;
  return promotionLinesOfDocument(db, await buyerDocumentOf(app, db, cart), PROMOTION_HOLDING_STATES);
}

/**
 * The price a line's `shownPrice` is compared with (the re-check, the customer's acceptance): what the
 * customer chose it by. A phone's unit price; a plan's monthly price, since its SIM card costs the same
 * for every plan and the card offers the plan by the month.
 */
function comparedPrice(item: Pick<CartItemView, 'type' | 'price' | 'monthlyPrice'>): number {
  return item.type === 'plan' ? item.monthlyPrice : item.price;
}

/**
 * The cart as its responses carry it (SPEC §3 "Order line", §7 cart responses); `read` and `readSkus`
 * are its lines and their products when the caller already read them (under its lock), `used` the
 * promotion lines the buyer's document holds when the caller counted them (under the document's lock).
 */
export async function cartView(
  app: FastifyInstance,
  cart: CartRow | null,
  signedIn: boolean,
  db: Db = app.db,
  read?: repo.CartLineRow[],
  readSkus?: Map<string, repo.SkuInfo>,
  used?: number,
): Promise<CartView> {
  const lines = read ?? (cart ? await repo.cartLinesOf(db, cart.id) : []);
  const equipment = lines.filter((l) => l.type === 'equipment');
  const [skus, plans, ins, campaigns] = await Promise.all([
    readSkus ??
      repo.skuInfo(
        db,
        equipment.map((l) => l.itemId),
      ),
    repo.planInfo(db, planIdsOf(lines)),
    repo.insuranceInfo(db, [...new Set(lines.flatMap((l) => l.insurances))]),
    campaignsOf(db, lines),
  ]);
  const now = new Date();
  const promotionLines = used ?? (await promotionsUsed(app, db, cart, lines, plans));
  // a phone sold with a {brand}Blue plan is on the Blue program (SPEC §3 order line rentalType), as the financing check reads it
  const blueRental = `${app.market.brand}Blue`;
  const bluePlanIds = lines.filter((l) => l.type === 'plan' && plans.get(l.itemId)?.rentalType === blueRental).map((l) => l.itemId);
  const withBluePlan = bluePlanIds.length > 0;
  const financed = lines.filter((l) => l.type === 'equipment' && l.quotasValue !== null);
  const blueOptions = financed.length
    ? await blueOptionsByProduct(
        db,
        financed.map((l) => skus.get(l.itemId)?.productId ?? ''),
      )
    : new Map<string, BlueOption[]>();
  const items: CartItemView[] = [];
  for (const l of lines) {
    // the chosen installments of a Blue phone, while the cart holds one Blue plan that offers them
    const sku = l.type === 'equipment' ? skus.get(l.itemId) : undefined;
    const option =
      sku && l.quotasValue !== null && bluePlanIds.length === 1
        ? blueOptionOf(blueOptions.get(sku.productId) ?? [], bluePlanIds[0]!, l.quotasValue)
        : undefined;
    const insurances = l.insurances
      .map((id) => ins.get(id))
      .filter((x) => !!x)
      .map((x) => {
        const monthlyValue = insuranceMonthlyOnLine(x.id, x.monthlyValue, !!option);
        return { id: x.id, displayName: x.displayName, monthlyValue, included: monthlyValue !== x.monthlyValue };
      });
    const insuranceMonthly = insurances.reduce((s, x) => s + x.monthlyValue, 0);
    const common = {
      id: l.itemId,
      productOfferingID: l.itemId,
      quantity: l.quantity,
      shownPrice: l.shownPrice,
      insurances,
      insuredPhoneNumber: l.insuredPhoneNumber,
      campaignID: l.campaignId,
      isPortability: l.isPortability,
      billing_email: l.billingEmail,
      billing_msisdn: l.billingMsisdn,
      renewal: l.renewal,
    };
    if (l.type === 'plan') {
      const plan = plans.get(l.itemId);
      if (!plan) continue;
      // the plan is billed from next month; its SIM card is paid now
      const sim = SIM_CARD_PRICE[app.market.currency];
      const planLine = {
        planPhoneNumber: l.isPortability && cart ? await app.cartPortability.numberOf(db, cart.id, l.itemId) : null,
        planSN: null,
        rentalType: plan.rentalType,
        data: plan.data,
        voice: plan.voice,
        sms: plan.sms,
      };
      // billed from the first bill at the contract's first month's price: the promotion's only when its
      // terms name this line (a portability promotion is for port-in lines) and the document has one left
      const offer = lineOffer(promotionTermsOf(plan), lineKindOfCartLine(l), promotionLines);
      const promotion = offer && { ...offer, perDocument: plan.discountPerDocument };
      items.push({
        ...common,
        ...planLine,
        type: 'plan',
        itemType: commerceItemType({ type: 'plan', campaign: false, planInCart: true }),
        name: plan.commerceName,
        planName: plan.planName,
        productId: null,
        color: null,
        storage: null,
        images: [],
        price: sim,
        monthlyPrice: firstMonthPrice(offerTerms(plan.price, promotion)),
        listMonthlyPrice: plan.price,
        promotion,
        lineTotal: sim * l.quantity,
        stock: null,
      });
      continue;
    }
    if (!sku) continue;
    // a campaign price holds only while the campaign runs and the cart has its plan: otherwise the re-check shows the change
    const percent = l.campaignId ? campaignDiscount(campaigns.get(l.campaignId), { productId: sku.productId }, planIdsOf(lines), now) : 0;
    // a Blue phone costs its initial quota today and its monthly quota with the plan; one whose option is gone
    // (its plan left the cart) is priced in full, which the re-check shows against the quota the customer saw
    const price = option ? option.initialQuota : discounted(cardPrice(sku, l.renewal), percent);
    items.push({
      ...common,
      type: 'equipment',
      itemType: commerceItemType({ type: 'equipment', productKind: sku.kind, campaign: l.campaignId !== null, planInCart: planIdsOf(lines).length > 0 }),
      name: sku.name,
      productId: sku.productId,
      color: sku.color,
      storage: sku.storage,
      images: sku.images,
      price,
      monthlyPrice: insuranceMonthly + (option?.quotas ?? 0),
      lineTotal: price * l.quantity,
      stock: sku.stock,
      rentalType: withBluePlan && sku.kind === 'phone' ? blueRental : 'regular',
      planPhoneNumber: l.planPhoneNumber,
      // phone, refurbished or accessory: the phone purchase's steps and insurance offer follow it
      productKind: sku.kind,
      quotasValue: option?.quotasValue ?? null,
      initialQuota: option?.initialQuota ?? null,
      quotas: option?.quotas ?? null,
      equipmentValue: option?.equipmentValue ?? null,
    });
  }
  const deliveryType = (cart?.deliveryType ?? null) as DeliveryType | null;
  const totals = cartTotals(
    items.map((i) => ({ quantity: i.quantity, unitPrice: i.price, monthlyPrice: i.monthlyPrice })),
    app.market.currency,
    deliveryType,
  );
  // a plan has no stock to run short of
  const issues = recheckLines(
    items.map((i) => ({ itemId: i.id, quantity: i.quantity, shownPrice: i.shownPrice, currentPrice: comparedPrice(i), stock: i.stock ?? i.quantity })),
  );
  return {
    shoppingCartID: cart?.token.slice(0, 12) ?? '',
    items,
    ...totals,
    currency: app.market.currency,
    isPortability: items.some((i) => i.isPortability),
    status: {
      portabilityReady: await app.cartPortability.ready(
        db,
        cart?.id ?? 0,
        items.filter((i) => i.isPortability).map((i) => i.id),
      ),
      registrationReady: signedIn || !!cart?.guest,
      signedIn,
    },
    shippingInfo: { deliveryType, addressId: cart?.addressId ?? null, storeId: cart?.storeId ?? null, consignee: cart?.consignee ?? null },
    issues,
  };
}

export interface AddLine {
  type: LineType;
  id: string;
  quantity: number;
  campaignID?: string;
  isPortability?: boolean;
  billing_email?: string;
  billing_msisdn?: string;
  insurances?: string[];
  /** The price the page showed (a phone's unit price, a plan's monthly price); when sent, a different price today refuses the add (never a silent change). */
  price?: number;
  /** A renewal (the renewal catalogue's visit): the renewal cash price, for a signed-in customer, one phone. */
  renewal?: boolean;
  /** A renewal's line (SPEC §3 planPhoneNumber): one of the customer's own eligible lines; without it, the only eligible one. */
  planPhoneNumber?: string;
  /** A Blue phone's installments (SPEC §3 quotasValue), with the initial quota the page showed: both must be the catalogue's. */
  quotasValue?: number;
  initialQuota?: number;
}

/** Who adds, as the insurance rule needs it: signed in or not, and the own line an insurance would cover. */
export interface AddContext {
  signedIn: boolean;
  customerId: number | null;
  insuredPhoneNumber?: string | null;
}

/** Throws the over-order / stock error of SPEC §8 with its type in the envelope fields. */
function ruleError(key: string, itemId: string): AppError {
  const type = overOrderErrorType(key);
  const status = key === CartErrorKeys.invalidQuantity ? 400 : 409;
  return new AppError(key, status, { fields: { overOrderErrorType: type, productOfferingID: itemId } });
}

/**
 * Checks that a line may carry `ids` as insurances (SPEC §4 exclusions, §6 who is offered them) and
 * throws the refusal: unknown ids, a product or buyer the offer is not for, excluded pairs.
 */
export function assertInsurances(
  app: FastifyInstance,
  ids: ReadonlyArray<string>,
  catalogue: ReadonlyArray<{ id: string; exclusions: string[] }>,
  line: { productKind: string; withPlan: boolean; signedIn: boolean },
): void {
  if (!ids.length) return;
  const known = new Set(catalogue.map((i) => i.id));
  if (ids.some((id) => !known.has(id)))
    throw new AppError('pp.error.cart.insurance', 400, { fieldErrors: { insurances: ['product.error.insurance.unknown'] } });
  const refused = insuranceLineError(line, app.market);
  if (refused) throw new AppError(refused, 409, { fieldErrors: { insurances: [refused] } });
  // the same exclusion rule as the checkboxes (SPEC §4), so a crafted request cannot combine excluded covers
  const insuranceErrors = insuranceChoiceErrors(ids, catalogue);
  if (insuranceErrors.length) throw new AppError(ErrorKeys.validation, 400, { fieldErrors: { insurances: insuranceErrors } });
}

/** Units the warehouse can sell per sku; an unreachable warehouse is the SPEC §8 integration error. */
export async function availability(app: FastifyInstance, skuIds: string[]): Promise<Map<string, number>> {
  try {
    return await app.adapters.inventory.availability(skuIds);
  } catch (error) {
    if (!(error instanceof InventoryUnavailable)) app.log.error({ err: error }, 'inventory availability failed');
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
}

/**
 * Adds lines (quantities add up), all or nothing, under the cart's row lock. A phone sold with a plan
 * (a plan line in the same request, or a campaign line) may carry insurances for anyone; a phone alone
 * only for a signed-in customer of a market that offers it; an accessory never.
 */
export async function addLines(app: FastifyInstance, cart: CartRow, add: AddLine[], context: AddContext): Promise<void> {
  const db = app.db;
  const skuIds = add.filter((a) => a.type === 'equipment').map((a) => a.id);
  const planIds = add.filter((a) => a.type === 'plan').map((a) => a.id);
  const [skus, plans] = await Promise.all([repo.skuInfo(db, skuIds), repo.planInfo(db, planIds)]);
  const blueOptionByLine = await checkBlueLines(app, cart, add, skus, plans);
  const ins = await repo.insuranceInfo(db, [...new Set(add.flatMap((a) => insurancesOf(a, blueOptionByLine)))]);
  const withPlan = planIds.length > 0;
  const renewedLines = new Map<string, string>();
  const campaigns = await campaignsOf(
    db,
    add.map((a) => ({ campaignId: a.campaignID ?? null })),
  );
  // one plan per cart: the plan a campaign line goes with is this request's or the one already in the cart
  const cartPlanIds = add.some((a) => a.campaignID) ? [...planIds, ...planIdsOf(await repo.cartLinesOf(db, cart.id))] : [];
  const now = new Date();
  // checked below before any price is taken: a line's campaign runs, holds the phone and has its plan in the cart
  const campaignPercent = (a: AddLine) => (a.campaignID ? (campaigns.get(a.campaignID)?.discountPercentage ?? 0) : 0);
  // a plan's first month as this line gets it: its promotion only for the lines its terms name, while the document has one left
  const planLines = add
    .filter((a) => a.type === 'plan' && plans.has(a.id))
    .map((a) => ({ type: a.type, itemId: a.id, isPortability: a.isPortability ?? false }));
  const used = planLines.length ? await promotionsUsed(app, db, cart, planLines, plans) : 0;
  const planPrice = (a: AddLine) => {
    const plan = plans.get(a.id)!;
    return firstMonthPrice(offerTerms(plan.price, lineOffer(promotionTermsOf(plan), lineKindOfCartLine({ isPortability: a.isPortability ?? false }), used)));
  };
  for (const a of add) {
    if (a.type === 'equipment' ? !skus.has(a.id) : !plans.has(a.id))
      throw new AppError(CartErrorKeys.unknownItem, 404, { fields: { productOfferingID: a.id } });
    const ids = insurancesOf(a, blueOptionByLine);
    const productKind = a.type === 'plan' ? 'plan' : skus.get(a.id)!.kind;
    // a Blue phone goes with its Blue plan (this request's or the cart's, checkBlueLines): sold with a plan
    assertInsurances(app, ids, [...ins.values()], {
      productKind,
      withPlan: withPlan || !!a.campaignID || blueOptionByLine.has(a.id),
      signedIn: context.signedIn,
    });
    if (a.campaignID) {
      const refused = campaignLineError(campaigns.get(a.campaignID), { productId: skus.get(a.id)?.productId ?? null }, cartPlanIds, now);
      if (refused) throw new AppError(refused, 409, { fields: { productOfferingID: a.id } });
    }
    const sku = skus.get(a.id);
    if (a.renewal) {
      const refused = renewalLineError({
        type: a.type,
        productRenewal: sku?.productRenewal ?? false,
        signedIn: context.signedIn,
        withPlan,
        campaign: !!a.campaignID,
        quantityAfter: a.quantity,
      });
      if (refused) throw new AppError(refused, 409, { fields: { productOfferingID: a.id } });
      // the line renewed: the customer's own, eligible today (SPEC §9), else its refusal
      renewedLines.set(a.id, await app.addLineGuards.renewalLine(context.customerId!, a.planPhoneNumber));
    }
    if (a.price !== undefined) {
      const blue = blueOptionByLine.get(a.id);
      const today = blue ? blue.initialQuota : sku ? discounted(cardPrice(sku, a.renewal ?? false), campaignPercent(a)) : planPrice(a);
      if (a.price !== today) throw priceChanged(app.market.currency, a.id, today);
    }
  }
  const stock = await availability(app, skuIds);
  await db.transaction(async (tx) => {
    await repo.lockCart(tx, cart.id);
    const existing = await repo.cartLinesOf(tx, cart.id);
    let state = existing.map(toState);
    for (const a of add) {
      const line: CartLineState = { type: a.type, itemId: a.id, quantity: 0 };
      if (!Number.isInteger(a.quantity) || a.quantity < 1) throw ruleError(CartErrorKeys.invalidQuantity, a.id);
      line.quantity = quantityAfterAdd(state, { ...line, quantity: a.quantity });
      const sku = skus.get(a.id);
      // a renewal line stays one renewed phone: adding the same phone again (renewal or not) is refused
      const renewal = (a.renewal ?? false) || existing.some((l) => l.type === a.type && l.itemId === a.id && l.renewal);
      const renewedLine = renewedLines.get(a.id) ?? null;
      if (renewal) {
        // one renewal per customer line: another phone already renewing it is refused
        const lineInCart = renewedLine !== null && existing.some((l) => l.renewal && l.planPhoneNumber === renewedLine && l.itemId !== a.id);
        const refused = renewalLineError({
          type: a.type,
          productRenewal: sku?.productRenewal ?? false,
          signedIn: context.signedIn,
          withPlan,
          campaign: !!a.campaignID,
          quantityAfter: line.quantity,
          lineInCart,
        });
        if (refused)
          throw new AppError(refused, 409, {
            params: renewedLine ? renewalTextParams(renewedLine, null, app.market.site, app.market.timeZone) : {},
            fields: { productOfferingID: a.id },
          });
      }
      const result = setLineQuantity(state, line, sku ? (stock.get(a.id) ?? 0) : null);
      if (!result.ok) throw ruleError(result.error, a.id);
      state = result.lines;
      const insurances = insurancesOf(a, blueOptionByLine);
      const blue = blueOptionByLine.get(a.id);
      // a Blue phone is one phone on installments: adding it again does not make two
      if (blue && line.quantity !== 1) throw new AppError(BlueErrorKeys.withoutPlan, 409, { fields: { productOfferingID: a.id } });
      await repo.upsertLine(tx, {
        cartId: cart.id,
        type: a.type,
        itemId: a.id,
        quantity: line.quantity,
        quotasValue: blue?.quotasValue ?? null,
        shownPrice: blue ? blue.initialQuota : sku ? discounted(cardPrice(sku, renewal), campaignPercent(a)) : planPrice(a),
        insurances,
        insuredPhoneNumber: insurances.length ? (context.insuredPhoneNumber ?? null) : null,
        campaignId: a.campaignID ?? null,
        isPortability: a.isPortability ?? false,
        billingEmail: a.billing_email ?? null,
        billingMsisdn: a.billing_msisdn ?? null,
        renewal,
        planPhoneNumber: renewedLine,
      });
    }
    await repo.bumpCart(tx, cart.id);
  });
}

/** A line's insurances: on a Blue phone the program's own protection is always there (SPEC §9, included at 0). */
function insurancesOf(a: AddLine, blue: ReadonlyMap<string, BlueOption>): string[] {
  const chosen = a.insurances ?? [];
  return blue.has(a.id) && !chosen.includes(BLUE_INCLUDED_INSURANCE) ? [...chosen, BLUE_INCLUDED_INSURANCE] : chosen;
}

/**
 * The Blue option of each phone line asking for installments, checked against the catalogue (SPEC §3
 * {product}BlueInfo): a Blue phone with the one Blue plan of this request or the cart, an installment
 * count that plan offers, and the initial quota the page showed. Anything else is refused, nothing added.
 */
async function checkBlueLines(
  app: FastifyInstance,
  cart: CartRow,
  add: AddLine[],
  skus: Map<string, repo.SkuInfo>,
  plans: Map<string, { id: string; rentalType: string }>,
): Promise<Map<string, BlueOption>> {
  const out = new Map<string, BlueOption>();
  const asked = add.filter((a) => a.quotasValue !== undefined || a.initialQuota !== undefined);
  if (!asked.length) return out;
  const blueRental = `${app.market.brand}Blue`;
  const inCart = await repo.planInfo(app.db, planIdsOf(await repo.cartLinesOf(app.db, cart.id)));
  const bluePlanIds = [...new Set([...plans.values(), ...inCart.values()].filter((p) => p.rentalType === blueRental).map((p) => p.id))];
  const options = await blueOptionsByProduct(
    app.db,
    asked.map((a) => skus.get(a.id)?.productId ?? ''),
  );
  for (const a of asked) {
    const sku = a.type === 'equipment' ? skus.get(a.id) : undefined;
    if (!sku || a.quotasValue === undefined)
      throw new AppError(BlueErrorKeys.withoutPlan, 400, { fields: { productOfferingID: a.id }, fieldErrors: { quotasValue: [BlueErrorKeys.withoutPlan] } });
    const refused = blueLineError({
      blueProduct: sku.pageType === `${app.market.brand}-blue`,
      bluePlanIds,
      options: options.get(sku.productId) ?? [],
      quotasValue: a.quotasValue,
      initialQuota: a.initialQuota,
      quantity: a.quantity,
    });
    if (refused) {
      const field = refused === BlueErrorKeys.initialQuota ? 'initialQuota' : 'quotasValue';
      throw new AppError(refused, refused === BlueErrorKeys.withoutPlan ? 409 : 400, {
        fields: { productOfferingID: a.id },
        fieldErrors: { [field]: [refused] },
      });
    }
    out.set(a.id, blueOptionOf(options.get(sku.productId)!, bluePlanIds[0]!, a.quotasValue)!);
  }
  return out;
}

/** Sets one line's quantity (the stepper); the line must exist. */
export async function changeQuantity(app: FastifyInstance, cart: CartRow, itemId: string, quantity: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    await repo.lockCart(tx, cart.id);
    const lines = await repo.cartLinesOf(tx, cart.id);
    const line = lines.find((l) => l.itemId === itemId);
    if (!line) throw new AppError(CartErrorKeys.unknownItem, 404, { fields: { productOfferingID: itemId } });
    if (line.renewal && quantity > RENEWAL_MAX_QUANTITY) throw new AppError(RenewalErrorKeys.quantity, 409, { fields: { productOfferingID: itemId } });
    // a Blue phone is one phone on one plan's installments
    if (line.quotasValue !== null && quantity > 1) throw new AppError(BlueErrorKeys.withoutPlan, 409, { fields: { productOfferingID: itemId } });
    const stock = line.type === 'equipment' ? ((await repo.skuInfo(tx, [itemId])).get(itemId)?.stock ?? 0) : null;
    // lowering a quantity is always allowed (it only helps); raising one must fit stock and limits
    const result = setLineQuantity(lines.map(toState), { type: line.type as LineType, itemId, quantity }, quantity <= line.quantity ? null : stock);
    if (!result.ok) throw ruleError(result.error, itemId);
    await repo.setLineQuantity(tx, cart.id, itemId, quantity);
    await repo.bumpCart(tx, cart.id);
  });
}

export async function removeLine(app: FastifyInstance, cart: CartRow, itemId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    await repo.lockCart(tx, cart.id);
    if (!(await repo.deleteLine(tx, cart.id, itemId))) throw new AppError(CartErrorKeys.unknownItem, 404, { fields: { productOfferingID: itemId } });
    await repo.bumpCart(tx, cart.id);
  });
}

/** The customer saw the re-check and accepts today's prices. */
export async function acceptPrices(app: FastifyInstance, cart: CartRow, view: CartView): Promise<void> {
  const prices = new Map(view.items.map((i) => [i.id, comparedPrice(i)]));
  await app.db.transaction(async (tx) => {
    await repo.lockCart(tx, cart.id);
    await repo.acceptShownPrices(tx, cart.id, prices);
    await repo.bumpCart(tx, cart.id);
  });
}

/** The visitor's cart for a call that needs one; without a cart the answer sends them back to it. */
export async function requireCurrentCart(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<CartRow> {
  const cart = await currentCart(app, req, reply, false);
  if (!cart) throw new AppError(CartErrorKeys.emptyCart, 409, { fields: { redirectRUL: '/carrito-compra' } });
  return cart;
}
