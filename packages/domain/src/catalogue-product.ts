/**
 * Equipment sale page rules (SPEC §2 "Equipment sale page", §3 catalogue record and equipment product,
 * §6 insurance offer, §9 Peru's 18 interest-free installments): price block, product addresses, the
 * blue-rental redirect, display-property order and the insurance choice.
 */
import type { Market } from './market.ts';
import { formatMoney } from './money.ts';
import { installmentAmount, installmentPlan } from './card-installments.ts';

export interface Amount {
  amount: number;
  formatted: string;
}

export interface PriceBlock {
  /** Cash price shown big. */
  price: Amount;
  /** Normal price, struck through; only when higher than the price. */
  reference: Amount | null;
  /** Installment offer without interest (card-installments.ts): each installment, the last one, and the total cost (the price). */
  installments: { count: number; amount: Amount; last: Amount; totalCost: Amount } | null;
}

export interface SkuPrices {
  listPrice: number;
  referencePrice: number;
  priceContadoRN: number;
  referencePriceContadoRN: number;
  installments: number;
}

/** How many installments a sku is sold in: the market's fixed count (Peru 18) or the sku's own. */
export function installmentCount(sku: Pick<SkuPrices, 'installments'>, market: Pick<Market, 'equipmentInstallments'>): number {
  return market.equipmentInstallments ?? sku.installments;
}

/** SPEC §3 installmentPriceRN: the renewal cash price in the sku's installments. */
export function renewalInstallment(sku: Pick<SkuPrices, 'priceContadoRN' | 'installments'>, market: Pick<Market, 'equipmentInstallments'>): number {
  return installmentAmount(sku.priceContadoRN, installmentCount(sku, market));
}

/** The price a list shows (and sorts and filters by): the renewal cash price in the renewal list, else the list price. */
export function cardPrice(sku: Pick<SkuPrices, 'listPrice' | 'priceContadoRN'>, renewal: boolean): number {
  return renewal ? sku.priceContadoRN : sku.listPrice;
}

/**
 * The price block of a sku. The renewal catalogue shows the renewal cash price (priceContadoRN, with
 * referencePriceContadoRN and installmentPriceRN); every other list the list price and reference price.
 */
export function priceBlock(sku: SkuPrices, market: Pick<Market, 'currency' | 'equipmentInstallments'>, renewal = false): PriceBlock {
  const money = (amount: number): Amount => ({ amount, formatted: formatMoney(amount, market.currency) });
  const price = cardPrice(sku, renewal);
  const reference = renewal ? sku.referencePriceContadoRN : sku.referencePrice;
  const plan = installmentPlan(price, installmentCount(sku, market));
  return {
    price: money(price),
    reference: reference > price ? money(reference) : null,
    installments: plan ? { count: plan.count, amount: money(plan.amount), last: money(plan.last), totalCost: money(plan.totalCost) } : null,
  };
}

export const PRODUCT_PATHS = {
  equipment: '/personas/producto/Equipos/',
  blueRental: '/personas/producto/Equipos/arriendo-blue/',
  accessory: '/personas/producto/accesorios/',
} as const;

/** The product page address of a product kind (phones and refurbished under Equipos). */
export function productPath(kind: string, productId: string): string {
  const base = kind === 'accessory' ? PRODUCT_PATHS.accessory : PRODUCT_PATHS.equipment;
  return `${base}${encodeURIComponent(productId)}`;
}

/**
 * SPEC §2: an address on the blue-rental path whose product has no blue-rental info goes to the same
 * address on the generic product path (query kept). Null when no redirect is due.
 */
export function blueRentalRedirect(pathname: string, search: string, hasBlueInfo: boolean): string | null {
  if (!pathname.startsWith(PRODUCT_PATHS.blueRental) || hasBlueInfo) return null;
  return `${PRODUCT_PATHS.equipment}${pathname.slice(PRODUCT_PATHS.blueRental.length)}${search}`;
}

/** Display properties in page order: colour first (SPEC §2), then the rest in their given order. */
export function orderDisplayProperties<T extends { name: string }>(properties: ReadonlyArray<T>): T[] {
  const colour = (p: T) => /^(colou?r|color)$/i.test(p.name);
  return [...properties.filter(colour), ...properties.filter((p) => !colour(p))];
}

/** SPEC §6: the equipment-only insurance offer is for signed-in customers (securityStatus 4) of markets that offer it. */
export function insuranceOfferEligible(securityStatus: number | undefined, market: Pick<Market, 'insuranceForEquipmentOnly'>): boolean {
  return securityStatus === 4 && market.insuranceForEquipmentOnly;
}

/** Product kinds an insurance can cover: phones, new or refurbished (never accessories or plans). */
export const INSURABLE_KINDS: ReadonlyArray<string> = ['phone', 'refurbished'];

export const InsuranceErrorKeys = {
  /** Only phones are insured. */
  product: 'pp.error.cart.insurance.product',
  /** Equipment-only insurance outside the markets that offer it (Peru). */
  market: 'pp.error.cart.insurance.market',
  /** Equipment-only insurance needs a signed-in customer. */
  login: 'pp.error.cart.insurance.login',
} as const;

/**
 * The server's side of the insurance offer: may this cart line carry insurances? Accessories and plans never;
 * a phone sold with a plan (the phone-plan sale, both markets, anyone); a phone alone only where
 * {@link insuranceOfferEligible} would have offered it. Returns an error key, or null when allowed.
 */
export function insuranceLineError(
  line: { productKind: string; withPlan: boolean; signedIn: boolean },
  market: Pick<Market, 'insuranceForEquipmentOnly'>,
): string | null {
  if (!INSURABLE_KINDS.includes(line.productKind)) return InsuranceErrorKeys.product;
  if (line.withPlan) return null;
  if (!market.insuranceForEquipmentOnly) return InsuranceErrorKeys.market;
  return line.signedIn ? null : InsuranceErrorKeys.login;
}

export interface InsuranceRule {
  id: string;
  exclusions: ReadonlyArray<string>;
}

/**
 * Checks a chosen set of insurances against the catalogue: every id must exist, appear once, and no
 * two chosen may exclude each other (either side listing the other). Returns message keys, empty when valid.
 */
export function insuranceChoiceErrors(chosen: ReadonlyArray<string>, catalogue: ReadonlyArray<InsuranceRule>): string[] {
  const byId = new Map(catalogue.map((i) => [i.id, i]));
  const errors: string[] = [];
  if (new Set(chosen).size !== chosen.length) errors.push('product.error.insurance.duplicate');
  if (chosen.some((id) => !byId.has(id))) errors.push('product.error.insurance.unknown');
  const known = chosen.map((id) => byId.get(id)).filter((i): i is InsuranceRule => !!i);
  const clash = known.some((a, i) => known.slice(i + 1).some((b) => a.id !== b.id && (a.exclusions.includes(b.id) || b.exclusions.includes(a.id))));
  if (clash) errors.push('product.error.insurance.excluded');
  return errors;
}
