/**
 * Equipment sale page rules (SPEC §2 "Equipment sale page", §3 catalogue record and equipment product,
 * §6 insurance offer, §9 Peru's 18 interest-free installments): price block, product addresses, the
 * blue-rental redirect, display-property order and the insurance choice.
 */
import type { Market } from './market.ts';
import { formatMoney } from './money.ts';

export interface Amount {
  amount: number;
  formatted: string;
}

export interface PriceBlock {
  /** Cash price shown big. */
  price: Amount;
  /** Normal price, struck through; only when higher than the price. */
  reference: Amount | null;
  /** Installment offer: count × amount; `interestFree` where the market sells without interest (Peru). */
  installments: { count: number; amount: Amount; interestFree: boolean } | null;
}

export interface SkuPrices {
  listPrice: number;
  referencePrice: number;
  priceContadoRN: number;
  referencePriceContadoRN: number;
  installmentPriceRN: number;
  installments: number;
}

/**
 * The price block of a sku. The renewal catalogue shows the renewal cash price (priceContadoRN, with
 * referencePriceContadoRN and installmentPriceRN); every other list the list price and reference price.
 * The installment count is the market's fixed one (Peru 18) or the sku's; the monthly amount is the
 * price split evenly, rounded up to a whole minor unit so the installments never add up to less.
 */
export function priceBlock(sku: SkuPrices, market: Pick<Market, 'currency' | 'equipmentInstallments'>, renewal = false): PriceBlock {
  const money = (amount: number): Amount => ({ amount, formatted: formatMoney(amount, market.currency) });
  const price = renewal ? sku.priceContadoRN : sku.listPrice;
  const reference = renewal ? sku.referencePriceContadoRN : sku.referencePrice;
  const count = market.equipmentInstallments ?? sku.installments;
  const monthly = renewal && count === sku.installments ? sku.installmentPriceRN : Math.ceil(price / count);
  return {
    price: money(price),
    reference: reference > price ? money(reference) : null,
    installments: count > 1 ? { count, amount: money(monthly), interestFree: market.equipmentInstallments !== null } : null,
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
