import { describe, expect, it } from 'vitest';
import { bothSites, drivers, type TestSite } from './helpers.ts';

interface SearchBody {
  success: boolean;
  query: string;
  total: number;
  results: Array<{
    id: string;
    kind: string;
    title: string;
    brand: string;
    url: string;
    prices: { price: { amount: number; formatted: string } };
    data: string | null;
  }>;
  facets: { kinds: Array<{ kind: string; count: number }>; brands: Array<{ brand: string; count: number }> };
  validationError?: Record<string, string[]>;
}

describe.each(drivers)('catalogue search (%s database)', (driver) => {
  const sites = bothSites(driver);
  const search = async (site: TestSite, query: Record<string, string>) => {
    const res = await site.app.inject({ method: 'GET', url: `/restpp/catalogue/search?${new URLSearchParams(query)}` });
    return { status: res.statusCode, body: res.json() as SearchBody };
  };

  it('finds phones whatever the case, accents and a typo, the closest name first, with their price and page', async () => {
    for (const site of [sites.cl, sites.pe]) {
      for (const q of ['galaxy s24 ultra', 'GALAXY S24 ULTRA', 'galaxi s24 ultra', 'samsumg galaxy s24 ultra']) {
        const { status, body } = await search(site, { q });
        expect(status, q).toBe(200);
        expect(body.results[0], q).toMatchObject({ kind: 'phone', brand: 'Samsung', title: expect.stringMatching(/Galaxy S24 Ultra/) });
        expect(body.results[0]!.url).toMatch(/^\/personas\/producto\/Equipos\//);
        expect(body.results[0]!.prices.price.amount).toBeGreaterThan(0);
      }
    }
  });

  it('reads Spanish word forms and ignores accents: "cargadores" and "cargador rapido" find the chargers', async () => {
    const plural = await search(sites.cl, { q: 'cargadores' });
    expect(plural.body.results.some((r) => r.kind === 'accessory' && /Cargador/.test(r.title))).toBe(true);
    const unaccented = await search(sites.pe, { q: 'cargador rapido' });
    expect(unaccented.body.results[0]).toMatchObject({ kind: 'accessory', title: expect.stringMatching(/Cargador rápido/) });
  });

  it('finds plans with their monthly price, and narrows to a kind with facets counted over every hit', async () => {
    const all = await search(sites.cl, { q: 'libre 40 gb' });
    const plan = all.body.results.find((r) => r.kind === 'plan');
    expect(plan).toMatchObject({ title: 'Libre 40 GB', data: '40 GB', url: '/personas/catalogo/postpago' });
    expect(plan!.prices.price.formatted).toMatch(/^\$\d{1,3}\.\d{3}$/);
    const peru = await search(sites.pe, { q: 'plan libre' });
    expect(peru.body.results.find((r) => r.kind === 'plan')!.url).toBe('/catalogo/postpago');

    const phones = await search(sites.cl, { q: 'samsung', kind: 'phone' });
    expect(phones.body.results.length).toBeGreaterThan(2);
    expect(phones.body.results.every((r) => r.kind === 'phone')).toBe(true);
    const counted = phones.body.facets.kinds.reduce((s, k) => s + k.count, 0);
    expect(counted).toBe(phones.body.total);
    expect(phones.body.facets.brands.find((b) => b.brand === 'Samsung')!.count).toBeGreaterThan(2);
    expect((await search(sites.cl, { q: 'samsung', limit: '2' })).body.results).toHaveLength(2);
  });

  it('answers an empty or garbage query with an empty list, never an error', async () => {
    for (const q of ['', '   ', '!!!', '%_\\', "' or 1=1 --", 'xqzt', '😀', 'a'.repeat(5000), '<script>alert(1)</script>', '\u0007\u001b']) {
      const { status, body } = await search(sites.pe, { q });
      expect(status, JSON.stringify(q.slice(0, 20))).toBe(200);
      expect(body.success).toBe(true);
      if (q !== "' or 1=1 --") expect(body.results, JSON.stringify(q.slice(0, 20))).toEqual([]);
    }
    // a NUL byte is refused at the input boundary for every route, a search included
    expect((await search(sites.pe, { q: 'a\u0000' })).status).toBe(400);
    const missing = await sites.cl.app.inject({ method: 'GET', url: '/restpp/catalogue/search' });
    expect(missing.json()).toMatchObject({ success: true, results: [], total: 0 });
  });

  it('refuses a malformed kind, limit or a repeated query with a 4xx envelope', async () => {
    for (const url of ['?q=samsung&kind=tablet', '?q=samsung&limit=0', '?q=samsung&limit=1000', '?q=samsung&limit=abc', '?q=a&q=b']) {
      const res = await sites.cl.app.inject({ method: 'GET', url: `/restpp/catalogue/search${url}` });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().success, url).toBe(false);
    }
  });
});
