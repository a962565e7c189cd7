import { describe, expect, it } from 'vitest';
import {
  applyCatalogueQuery,
  catalogueHref,
  cataloguePages,
  isCatalogueJsonRequest,
  parseCatalogueQuery,
  type CatalogueQuery,
} from '../src/catalogue-query.ts';

const clp = { currencyDecimals: 0 };
const pen = { currencyDecimals: 2 };
const q = (s: string, market = clp) => parseCatalogueQuery(new URLSearchParams(s), market);

describe('parseCatalogueQuery', () => {
  it('defaults to price ascending, page 1, no filters', () => {
    expect(q('')).toEqual({ ok: true, query: { brands: [], category: null, minPrice: null, maxPrice: null, sort: 'price-asc', page: 1 } });
  });
  it('reads repeated and comma-separated brands once each, and empty fields as absent', () => {
    const r = q('brand=Apple&brand=Samsung,Apple&minPrice=&category=Audio&sort=name&page=3');
    expect(r).toMatchObject({ ok: true, query: { brands: ['Apple', 'Samsung'], minPrice: null, category: 'Audio', sort: 'name', page: 3 } });
  });
  it('turns whole major units into minor units per market', () => {
    expect(q('minPrice=1000&maxPrice=2000', pen)).toMatchObject({ query: { minPrice: 100000, maxPrice: 200000 } });
    expect(q('maxPrice=500000')).toMatchObject({ query: { maxPrice: 500000 } });
  });
  it('rejects bad values with message keys per field', () => {
    expect(q('sort=cheap&page=0&minPrice=1.5')).toEqual({
      ok: false,
      errors: { sort: ['catalogue.error.sort'], page: ['catalogue.error.page'], minPrice: ['catalogue.error.price'] },
    });
    expect(q('minPrice=10&maxPrice=5')).toEqual({ ok: false, errors: { maxPrice: ['catalogue.error.priceRange'] } });
  });
});

describe('applyCatalogueQuery', () => {
  const item = (displayName: string, brand: string, price: number, category = 'Equipos', sortOrder = 0) => ({ displayName, brand, price, category, sortOrder });
  const items = [
    item('Galaxy A', 'Samsung', 300),
    item('iPhone 15', 'Apple', 900),
    item('Moto G', 'Motorola', 200),
    item('Galaxy S', 'Samsung', 800),
    item('AirPods', 'Apple', 200, 'Audio'),
  ];
  const base: CatalogueQuery = { brands: [], category: null, minPrice: null, maxPrice: null, sort: 'price-asc', page: 1 };

  it('filters brands case-insensitively, category and inclusive price bounds', () => {
    expect(applyCatalogueQuery(items, { ...base, brands: ['samsung'] }).items.map((i) => i.displayName)).toEqual(['Galaxy A', 'Galaxy S']);
    expect(applyCatalogueQuery(items, { ...base, category: 'audio' }).items).toHaveLength(1);
    expect(applyCatalogueQuery(items, { ...base, minPrice: 300, maxPrice: 800 }).items.map((i) => i.price)).toEqual([300, 800]);
  });
  it('sorts by price with the name breaking ties, descending, or by name', () => {
    expect(applyCatalogueQuery(items, base).items.map((i) => i.displayName)).toEqual(['AirPods', 'Moto G', 'Galaxy A', 'Galaxy S', 'iPhone 15']);
    expect(applyCatalogueQuery(items, { ...base, sort: 'price-desc' }).items[0].displayName).toBe('iPhone 15');
    expect(applyCatalogueQuery(items, { ...base, sort: 'name' }).items.map((i) => i.displayName)).toEqual([
      'AirPods',
      'Galaxy A',
      'Galaxy S',
      'iPhone 15',
      'Moto G',
    ]);
  });
  it('pages, with the true totals even past the end', () => {
    expect(applyCatalogueQuery(items, { ...base, page: 2 }, 2)).toMatchObject({
      items: [{ price: 300 }, { price: 800 }],
      paging: { page: 2, pageSize: 2, totalRecords: 5, totalPages: 3 },
    });
    expect(applyCatalogueQuery(items, { ...base, page: 9 }, 2)).toMatchObject({ items: [], paging: { totalPages: 3 } });
    expect(applyCatalogueQuery([], base).paging.totalPages).toBe(1);
  });
});

describe('catalogue pages and links', () => {
  it('maps every SPEC §2 catalogue path, renovacion included', () => {
    expect(cataloguePages['/personas/catalogo/renovacion']).toBe('renewal');
    expect(cataloguePages['/lista-accesorios']).toBe(cataloguePages['/personas/catalogo/accesorios']);
  });
  it('recognises the ppEquipmentList JSON request only with both fields', () => {
    expect(isCatalogueJsonRequest(new URLSearchParams('contentType=ppEquipmentList&format=json-rest'))).toBe(true);
    expect(isCatalogueJsonRequest(new URLSearchParams('contentType=ppEquipmentList'))).toBe(false);
  });
  it('builds pager links keeping filters and dropping the JSON fields', () => {
    const current = new URLSearchParams('brand=Apple&page=2&format=json-rest&contentType=ppEquipmentList');
    expect(catalogueHref('/lista-productos', current, { page: '3' })).toBe('/lista-productos?brand=Apple&page=3');
    expect(catalogueHref('/lista-productos', current, { page: null, brand: null })).toBe('/lista-productos');
  });
});
