import type { Db } from '@andes/db/client';
import { priceBlock, productPath, type PriceBlock } from '@andes/domain/catalogue-product';
import { searchKinds, searchText, type SearchKind } from '@andes/domain/catalogue-search';
import type { Market } from '@andes/domain/market';
import { formatMoney } from '@andes/domain/money';
import { spanishCollator } from '@andes/domain/spanish-order';
import { listSkusOf } from './catalogue.repo.ts';
import { leadSku } from './catalogue.service.ts';
import { plansByIds, searchCatalogue, type SearchHit } from './search.repo.ts';

export interface SearchQuery {
  q: string;
  kind: SearchKind | null;
  limit: number;
}

export interface SearchResult {
  id: string;
  kind: SearchKind;
  title: string;
  brand: string;
  url: string;
  image: string | null;
  prices: PriceBlock;
  /** A plan's data allowance ("40 GB"); null for products. */
  data: string | null;
  /** A plan's promotional monthly price and for how many months (null: while the plan lasts); its list price is `prices.price`. */
  promo: { price: { amount: number; formatted: string }; months: number | null } | null;
}

// a type, not an interface: the envelope takes a plain record
export type SearchAnswer = {
  query: string;
  results: SearchResult[];
  total: number;
  facets: { kinds: Array<{ kind: SearchKind; count: number }>; brands: Array<{ brand: string; count: number }> };
};

/**
 * The catalogue search (`GET /restpp/catalogue/search`): ranked hits of the query, narrowed to one
 * kind when asked, with facets counted over every hit. A query with nothing searchable answers an
 * empty list.
 */
export async function searchCatalogueFor(deps: { db: Db; market: Market }, query: SearchQuery): Promise<SearchAnswer> {
  const text = searchText(query.q);
  const hits = text ? await searchCatalogue(deps.db, text) : [];
  const kept = hits.filter((h) => query.kind === null || h.kind === query.kind).slice(0, query.limit);
  return { query: text, results: await resultsOf(deps, kept), total: hits.length, facets: facetsOf(hits) };
}

function facetsOf(hits: SearchHit[]): SearchAnswer['facets'] {
  const count = <K extends string>(keys: K[]) => [...keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<K, number>())];
  return {
    kinds: count(hits.map((h) => h.kind))
      .map(([kind, n]) => ({ kind, count: n }))
      .sort((a, b) => searchKinds.indexOf(a.kind) - searchKinds.indexOf(b.kind)),
    brands: count(hits.filter((h) => h.brand).map((h) => h.brand))
      .map(([brand, n]) => ({ brand, count: n }))
      .sort((a, b) => spanishCollator.compare(a.brand, b.brand)),
  };
}

async function resultsOf({ db, market }: { db: Db; market: Market }, hits: SearchHit[]): Promise<SearchResult[]> {
  const products = hits.filter((h) => h.kind !== 'plan');
  const [skus, plans] = await Promise.all([
    listSkusOf(
      db,
      products.map((h) => h.id),
    ),
    plansByIds(
      db,
      hits.filter((h) => h.kind === 'plan').map((h) => h.id),
    ),
  ]);
  const planById = new Map(plans.map((p) => [p.id, p]));
  const money = (amount: number) => ({ amount, formatted: formatMoney(amount, market.currency) });
  return hits.flatMap((hit): SearchResult[] => {
    const base = { id: hit.id, kind: hit.kind, title: hit.title, brand: hit.brand };
    if (hit.kind === 'plan') {
      const plan = planById.get(hit.id);
      if (!plan) return [];
      const prices = { price: money(plan.price), reference: null, installments: null };
      const promo = plan.commercePrice < plan.price ? { price: money(plan.commercePrice), months: plan.discountMonths } : null;
      return [{ ...base, url: market.planCatalogueHome, image: null, prices, data: plan.data, promo }];
    }
    const sku = leadSku(skus.get(hit.id) ?? []);
    if (!sku) return [];
    return [{ ...base, url: productPath(hit.kind, hit.id), image: sku.image, prices: priceBlock(sku, market), data: null, promo: null }];
  });
}
