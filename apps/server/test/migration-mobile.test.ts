import { describe, expect, it } from 'vitest';
import { drivers, Visitor, bothSites } from './helpers.ts';

/** Per market: a requester, a covered address (capital metro area) and one without coverage. */
const data = {
  cl: {
    who: { name: 'Ana Pérez', document: '76.086.428-5', email: 'ana@example.com', phoneNumber: '955512345' },
    covered: { region: '13', province: '', commune: '13101' },
    uncovered: { region: '05', province: '', commune: '05102' },
    wrong: { region: '05', province: '', commune: '13101' },
  },
  pe: {
    who: { name: 'Ana Pérez', document: '40404040', email: 'ana@example.com', phoneNumber: '955512345' },
    covered: { region: '15', province: '1501', commune: '150101' },
    uncovered: { region: '15', province: '1502', commune: '150202' },
    wrong: { region: '15', province: '1501', commune: '150202' },
  },
} as const;
const street = { streetName: 'Av. Los Leones', addressNumber: '123', detailsAddressNumber: 'Depto 4' };

describe.each(drivers)('mobile request with SIM delivery (%s database)', (driver) => {
  const sites = bothSites(driver);

  const visitorWithPlan = async (site: 'cl' | 'pe', planId = 'PO_PLAN_LIBRE_30') => {
    const v = await new Visitor(sites[site].app).open();
    expect((await v.call('POST', '/restpp/order/select/plan', { id: planId })).statusCode).toBe(200);
    return v;
  };

  it.each(['cl', 'pe'] as const)('%s: delivery, confirmation and one request per key', async (site) => {
    const d = data[site];
    const v = await visitorWithPlan(site);
    const saved = await v.call('POST', '/restpp/mobile/delivery', { ...d.who, ...d.covered, ...street });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().request).toMatchObject({
      plan: { id: 'PO_PLAN_LIBRE_30' },
      name: 'Ana Pérez',
      address: expect.stringContaining('Av. Los Leones 123, Depto 4'),
    });
    expect((await v.call('GET', '/restpp/mobile/request')).json().request.address).toMatch(site === 'cl' ? /Santiago/ : /Lima/);
    const first = await v.call('POST', '/restpp/mobile/request', { idempotencyKey: `mobile-${site}-1` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ number: expect.stringMatching(new RegExp(`^MOV-${site.toUpperCase()}-\\d{8}$`)), replayed: false });
    const again = await v.call('POST', '/restpp/mobile/request', { idempotencyKey: `mobile-${site}-1` });
    expect(again.json()).toMatchObject({ number: first.json().number, replayed: true });
    const shown = await v.call('GET', `/restpp/mobile/request/${first.json().number}`);
    expect(shown.json().request).toMatchObject({ number: first.json().number, plan: { id: 'PO_PLAN_LIBRE_30' } });
    // the draft is used up: a new key needs the delivery data again
    expect((await v.call('POST', '/restpp/mobile/request', { idempotencyKey: `mobile-${site}-2` })).statusCode).toBe(409);
    // another visitor cannot read the request
    const stranger = await new Visitor(sites[site].app, '203.0.113.77').open();
    expect((await stranger.call('GET', `/restpp/mobile/request/${first.json().number}`)).statusCode).toBe(404);
  });

  it.each(['cl', 'pe'] as const)('%s: no coverage at the address fails and records nothing', async (site) => {
    const d = data[site];
    const v = await visitorWithPlan(site);
    expect((await v.call('POST', '/restpp/mobile/delivery', { ...d.who, ...d.uncovered, ...street })).statusCode).toBe(200);
    const res = await v.call('POST', '/restpp/mobile/request', { idempotencyKey: `mobile-${site}-nocov` });
    expect(res.statusCode).toBe(409);
    expect(res.json().response.systemMessage[0].exceptionKey).toBe('mobile.error.coverage');
    // the data is kept: with a covered address the request goes through
    expect((await v.call('POST', '/restpp/mobile/delivery', { ...d.who, ...d.covered, ...street })).statusCode).toBe(200);
    expect((await v.call('POST', '/restpp/mobile/request', { idempotencyKey: `mobile-${site}-nocov-2` })).json().number).toMatch(/^MOV-/);
  });

  it.each(['cl', 'pe'] as const)('%s: per-field errors for bad data and an address that does not nest', async (site) => {
    const d = data[site];
    const v = await visitorWithPlan(site);
    const bad = await v.call('POST', '/restpp/mobile/delivery', { ...d.who, name: 'Ana', email: 'nope', ...d.covered, streetName: '', addressNumber: '1' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().validationError).sort()).toEqual(['email', 'name', 'streetName']);
    const wrong = await v.call('POST', '/restpp/mobile/delivery', { ...d.who, ...d.wrong, ...street });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().validationError).toEqual({ commune: [expect.any(String)] });
  });

  it('needs a chosen plan first', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const res = await v.call('POST', '/restpp/mobile/delivery', { ...data.cl.who, ...data.cl.covered, ...street });
    expect(res.statusCode).toBe(409);
    expect(res.json().response.systemMessage[0].exceptionKey).toBe('mobile.error.noPlan');
  });
});
