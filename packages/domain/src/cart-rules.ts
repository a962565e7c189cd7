/**
 * Cart rules (SPEC §4 "Quantities", §5 "Cart", §8 over-order errors): quantity limits, what an add
 * or a quantity change may do, and the totals the cart shows. Money is integer minor units.
 */
import { ErrorKeys } from './error-keys.ts';
import { canAddQuantity } from './quantities.ts';
import { PLAN_LINE_QUANTITY, planEventQuantity } from './plans.ts';

/** Most units of one sku in a cart. */
export const MAX_QUANTITY_PER_ITEM = 3;
/** Most units of all products in one order. */
export const MAX_PRODUCTS_PER_ORDER = 10;
/** Plans per cart. */
export const MAX_PLANS_PER_CART = 1;

export type LineType = 'equipment' | 'plan';

export interface CartLineState {
  type: LineType;
  /** sku id for equipment, plan id for a plan. */
  itemId: string;
  quantity: number;
}

/** The products a line counts for in the order (SPEC §3): a `multi_` plan is two lines, so 2 per unit. */
export function lineUnits(line: Pick<CartLineState, 'type' | 'itemId' | 'quantity'>): number {
  return line.type === 'plan' ? line.quantity * planEventQuantity(line.itemId) : line.quantity;
}

/** SPEC §3 `commerceItems` item types: a plan ships as a SIM card; a phone sold with a plan is a bundle. */
export type CommerceItemType = 'simcard' | 'equipment' | 'equipment-bundle';

export function commerceItemType(line: { type: LineType; productKind?: string | null; campaign: boolean; planInCart: boolean }): CommerceItemType {
  if (line.type === 'plan') return 'simcard';
  const phone = line.productKind === 'phone' || line.productKind === 'refurbished';
  return phone && (line.campaign || line.planInCart) ? 'equipment-bundle' : 'equipment';
}

export const CartErrorKeys = {
  outOfStock: 'pp.error.cart.out.of.stock',
  unknownItem: 'pp.error.cart.item.not.found',
  invalidQuantity: 'pp.error.cart.quantity',
  emptyCart: 'pp.error.cart.empty',
} as const;

export type CartRuleError =
  | typeof ErrorKeys.maxQuantity
  | typeof ErrorKeys.maxProductsPerOrder
  | typeof ErrorKeys.hasPlanInCart
  | typeof CartErrorKeys.invalidQuantity
  | typeof CartErrorKeys.outOfStock;

/**
 * The lines after setting `itemId` to `quantity` units (replacing or adding a line), or the error
 * key of the first rule it breaks: quantity ≥ 1, at most {@link MAX_QUANTITY_PER_ITEM} per item, at
 * most {@link MAX_PRODUCTS_PER_ORDER} units per order, one plan per cart, and no more than `stock`.
 */
export function setLineQuantity(
  lines: ReadonlyArray<CartLineState>,
  line: CartLineState,
  stock: number | null,
): { ok: true; lines: CartLineState[] } | { ok: false; error: CartRuleError } {
  if (!canAddQuantity(line.quantity)) return { ok: false, error: CartErrorKeys.invalidQuantity };
  const same = (l: CartLineState) => l.type === line.type && l.itemId === line.itemId;
  const others = lines.filter((l) => !same(l));
  if (line.type === 'plan' && (line.quantity > PLAN_LINE_QUANTITY || others.filter((l) => l.type === 'plan').length >= MAX_PLANS_PER_CART)) {
    return { ok: false, error: ErrorKeys.hasPlanInCart };
  }
  if (line.quantity > MAX_QUANTITY_PER_ITEM) return { ok: false, error: ErrorKeys.maxQuantity };
  const units = others.reduce((n, l) => n + lineUnits(l), 0) + lineUnits(line);
  if (units > MAX_PRODUCTS_PER_ORDER) return { ok: false, error: ErrorKeys.maxProductsPerOrder };
  if (stock !== null && line.quantity > stock) return { ok: false, error: CartErrorKeys.outOfStock };
  const index = lines.findIndex(same);
  const next = [...lines];
  if (index >= 0) next[index] = { ...line };
  else next.push({ ...line });
  return { ok: true, lines: next };
}

/** The quantity an add leads to: what the cart holds plus what is added. */
export function quantityAfterAdd(lines: ReadonlyArray<CartLineState>, line: CartLineState): number {
  const existing = lines.find((l) => l.type === line.type && l.itemId === line.itemId);
  return (existing?.quantity ?? 0) + line.quantity;
}

/**
 * Lines of an anonymous cart merged into the customer's cart at sign-in: every line survives; the
 * same item adds up, kept within the per-item limit (the customer sees the capped line, nothing
 * silently disappears).
 */
export function mergeCartLines(target: ReadonlyArray<CartLineState>, source: ReadonlyArray<CartLineState>): CartLineState[] {
  const merged = target.map((l) => ({ ...l }));
  for (const line of source) {
    const found = merged.find((l) => l.type === line.type && l.itemId === line.itemId);
    const cap = line.type === 'plan' ? PLAN_LINE_QUANTITY : MAX_QUANTITY_PER_ITEM;
    if (found) found.quantity = Math.min(cap, found.quantity + line.quantity);
    else merged.push({ ...line, quantity: Math.min(cap, line.quantity) });
  }
  return merged;
}

export interface PricedLine {
  quantity: number;
  /** Price of one unit now. */
  unitPrice: number;
  /** Charged next month per unit (insurances, plans). */
  monthlyPrice: number;
  pointsUsed?: number;
}

/** What one way of delivery costs and the total it makes. */
export interface DeliveryQuote {
  deliveryPrice: number;
  totalPrice: number;
}

export interface CartTotals {
  subTotalPrice: number;
  /** The chosen way of delivery (null: not chosen yet, so `deliveryPrice` is not known and counts 0). */
  deliveryType: DeliveryType | null;
  deliveryPrice: number;
  totalPrice: number;
  /** What each way would cost: shown before the customer chooses, by the rule that charges it. */
  deliveryOptions: Record<DeliveryType, DeliveryQuote>;
  nextMonthPrice: number;
  totalPointUsed: number;
  itemCount: number;
}

/** Home delivery fee and the subtotal from which it is free, per currency (minor units). */
export const DELIVERY_FEES: Readonly<Record<'CLP' | 'PEN', { fee: number; freeFrom: number }>> = {
  CLP: { fee: 3990, freeFrom: 50_000 },
  PEN: { fee: 1500, freeFrom: 20_000 },
};

export type DeliveryType = 'delivery' | 'storePickup';

/** Store pickup is free; home delivery costs the fee below the free-delivery subtotal. */
export function deliveryPrice(currency: 'CLP' | 'PEN', subTotal: number, type: DeliveryType | null): number {
  if (type !== 'delivery' || subTotal === 0) return 0;
  const { fee, freeFrom } = DELIVERY_FEES[currency];
  return subTotal >= freeFrom ? 0 : fee;
}

/** Each way of delivery's price and the total it makes with this subtotal ({@link deliveryPrice}). */
export function deliveryOptions(currency: 'CLP' | 'PEN', subTotal: number): Record<DeliveryType, DeliveryQuote> {
  const quote = (type: DeliveryType) => {
    const fee = deliveryPrice(currency, subTotal, type);
    return { deliveryPrice: fee, totalPrice: subTotal + fee };
  };
  return { delivery: quote('delivery'), storePickup: quote('storePickup') };
}

/** The cart's totals (SPEC §3: all default 0). */
export function cartTotals(lines: ReadonlyArray<PricedLine>, currency: 'CLP' | 'PEN', delivery: DeliveryType | null): CartTotals {
  const subTotalPrice = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const nextMonthPrice = lines.reduce((s, l) => s + l.monthlyPrice * l.quantity, 0);
  const totalPointUsed = lines.reduce((s, l) => s + (l.pointsUsed ?? 0), 0);
  const fee = deliveryPrice(currency, subTotalPrice, delivery);
  return {
    subTotalPrice,
    deliveryType: delivery,
    deliveryPrice: fee,
    totalPrice: subTotalPrice + fee,
    deliveryOptions: deliveryOptions(currency, subTotalPrice),
    nextMonthPrice,
    totalPointUsed,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
  };
}

export interface RecheckInput {
  itemId: string;
  quantity: number;
  /** What the cart showed when the line was added or last accepted. */
  shownPrice: number;
  currentPrice: number;
  stock: number;
}

export interface RecheckIssue {
  itemId: string;
  kind: 'price' | 'stock';
  shownPrice: number;
  currentPrice: number;
  quantity: number;
  stock: number;
}

/** The price and stock re-check at checkout: every changed price and every line short of stock. */
export function recheckLines(lines: ReadonlyArray<RecheckInput>): RecheckIssue[] {
  const issues: RecheckIssue[] = [];
  for (const l of lines) {
    const base = { itemId: l.itemId, shownPrice: l.shownPrice, currentPrice: l.currentPrice, quantity: l.quantity, stock: l.stock };
    if (l.stock < l.quantity) issues.push({ ...base, kind: 'stock' });
    if (l.currentPrice !== l.shownPrice) issues.push({ ...base, kind: 'price' });
  }
  return issues;
}
