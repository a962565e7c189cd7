import { describe, expect, it } from 'vitest';
import { bothSites, drivers } from './helpers.ts';

const ULTRA = 'PO_EQ_SAMSUNG_GALAXY_S24_ULTRA';

describe.each(drivers)('phone comparison (%s database)', (driver) => {
  const sites = bothSites(driver);
  const compare = async (site: 'cl' | 'pe', query: string) => {
    const res = await sites[site].app.inject({ method: 'GET', url: `/restpp/catalogue/compare${query}` });
    return { status: res.statusCode, body: res.json() };
  };

  it('puts up to three phones side by side in the order asked, with price, installments and the compared specs', async () => {
    for (const site of ['cl', 'pe'] as const) {
      const { choices } = (await compare(site, '')).body as { choices: Array<{ productId: string; displayName: string }> };
      const others = choices.filter((c) => c.productId !== ULTRA).map((c) => c.productId);
      const ids = [ULTRA, others[0]!, others[1]!, others[2]!];
      const { status, body } = await compare(site, `?ids=${ids.join(',')}`);
      expect(status).toBe(200);
      expect(body.phones.map((p: { productId: string }) => p.productId)).toEqual(ids.slice(0, 3));
      expect(body.extra).toBe(1);
      const ultra = body.phones[0];
      expect(ultra).toMatchObject({ brand: 'Samsung', url: `/personas/producto/Equipos/${ULTRA}` });
      expect(ultra.specs).toMatchObject({ pantalla: expect.stringContaining('AMOLED'), red: '5G', batería: '5.000 mAh' });
      expect(ultra.storages).toEqual(['256 GB', '512 GB']);
      expect(ultra.prices.price.amount).toBeGreaterThan(0);
      expect(ultra.prices.installments.count).toBeGreaterThan(1);
      // the picker offers every other phone on sale, not the ones compared
      expect(body.choices.some((c: { productId: string }) => ids.slice(0, 3).includes(c.productId))).toBe(false);
    }
  });

  it('says which 4G phone is not 5G, and names ids that are not phones on sale instead of failing a shared link', async () => {
    const { body } = await compare('cl', `?ids=PO_EQ_MOTOROLA_MOTO_G24,${ULTRA},NOT_A_PHONE,PO_EQ_SAMSUNG_GALAXY_S24_ULTRA`);
    expect(body.phones.map((p: { specs: { red: string } }) => p.specs.red)).toEqual(['4G LTE', '5G']);
    expect(body.missing).toEqual(['NOT_A_PHONE']);
  });

  it('ignores malformed ids and answers an empty comparison without ids', async () => {
    const { status, body } = await compare('pe', `?ids=${encodeURIComponent("<script>,' or 1=1,,")}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, phones: [], missing: [], extra: 0 });
    expect((await compare('pe', '?ids=a&ids=b')).status).toBe(400);
  });
});
