/** Shapes of the catalogue API answers the pages read (docs/api.md; the web never imports server code). */
import type { PriceBlock } from '@andes/domain/catalogue-product';
import type { CatalogueKind, CatalogueSort } from '@andes/domain/catalogue-query';

export interface CatalogueRecord {
  productId: string;
  skuId: string;
  url: string;
  image: string;
  brand: string;
  displayName: string;
  category: string;
  inStock: boolean;
  price: number;
  prices: PriceBlock;
}

export interface CatalogueList {
  kind: CatalogueKind;
  records: CatalogueRecord[];
  paging: { page: number; pageSize: number; totalRecords: number; totalPages: number };
  facets: { brands: string[]; categories: string[]; priceRange: { min: { formatted: string }; max: { formatted: string } } | null };
  query: { brands: string[]; category: string | null; minPrice: number | null; maxPrice: number | null; sort: CatalogueSort; page: number };
}

export interface ProductSku {
  id: string;
  color: string;
  colorHex: string;
  storage: string | null;
  images: string[];
  stock: number;
  inStock: boolean;
  listPrice: number;
  referencePrice: number;
  prices: PriceBlock;
  /** A phone sold for renewal: its renewal cash price and price block (null otherwise). */
  priceContadoRN: number | null;
  renewalPrices: PriceBlock | null;
}

/** `GET /restpp/equipments/prices/{id}`: today's price of each sku. */
export interface SkuPrice {
  skuId: string;
  listPrice: number;
  referencePrice: number;
  prices: PriceBlock;
  priceContadoRN: number;
  renewalPrices: PriceBlock | null;
}

/** `GET /restpp/equipments/ranges/{id}`. */
export interface PriceRange {
  min: { amount: number; formatted: string };
  max: { amount: number; formatted: string };
}

/** `GET /restpp/equipments/vepprices/{id}`: the Blue installment offers, amounts with their display. */
export interface VepPrice {
  planID: string;
  planName: string;
  quotasValue: number;
  initialQuota: { amount: number };
  quotas: { amount: number };
  equipmentValue: { amount: number };
}

export interface BlueOption {
  planID: string;
  planName: string;
  quotasValue: number;
  initialQuota: number;
  quotas: number;
  equipmentValue: number;
}

export interface EquipmentProduct {
  poID: string;
  kind: string;
  model: string;
  brand: string;
  displayName: string;
  category: string;
  description: string;
  specs: Record<string, string>;
  images: string[];
  listPrice: number;
  initialQuota: number;
  quotas: number;
  quotasValue: number;
  equipmentValue: number;
  pageType: string;
  /** Sold for renewal (listed in the renewal catalogue). */
  renewal: boolean;
  defaultSkuId: string;
  displayProperties: Array<{ name: string; values: Array<{ value: string; hex: string | null }> }>;
  skus: ProductSku[];
  [blueInfo: string]: unknown;
}

export interface Insurance {
  id: string;
  displayName: string;
  description: string;
  monthlyValue: number;
  monthlyValueFormatted: string;
  insuranceValidity: number;
  eventsNumber: number;
  deductibleCost: number;
  deductibleCost2: number;
  deductibleCostFormatted: string;
  info: string;
  exclusions: string[];
  enabled: boolean;
  checked: boolean;
}

export interface RelatedProduct {
  productId: string;
  skuId: string;
  productImage: string;
  displayName: string;
  brand: string;
  url: string;
  price: { amount: number; formatted: string };
}

/** `GET /restpp/order/renewal/lines`: the customer's lines, which may renew their phone and why not. */
export interface RenewalLines {
  lines: Array<{ phoneNumber: string; kind: string; planName: string | null; eligible: boolean; reason: string | null; renewableFrom: string | null; message: string | null }>;
  /** The only eligible line, chosen for the customer; null when they choose (or none may renew). */
  defaultPhoneNumber: string | null;
}
