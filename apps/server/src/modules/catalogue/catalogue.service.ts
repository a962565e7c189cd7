import type { FastifyInstance } from 'fastify';
import { applyCatalogueQuery, type CatalogueKind, type CatalogueQuery } from '@andes/domain/catalogue-query';
import { cardPrice, installmentCount, priceBlock, productPath, renewalInstallment, type PriceBlock } from '@andes/domain/catalogue-product';
import { installmentAmount } from '@andes/domain/card-installments';
import { normalizeInsurance } from '@andes/domain/insurance-selection';
import { RenewalErrorKeys, renewalProductPath } from '@andes/domain/renewal';
import { formatMoney } from '@andes/domain/money';
import type { Market } from '@andes/domain/market';
import { spanishCollator } from '@andes/domain/spanish-order';
import { AppError, notFound } from '../../http/errors.ts';
import {
  findProduct,
  findSku,
  listBlueOptions,
  listInsurances,
  listProductsWithSkus,
  listSiblings,
  type ListProduct,
  type ListSku,
  type ProductRow,
  type SkuRow,
} from './catalogue.repo.ts';
import { sharedRows } from '../../http/shared-rows.ts';

const RELATED_COUNT = 8;

const listRows = sharedRows<CatalogueKind, Awaited<ReturnType<typeof listProductsWithSkus>>>();
const productRows = sharedRows<string, Awaited<ReturnType<typeof findProduct>>>();

/** The sku a card shows: the cheapest one in stock, else the cheapest. */
export function leadSku<T extends Pick<SkuRow, 'listPrice' | 'stock'>>(skus: T[]): T | undefined {
  const byPrice = [...skus].sort((a, b) => a.listPrice - b.listPrice);
  return byPrice.find((s) => s.stock > 0) ?? byPrice[0];
}

/** SPEC §3 catalogue record attributes, under their original names. */
function recordAttributes(market: Market, product: ListProduct, sku: ListSku) {
  return {
    'sku.id': sku.id,
    'sku.listPrice': sku.listPrice,
    'sku.referencePrice': sku.referencePrice,
    'product.brand': product.brand,
    displayName: product.displayName,
    priceContadoRN: sku.priceContadoRN,
    priceContadoLN: sku.priceContadoLN,
    priceLN: sku.priceLN,
    priceContadoMG: sku.priceContadoMG,
    referencePriceContadoRN: sku.referencePriceContadoRN,
    'hasRN-vep': sku.hasRnVep,
    // computed like the price block's installments, so the two never disagree
    installmentPriceRN: renewalInstallment(sku, market),
  };
}

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
  sortOrder: number;
  prices: PriceBlock;
  attributes: ReturnType<typeof recordAttributes>;
}

/** What filtering and sorting need of a product: cheap to make for the whole list. */
interface Listed {
  product: ListProduct;
  skus: ListSku[];
  sku: ListSku;
  brand: string;
  category: string;
  displayName: string;
  sortOrder: number;
  price: number;
}

function toListed(kind: CatalogueKind, product: ListProduct, skus: ListSku[]): Listed | null {
  const sku = leadSku(skus);
  if (!sku) return null;
  return {
    product,
    skus,
    sku,
    brand: product.brand,
    category: product.category,
    displayName: product.displayName,
    sortOrder: product.sortOrder,
    price: cardPrice(sku, kind === 'renewal'),
  };
}

/** The full card, formatted prices and attributes: made only for the records of the page shown. */
function toRecord(market: Market, kind: CatalogueKind, { product, skus, sku }: Listed): CatalogueRecord {
  const prices = priceBlock(sku, market, kind === 'renewal');
  return {
    productId: product.id,
    skuId: sku.id,
    // the renewal list's cards open the product page as a renewal visit (renewal price and labels)
    url: kind === 'renewal' ? renewalProductPath(product.kind, product.id) : productPath(product.kind, product.id),
    image: sku.image ?? '',
    brand: product.brand,
    displayName: product.displayName,
    category: product.category,
    inStock: skus.some((s) => s.stock > 0),
    price: prices.price.amount,
    sortOrder: product.sortOrder,
    prices,
    attributes: recordAttributes(market, product, sku),
  };
}

/** One catalogue list: records of the page, paging, and the facets its filter form offers. */
export async function catalogueList(app: FastifyInstance, kind: CatalogueKind, query: CatalogueQuery) {
  const rows = await listRows(app, kind, () => listProductsWithSkus(app.db, kind));
  const all = rows.map((r) => toListed(kind, r.product, r.skus)).filter((r): r is Listed => r !== null);
  const { items: page, paging } = applyCatalogueQuery(all, query);
  const items = page.map((l) => toRecord(app.market, kind, l));
  const prices = all.map((r) => r.price);
  const money = (amount: number) => ({ amount, formatted: formatMoney(amount, app.market.currency) });
  return {
    kind,
    records: items,
    paging,
    facets: {
      brands: [...new Set(all.map((r) => r.brand))].sort(spanishCollator.compare),
      categories: [...new Set(all.map((r) => r.category))].sort(spanishCollator.compare),
      priceRange: prices.length ? { min: money(Math.min(...prices)), max: money(Math.max(...prices)) } : null,
    },
    query: {
      brands: query.brands,
      category: query.category,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      sort: query.sort,
      page: query.page,
    },
  };
}

/** A product for a public answer (shared rows); the price check reads its own. */
async function productOrThrow(app: FastifyInstance, id: string) {
  const found = await productRows(app, id, () => findProduct(app.db, id));
  if (!found || !found.skus.length) throw notFound();
  return found;
}

function skuView(market: Market, sku: SkuRow, renewal: boolean) {
  return {
    id: sku.id,
    color: sku.color,
    colorHex: sku.colorHex,
    storage: sku.storage,
    images: sku.images,
    stock: sku.stock,
    inStock: sku.stock > 0,
    listPrice: sku.listPrice,
    referencePrice: sku.referencePrice,
    prices: priceBlock(sku, market),
    ...renewalPrices(market, sku, renewal),
  };
}

/** A phone sold for renewal: its renewal cash price (SPEC §3 priceContadoRN) and the renewal price block; null otherwise. */
function renewalPrices(market: Market, sku: SkuRow, renewal: boolean) {
  return { priceContadoRN: renewal ? sku.priceContadoRN : null, renewalPrices: renewal ? priceBlock(sku, market, true) : null };
}

/** SPEC §3 "Equipment product": the sale page's embedded product info. */
export async function equipmentProduct(app: FastifyInstance, id: string) {
  const { product, skus } = await productOrThrow(app, id);
  const market = app.market;
  const blue = product.pageType === `${market.brand}-blue` ? await listBlueOptions(app.db, id) : [];
  const lead = leadSku(skus)!;
  const lowestBlue = [...blue].sort((a, b) => a.quotas - b.quotas)[0];
  const count = installmentCount(lead, market);
  const colours = [...new Map(skus.map((s) => [s.color, { value: s.color, hex: s.colorHex }])).values()];
  const storages = [...new Set(skus.map((s) => s.storage).filter((s): s is string => !!s))];
  return {
    poID: product.id,
    kind: product.kind,
    model: product.model,
    brand: product.brand,
    displayName: product.displayName,
    category: product.category,
    description: product.description,
    specs: product.specs,
    images: lead.images,
    listPrice: lead.listPrice,
    initialQuota: lowestBlue?.initialQuota ?? 0,
    quotas: lowestBlue?.quotas ?? installmentAmount(lead.listPrice, count),
    quotasValue: lowestBlue?.quotasValue ?? count,
    equipmentValue: lowestBlue?.equipmentValue ?? lead.listPrice,
    pageType: product.pageType,
    /** Sold for renewal (listed in the renewal catalogue): a customer's renewal visit gets the renewal price. */
    renewal: product.renewal,
    [`${market.brand}BlueInfo`]: blue.map((b) => ({
      planID: b.planId,
      planName: b.planName,
      quotasValue: b.quotasValue,
      initialQuota: b.initialQuota,
      quotas: b.quotas,
      equipmentValue: b.equipmentValue,
    })),
    defaultSkuId: lead.id,
    displayProperties: [
      { name: 'color', values: colours },
      ...(storages.length ? [{ name: 'storage', values: storages.map((value) => ({ value, hex: null })) }] : []),
    ],
    skus: skus.map((s) => skuView(market, s, product.renewal)),
  };
}

export async function equipmentPrices(app: FastifyInstance, id: string) {
  const { product, skus } = await productOrThrow(app, id);
  return skus.map((s) => ({
    skuId: s.id,
    color: s.color,
    storage: s.storage,
    listPrice: s.listPrice,
    referencePrice: s.referencePrice,
    priceContadoRN: s.priceContadoRN,
    priceContadoLN: s.priceContadoLN,
    priceLN: s.priceLN,
    priceContadoMG: s.priceContadoMG,
    referencePriceContadoRN: s.referencePriceContadoRN,
    installmentPriceRN: renewalInstallment(s, app.market),
    installments: installmentCount(s, app.market),
    prices: priceBlock(s, app.market),
    renewalPrices: product.renewal ? priceBlock(s, app.market, true) : null,
  }));
}

/**
 * Today's price of a sku as the page shows it: the list price, or on a renewal visit the renewal cash
 * price (a phone not sold for renewal has none: refused). Unknown sku → 404.
 */
export async function shownPriceCheck(app: FastifyInstance, skuId: string, renewal: boolean): Promise<number> {
  const sku = await findSku(app.db, skuId);
  if (!sku) throw notFound();
  if (!renewal) return sku.listPrice;
  const found = await findProduct(app.db, sku.productId);
  if (!found?.product.renewal) throw new AppError(RenewalErrorKeys.product, 409, { fields: { skuId } });
  return cardPrice(sku, true);
}

export async function equipmentRange(app: FastifyInstance, id: string) {
  const { skus } = await productOrThrow(app, id);
  const list = skus.map((s) => s.listPrice);
  const money = (amount: number) => ({ amount, formatted: formatMoney(amount, app.market.currency) });
  return { min: money(Math.min(...list)), max: money(Math.max(...list)) };
}

export async function equipmentVepPrices(app: FastifyInstance, id: string) {
  const { product } = await productOrThrow(app, id);
  const blue = product.pageType === `${app.market.brand}-blue` ? await listBlueOptions(app.db, id) : [];
  const money = (amount: number) => ({ amount, formatted: formatMoney(amount, app.market.currency) });
  return blue.map((b) => ({
    planID: b.planId,
    planName: b.planName,
    quotasValue: b.quotasValue,
    initialQuota: money(b.initialQuota),
    quotas: money(b.quotas),
    equipmentValue: money(b.equipmentValue),
  }));
}

/** Up to 8 products of the same kind sharing the brand (first) or the category. */
export async function relatedProducts(app: FastifyInstance, id: string) {
  const { product } = await productOrThrow(app, id);
  const siblings = await listSiblings(app.db, product);
  const ranked = [...siblings.filter((s) => s.product.brand === product.brand), ...siblings.filter((s) => s.product.brand !== product.brand)];
  return ranked
    .map(({ product: p, skus }) => ({ p, sku: leadSku(skus) }))
    .filter((r): r is { p: ProductRow; sku: SkuRow } => !!r.sku)
    .slice(0, RELATED_COUNT)
    .map(({ p, sku }) => ({
      productId: p.id,
      skuId: sku.id,
      productImage: sku.images[0] ?? '',
      displayName: p.displayName,
      brand: p.brand,
      url: productPath(p.kind, p.id),
      price: { amount: sku.listPrice, formatted: formatMoney(sku.listPrice, app.market.currency) },
    }));
}

/** SPEC §3 Insurance fields with their screen defaults. */
export async function insuranceList(app: FastifyInstance) {
  const rows = await listInsurances(app.db);
  return rows.map((r) =>
    normalizeInsurance({
      id: r.id,
      displayName: r.displayName,
      description: r.description,
      monthlyValue: r.monthlyValue,
      monthlyValueFormatted: formatMoney(r.monthlyValue, app.market.currency),
      insuranceValidity: r.insuranceValidity,
      eventsNumber: r.eventsNumber,
      deductibleCost: r.deductibleCost,
      deductibleCost2: r.deductibleCost2,
      deductibleCostFormatted: formatMoney(r.deductibleCost, app.market.currency),
      info: r.info,
      exclusions: r.exclusions,
    }),
  );
}
