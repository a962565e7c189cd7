/**
 * Catalogue pages (SPEC §2 "Catalogue and journey paths", §7 catalogue request): which list each page
 * path shows, and the filter / sort / page query every list reads from its URL (so it works without JS).
 */
import { z } from 'zod';
import type { Market } from './market.ts';
import { spanishCollator } from './spanish-order.ts';

export type CatalogueKind = 'phones' | 'accessories' | 'refurbished' | 'unlocked' | 'renewal';

export const catalogueKinds: ReadonlyArray<CatalogueKind> = ['phones', 'accessories', 'refurbished', 'unlocked', 'renewal'];

/** Page path → list. `renovacion` is the renewal catalogue under /personas/catalogo like `liberados`. */
export const cataloguePages: Readonly<Record<string, CatalogueKind>> = {
  '/lista-productos': 'phones',
  '/lista-accesorios': 'accessories',
  '/lista-seminuevos': 'refurbished',
  '/personas/catalogo/liberados': 'unlocked',
  '/personas/catalogo/accesorios': 'accessories',
  '/personas/catalogo/renovacion': 'renewal',
  /** The V1 equipment list (SPEC §2 "Device and accessory sales"): the phone catalogue under its older path. */
  '/personas/productoV1/equipos': 'phones',
};

export type CatalogueSort = 'price-asc' | 'price-desc' | 'name';
export const catalogueSorts: ReadonlyArray<CatalogueSort> = ['price-asc', 'price-desc', 'name'];
export const CATALOGUE_PAGE_SIZE = 12;

/** The query fields a catalogue list reads as lists: the brand filter's checkboxes share one name. */
export const catalogueListFields: readonly string[] = ['brand'];

/** SPEC §7: the page path answers JSON with these query fields. */
export function isCatalogueJsonRequest(query: URLSearchParams): boolean {
  return query.get('contentType') === 'ppEquipmentList' && query.get('format') === 'json-rest';
}

export interface CatalogueQuery {
  brands: string[];
  category: string | null;
  /** Bounds in minor units, inclusive. */
  minPrice: number | null;
  maxPrice: number | null;
  sort: CatalogueSort;
  page: number;
}

const wholeAmount = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, 'catalogue.error.price')
  .optional();

/** The catalogue list's filters as the URL carries them (parseCatalogueQuery turns them into a CatalogueQuery). */
export const catalogueQuerySchema = z
  .object({
    brand: z.array(z.string().trim().min(1).max(40, 'catalogue.error.brand')).max(20, 'catalogue.error.brand'),
    category: z.string().trim().max(40, 'catalogue.error.category').optional(),
    minPrice: wholeAmount,
    maxPrice: wholeAmount,
    sort: z.enum(catalogueSorts as [CatalogueSort, ...CatalogueSort[]], 'catalogue.error.sort').optional(),
    page: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,4}$/, 'catalogue.error.page')
      .optional(),
  })
  .refine((q) => !q.minPrice || !q.maxPrice || Number(q.minPrice) <= Number(q.maxPrice), {
    path: ['maxPrice'],
    message: 'catalogue.error.priceRange',
  });

/** Reads the URL's filters. Prices are whole major units in the URL (pesos, soles); empty fields are absent. */
export function parseCatalogueQuery(
  params: URLSearchParams,
  market: Pick<Market, 'currencyDecimals'>,
): { ok: true; query: CatalogueQuery } | { ok: false; errors: Record<string, string[]> } {
  const one = (name: string) => {
    const v = params.get(name);
    return v === null || v.trim() === '' ? undefined : v;
  };
  const brand = [
    ...new Set(
      params
        .getAll('brand')
        .flatMap((b) => b.split(','))
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  ];
  const parsed = catalogueQuerySchema.safeParse({
    brand,
    category: one('category'),
    minPrice: one('minPrice'),
    maxPrice: one('maxPrice'),
    sort: one('sort'),
    page: one('page'),
  });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
    return { ok: false, errors };
  }
  const q = parsed.data;
  const minor = (v: string | undefined) => (v === undefined ? null : Number(v) * 10 ** market.currencyDecimals);
  return {
    ok: true,
    query: {
      brands: q.brand,
      category: q.category ?? null,
      minPrice: minor(q.minPrice),
      maxPrice: minor(q.maxPrice),
      sort: q.sort ?? 'price-asc',
      page: q.page ? Number(q.page) : 1,
    },
  };
}

export interface Listable {
  brand: string;
  displayName: string;
  category: string;
  /** The price the card shows, minor units. */
  price: number;
  sortOrder: number;
}

export interface CataloguePage<T> {
  items: T[];
  paging: { page: number; pageSize: number; totalRecords: number; totalPages: number };
}

/**
 * Filters (brand any-of, case-insensitive; category; price bounds), sorts (price with name as tie-break,
 * or name) and cuts one page. A page past the end answers an empty page with the true totals.
 */

export function applyCatalogueQuery<T extends Listable>(items: ReadonlyArray<T>, query: CatalogueQuery, pageSize = CATALOGUE_PAGE_SIZE): CataloguePage<T> {
  const brands = new Set(query.brands.map((b) => b.toLowerCase()));
  const category = query.category?.toLowerCase() ?? null;
  const kept = items.filter(
    (i) =>
      (brands.size === 0 || brands.has(i.brand.toLowerCase())) &&
      (category === null || i.category.toLowerCase() === category) &&
      (query.minPrice === null || i.price >= query.minPrice) &&
      (query.maxPrice === null || i.price <= query.maxPrice),
  );
  const byName = (a: T, b: T) => spanishCollator.compare(a.displayName, b.displayName) || a.sortOrder - b.sortOrder;
  const sorted = [...kept].sort((a, b) => {
    if (query.sort === 'name') return byName(a, b);
    const diff = query.sort === 'price-asc' ? a.price - b.price : b.price - a.price;
    return diff || byName(a, b);
  });
  const totalPages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const start = (query.page - 1) * pageSize;
  return {
    items: sorted.slice(start, start + pageSize),
    paging: { page: query.page, pageSize, totalRecords: sorted.length, totalPages },
  };
}

/** The same list's URL with some query fields changed (pager links); null/'' removes a field. */
export function catalogueHref(path: string, current: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '') next.delete(k);
    else next.set(k, v);
  }
  next.delete('contentType');
  next.delete('format');
  const qs = next.toString();
  return qs ? `${path}?${qs}` : path;
}
