import { describe, expect, it } from 'vitest';
import { isoDayInZone } from '@andes/domain/account-bills';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64');

describe.each(drivers)('account API (%s database)', (driver) => {
  const sites = bothSites(driver);

  const signIn = async (site: TestSite, user: string, secret: string) => {
    const v = await new Visitor(site.app).open();
    expect((await v.login(user, secret)).statusCode).toBe(200);
    return v;
  };
  const balanceOf = async (v: Visitor, phone: string) => (await v.call('GET', `/REST/asset/${phone}/balance`)).json().balance.principal.amount as number;

  /** Per market: a customer whose line is the target, and another customer with a line of their own. */
  const pairs = {
    cl: { owner: ['12.345.678-5', '1234', '912345678'], other: ['15.432.198-5', '4321', '987654321'], bonus: 'BONUS_GB_2_7D' },
    pe: { owner: ['987654321', '123456', '987654321'], other: ['912345678', '654321', '912345678'], bonus: 'BONUS_GB_2_7D' },
  } as const;

  /**
   * Every registered route whose path names a line, as "METHOD /path", read from the router's own
   * tree, so an endpoint added later without a row in the table below fails the test.
   */
  function lineRoutes(site: TestSite): string[] {
    const stack: string[] = [];
    const found: string[] = [];
    for (const text of site.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(text);
      if (!m) continue;
      stack.length = m[1]!.length / 4;
      stack.push(m[2]!);
      const path = stack.join('');
      if (!m[3] || !path.includes(':phoneNumber')) continue;
      for (const method of m[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
    }
    return found;
  }

  it.each(['cl', 'pe'] as const)("%s: answers 403 with no data for every line-scoped endpoint called with another customer's line", async (market) => {
    const site = sites[market];
    const {
      owner: [ownerUser, ownerSecret, foreign],
      other: [otherUser, otherSecret, own],
      bonus,
    } = pairs[market];
    const owner = await signIn(site, ownerUser, ownerSecret);
    const bills = (await owner.call('GET', `/restpp/asset/${foreign}/bills`)).json().bills as Array<{ id: number; number: string }>;
    const ticket = (await owner.call('POST', `/restpp/asset/${foreign}/tickets`, { category: 'billing', description: 'Mi boleta llegó dos veces' })).json()
      .ticket;
    const bags = (await owner.call('GET', `/REST/asset/${foreign}/bag`)).json().bags as Array<{ id: number }>;
    const notices = (await owner.call('GET', '/restpp/asset/notifications')).json().notifications as Array<{ id: number }>;
    const request = (
      await owner.call('POST', `/restpp/asset/${foreign}/requests`, {
        topic: 'billing',
        description: 'Necesito el detalle de mi boleta',
        contactChannel: 'phone',
      })
    ).json().request;
    const topup = (
      await owner.call('POST', `/restpp/asset/${foreign}/topups`, { amount: market === 'cl' ? 1000 : 500, idempotencyKey: `own-topup-${market}-0001` })
    ).json();
    const payments = (await owner.call('GET', `/restpp/asset/${foreign}/payments`)).json().payments as Array<{ id: number }>;
    const migration = (await owner.call('GET', `/restpp/asset/${foreign}/migration/plans`)).json();
    expect(bills.length).toBeGreaterThan(0);
    expect(bags.length).toBeGreaterThan(0);
    expect(payments.length).toBeGreaterThan(0);
    expect(notices.length).toBeGreaterThan(0);
    expect(ticket.id).toEqual(expect.any(Number));
    expect(topup.buyOrder).toMatch(/^TU/);

    const other = await signIn(site, otherUser, otherSecret);
    const key = { idempotencyKey: `ownership-${market}-0001` };
    const planId = migration.plans?.[0]?.id ?? 'PO_PLAN_LIBRE_30';
    // [route as the router names it, method, URL, body]: each route at least once with the other customer's number
    type Case = [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?];
    const cases: Case[] = [
      ['GET /restpp/assets/:phoneNumber', 'GET', `/restpp/assets/${foreign}`],
      ['POST /restpp/assets/:phoneNumber/select', 'POST', `/restpp/assets/${foreign}/select`],
      ['GET /REST/asset/:phoneNumber/plan', 'GET', `/REST/asset/${foreign}/plan`],
      ['GET /REST/asset/:phoneNumber/balance', 'GET', `/REST/asset/${foreign}/balance`],
      ['GET /REST/asset/:phoneNumber/balance/transfer', 'GET', `/REST/asset/${foreign}/balance/transfer`],
      ['POST /REST/asset/:phoneNumber/balance/transfer', 'POST', `/REST/asset/${foreign}/balance/transfer`, { targetPhoneNumber: own, amount: 1000, ...key }],
      ['POST /REST/asset/:phoneNumber/balance/lukas', 'POST', `/REST/asset/${foreign}/balance/lukas`, { blocks: 1, ...key }],
      ['GET /REST/asset/:phoneNumber/bag', 'GET', `/REST/asset/${foreign}/bag`],
      ['POST /REST/asset/:phoneNumber/bag', 'POST', `/REST/asset/${foreign}/bag`, { offerId: 'BAG_500MB_1D', payment: 'bill', ...key }],
      ['POST /REST/asset/:phoneNumber/bag', 'POST', `/REST/asset/${foreign}/bag`, { offerId: 'BAG_500MB_1D', payment: 'card', ...key }],
      ['DELETE /REST/asset/:phoneNumber/bag/:bagId', 'DELETE', `/REST/asset/${foreign}/bag/${bags[0]!.id}`],
      ['DELETE /REST/asset/:phoneNumber/bag/:bagId', 'DELETE', `/REST/asset/${own}/bag/${bags[0]!.id}`],
      ['GET /REST/asset/:phoneNumber/consumption', 'GET', `/REST/asset/${foreign}/consumption`],
      ['GET /REST/asset/:phoneNumber/frequencyNumber', 'GET', `/REST/asset/${foreign}/frequencyNumber`],
      ['POST /REST/asset/:phoneNumber/frequencyNumber', 'POST', `/REST/asset/${foreign}/frequencyNumber`, { newNumber: '922222222' }],
      ['PUT /REST/asset/:phoneNumber/frequencyNumber', 'PUT', `/REST/asset/${foreign}/frequencyNumber`, { oldNumber: '911111111', newNumber: '922222222' }],
      ['GET /REST/asset/:phoneNumber/equipment', 'GET', `/REST/asset/${foreign}/equipment`],
      ['GET /restpp/asset/:phoneNumber/bills', 'GET', `/restpp/asset/${foreign}/bills`],
      ['GET /restpp/asset/:phoneNumber/bills/:billId/pdf', 'GET', `/restpp/asset/${foreign}/bills/${bills[0]!.id}/pdf`],
      ['GET /restpp/asset/:phoneNumber/bills/:billId/pdf', 'GET', `/restpp/asset/${own}/bills/${bills[0]!.id}/pdf`],
      ['POST /restpp/asset/:phoneNumber/bills/:billId/pay', 'POST', `/restpp/asset/${foreign}/bills/${bills[0]!.id}/pay`, key],
      ['POST /restpp/asset/:phoneNumber/bills/:billId/pay', 'POST', `/restpp/asset/${own}/bills/${bills[0]!.id}/pay`, key],
      ['GET /restpp/asset/:phoneNumber/payments', 'GET', `/restpp/asset/${foreign}/payments`],
      ['GET /restpp/asset/:phoneNumber/payments/:paymentId', 'GET', `/restpp/asset/${foreign}/payments/${payments[0]!.id}`],
      ['GET /restpp/asset/:phoneNumber/payments/:paymentId', 'GET', `/restpp/asset/${own}/payments/${payments[0]!.id}`],
      ['GET /restpp/asset/:phoneNumber/tickets', 'GET', `/restpp/asset/${foreign}/tickets`],
      ['POST /restpp/asset/:phoneNumber/tickets', 'POST', `/restpp/asset/${foreign}/tickets`, { category: 'other', description: 'Esto no debería quedar' }],
      ['GET /restpp/asset/:phoneNumber/tickets/:ticketId', 'GET', `/restpp/asset/${foreign}/tickets/${ticket.id}`],
      ['GET /restpp/asset/:phoneNumber/tickets/:ticketId', 'GET', `/restpp/asset/${own}/tickets/${ticket.id}`],
      ['POST /restpp/asset/:phoneNumber/tickets/:ticketId/cancel', 'POST', `/restpp/asset/${foreign}/tickets/${ticket.id}/cancel`],
      ['POST /restpp/asset/:phoneNumber/tickets/:ticketId/cancel', 'POST', `/restpp/asset/${own}/tickets/${ticket.id}/cancel`],
      ['GET /restpp/asset/:phoneNumber/topups', 'GET', `/restpp/asset/${foreign}/topups`],
      ['POST /restpp/asset/:phoneNumber/topups', 'POST', `/restpp/asset/${foreign}/topups`, { amount: 1000, ...key }],
      ['GET /restpp/asset/:phoneNumber/topups/:buyOrder', 'GET', `/restpp/asset/${foreign}/topups/${topup.buyOrder}`],
      ['GET /restpp/asset/:phoneNumber/topups/:buyOrder', 'GET', `/restpp/asset/${own}/topups/${topup.buyOrder}`],
      ['GET /restpp/asset/:phoneNumber/points', 'GET', `/restpp/asset/${foreign}/points`],
      ['GET /restpp/asset/:phoneNumber/benefits/redemptions', 'GET', `/restpp/asset/${foreign}/benefits/redemptions`],
      ['GET /restpp/asset/:phoneNumber/bonuses', 'GET', `/restpp/asset/${foreign}/bonuses`],
      ['POST /restpp/asset/:phoneNumber/bonuses', 'POST', `/restpp/asset/${foreign}/bonuses`, { offerId: bonus, ...key }],
      ['GET /restpp/asset/:phoneNumber/requests', 'GET', `/restpp/asset/${foreign}/requests`],
      [
        'POST /restpp/asset/:phoneNumber/requests',
        'POST',
        `/restpp/asset/${foreign}/requests`,
        { topic: 'other', description: 'Esto no debería quedar', contactChannel: 'email' },
      ],
      ['POST /restpp/asset/:phoneNumber/requests/:id/withdraw', 'POST', `/restpp/asset/${foreign}/requests/${request.id}/withdraw`],
      ['POST /restpp/asset/:phoneNumber/requests/:id/withdraw', 'POST', `/restpp/asset/${own}/requests/${request.id}/withdraw`],
      ['GET /restpp/asset/:phoneNumber/migration/plans', 'GET', `/restpp/asset/${foreign}/migration/plans`],
      ['POST /restpp/asset/:phoneNumber/migration', 'POST', `/restpp/asset/${foreign}/migration`, { planId, ...key }],
      ['GET /restpp/asset/:phoneNumber/migration/:buyOrder', 'GET', `/restpp/asset/${foreign}/migration/${topup.buyOrder}`],
      // Peru's telecom claims (docs/api-claims.md); Chile has no such route
      ...(market === 'pe'
        ? [
            [
              'POST /restpp/peru/claims/lines/:phoneNumber',
              'POST',
              `/restpp/peru/claims/lines/${foreign}`,
              { subject: 'billing', detail: 'Esto no debería quedar registrado.' },
            ] as Case,
          ]
        : []),
      ['GET /REST/asset/:phoneNumber/equipment/block', 'GET', `/REST/asset/${foreign}/equipment/block`],
      ['POST /REST/asset/:phoneNumber/equipment/block', 'POST', `/REST/asset/${foreign}/equipment/block`, { reason: 'SEXTR', blockType: 'sim' }],
      ['POST /REST/asset/:phoneNumber/equipment/unblock', 'POST', `/REST/asset/${foreign}/equipment/unblock`, { stepUpId: 'someone-elses-step-up' }],
      ['POST /REST/asset/:phoneNumber/validate/code', 'POST', `/REST/asset/${foreign}/validate/code`, { purpose: 'simChange' }],
      ['POST /REST/asset/:phoneNumber/validate', 'POST', `/REST/asset/${foreign}/validate`, { stepUpId: 'someone-elses-step-up', code: '123456' }],
      ['GET /REST/asset/:phoneNumber/sim', 'GET', `/REST/asset/${foreign}/sim`],
      ['POST /REST/asset/:phoneNumber/sim/change', 'POST', `/REST/asset/${foreign}/sim/change`, { stepUpId: 'someone-elses-step-up', delivery: 'esim' }],
      ['POST /REST/asset/:phoneNumber/sim/activate', 'POST', `/REST/asset/${foreign}/sim/activate`, { iccid: '89560700000000000018' }],
      ['GET /restpp/asset/:phoneNumber/suspension', 'GET', `/restpp/asset/${foreign}/suspension`],
      [
        'POST /restpp/asset/:phoneNumber/suspension',
        'POST',
        `/restpp/asset/${foreign}/suspension`,
        { reason: 'travel', startsOn: '2026-12-01', endsOn: '2026-12-20' },
      ],
      ['POST /restpp/asset/:phoneNumber/suspension/end', 'POST', `/restpp/asset/${foreign}/suspension/end`],
      ['GET /restpp/asset/:phoneNumber/number', 'GET', `/restpp/asset/${foreign}/number`],
      ['POST /restpp/asset/:phoneNumber/number/offers', 'POST', `/restpp/asset/${foreign}/number/offers`],
      [
        'POST /restpp/asset/:phoneNumber/number/change',
        'POST',
        `/restpp/asset/${foreign}/number/change`,
        { number: '945000001', stepUpId: 'someone-elses-step-up' },
      ],
      ['GET /restpp/asset/:phoneNumber/insurance', 'GET', `/restpp/asset/${foreign}/insurance`],
      [
        'POST /restpp/asset/:phoneNumber/insurance/claims',
        'POST',
        `/restpp/asset/${foreign}/insurance/claims`,
        { insuranceId: 1, kind: 'damage', description: 'Se me cayó y no enciende.' },
      ],
      ['POST /restpp/asset/:phoneNumber/insurance/claims/:claimNumber/status', 'POST', `/restpp/asset/${foreign}/insurance/claims/SN-CL-0000001/status`],
      [
        'POST /restpp/asset/:phoneNumber/insurance/claims/:claimNumber/deductible',
        'POST',
        `/restpp/asset/${foreign}/insurance/claims/SN-CL-0000001/deductible`,
        { idempotencyKey: 'someone-elses-key' },
      ],
      [
        'POST /restpp/asset/:phoneNumber/insurance/claims/:claimNumber/deductible/card',
        'POST',
        `/restpp/asset/${foreign}/insurance/claims/SN-CL-0000001/deductible/card`,
        { idempotencyKey: 'someone-elses-key', amount: 1000 },
      ],
      ['GET /restpp/asset/:phoneNumber/smart-line', 'GET', `/restpp/asset/${foreign}/smart-line`],
      [
        'POST /restpp/asset/:phoneNumber/smart-line',
        'POST',
        `/restpp/asset/${foreign}/smart-line`,
        { watchName: 'Reloj', eid: '89049032000000000000000012345644', stepUpId: 'someone-elses-step-up' },
      ],
      ['POST /restpp/asset/:phoneNumber/smart-line/remove', 'POST', `/restpp/asset/${foreign}/smart-line/remove`],
      ['GET /restpp/asset/:phoneNumber/plan-change', 'GET', `/restpp/asset/${foreign}/plan-change`],
      [
        'POST /restpp/asset/:phoneNumber/plan-change',
        'POST',
        `/restpp/asset/${foreign}/plan-change`,
        { planId: 'PO_PLAN_LIBRE_30', price: 21990, idempotencyKey: 'stranger-plan-change-1' },
      ],
      ['POST /restpp/asset/:phoneNumber/plan-change/cancel', 'POST', `/restpp/asset/${foreign}/plan-change/cancel`],
      ['GET /restpp/asset/:phoneNumber/installments', 'GET', `/restpp/asset/${foreign}/installments`],
      [
        'POST /restpp/asset/:phoneNumber/installments/pay',
        'POST',
        `/restpp/asset/${foreign}/installments/pay`,
        { equipmentId: 1, from: 1, count: 1, amount: 1000, idempotencyKey: 'stranger-installments-1' },
      ],
    ];
    const registered = lineRoutes(site);
    expect(registered.length).toBeGreaterThan(30);
    const covered = new Set(cases.map(([route]) => route));
    expect(
      registered.filter((r) => !covered.has(r)),
      'line-scoped routes without a row in this table',
    ).toEqual([]);
    expect(
      [...covered].filter((r) => !registered.includes(r)),
      'rows for routes that no longer exist',
    ).toEqual([]);

    const secrets = [foreign, ...bills.map((b) => b.number), ticket.number, topup.buyOrder];
    for (const [route, method, url, body] of cases) {
      const name = `${route} ${url}`;
      const res = await other.call(method, url, body);
      expect(res.statusCode, name).toBe(403);
      const json = res.json();
      expect(json.success, name).toBe(false);
      expect(json.response, name).toMatchObject({ isRedirect: false, redirectRUL: null });
      expect(json.response.systemMessage, name).toEqual([{ exceptionKey: 'pp.error.asset.forbidden', messages: [site.app.t('pp.error.asset.forbidden')] }]);
      expect(Object.keys(json).sort(), name).toEqual(['response', 'success']);
      for (const secret of secrets) expect(res.body, `${name} leaks ${secret}`).not.toContain(secret);
    }
    // another customer's notification, and a lookup of another customer's ticket, reveal nothing either
    const read = await other.call('POST', `/restpp/asset/notifications/${notices[0]!.id}/read`);
    expect([read.statusCode, Object.keys(read.json()).sort()]).toEqual([403, ['response', 'success']]);
    const lookup = await other.call('GET', `/restpp/asset/tickets/${ticket.number}`);
    expect(lookup.statusCode).toBe(404);
    expect(lookup.body).not.toContain(ticket.description ?? 'Mi boleta');
    // nothing changed for the owner
    expect((await owner.call('GET', `/restpp/asset/${foreign}/tickets/${ticket.id}`)).json().ticket.status).toBe('submitted');
    expect((await owner.call('GET', `/REST/asset/${foreign}/bag`)).json().bags).toHaveLength(bags.length);
    expect((await owner.call('GET', `/restpp/asset/${foreign}/requests`)).json().requests.find((r: { id: number }) => r.id === request.id).status).toBe(
      'received',
    );
    expect(
      (await other.call('GET', `/restpp/asset/${own}/requests`))
        .json()
        .requests.some((r: { description: string }) => r.description === 'Esto no debería quedar'),
    ).toBe(false);
    expect(
      (await other.call('GET', `/restpp/asset/${own}/tickets`)).json().tickets.some((t: { description: string }) => t.description === 'Esto no debería quedar'),
    ).toBe(false);
    // the owner's line was not blocked, suspended or renumbered by the stranger
    expect((await owner.call('GET', `/REST/asset/${foreign}/equipment/block`)).json().blocks).toEqual([]);
    expect((await owner.call('GET', `/restpp/asset/${foreign}/suspension`)).json()).toMatchObject({ current: null, history: [] });
    expect((await owner.call('GET', `/restpp/asset/${foreign}/number`)).json()).toMatchObject({ phoneNumber: foreign, offered: [], changes: [] });
    expect((await owner.call('GET', `/restpp/asset/${foreign}/insurance`)).json()).toMatchObject({ current: null, history: [] });
    expect((await owner.call('GET', `/restpp/asset/${foreign}/smart-line`)).json()).toMatchObject({ current: null, history: [] });
    expect((await owner.call('GET', `/restpp/asset/${foreign}/plan-change`)).json()).toMatchObject({ pending: null, history: [] });
    expect((await owner.call('GET', `/restpp/asset/${foreign}/installments`)).json().payments).toEqual([]);
  });

  it.each([
    ['cl', '15.432.198-5', '4321', '987654321', 'BAG_1GB_7D'],
    ['pe', '912345678', '654321', '912345678', 'BAG_500MB_1D'],
  ] as const)('%s: a bag bought twice with one key takes the balance once and lists the bag once', async (site, user, secret, phone, offerId) => {
    const v = await signIn(sites[site], user, secret);
    const before = await balanceOf(v, phone);
    const bagsBefore = (await v.call('GET', `/REST/asset/${phone}/bag`)).json().bags.length;
    const body = { offerId, payment: 'balance', idempotencyKey: `bag-${site}-double-0001` };
    const [a, b] = await Promise.all([v.call('POST', `/REST/asset/${phone}/bag`, body), v.call('POST', `/REST/asset/${phone}/bag`, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().bagId).toBe(b.json().bagId);
    expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
    const offer = (await v.call('GET', '/restpp/asset/bags/offers')).json().offers.find((o: { id: string }) => o.id === offerId);
    expect(await balanceOf(v, phone)).toBe(before - offer.price);
    expect((await v.call('GET', `/REST/asset/${phone}/bag`)).json().bags).toHaveLength(bagsBefore + 1);
  });

  it('a bag the balance cannot pay is refused with a clear message and changes nothing', async () => {
    const v = await signIn(sites.pe, '912345678', '654321');
    const before = await balanceOf(v, '912345678');
    const bagsBefore = (await v.call('GET', '/REST/asset/912345678/bag')).json().bags.length;
    const res = await v.call('POST', '/REST/asset/912345678/bag', { offerId: 'BAG_VIAJERO_MUNDO', payment: 'balance', idempotencyKey: 'bag-pe-short-00001' });
    expect(res.statusCode).toBe(409);
    expect(res.json().response.systemMessage[0]).toMatchObject({
      exceptionKey: 'account.error.balance.short',
      messages: [expect.stringMatching(/saldo no alcanza.*S\//)],
    });
    expect(await balanceOf(v, '912345678')).toBe(before);
    expect((await v.call('GET', '/REST/asset/912345678/bag')).json().bags).toHaveLength(bagsBefore);
    // a failed key can be used again once the customer fixes the problem: nothing was kept
    const retry = await v.call('POST', '/REST/asset/912345678/bag', { offerId: 'BAG_500MB_1D', payment: 'balance', idempotencyKey: 'bag-pe-short-00001' });
    expect(retry.statusCode).toBe(200);
  });

  it('transfers balance once per key, and refuses more than the balance without changing anything', async () => {
    const sender = await signIn(sites.cl, '15.432.198-5', '4321');
    const receiver = await signIn(sites.cl, '12.345.678-5', '1234');
    const from = await balanceOf(sender, '987654321');
    const to = await balanceOf(receiver, '998877665');
    const body = { targetPhoneNumber: '998877665', amount: 1000, idempotencyKey: 'transfer-cl-000001' };
    const first = await sender.call('POST', '/REST/asset/987654321/balance/transfer', body);
    const again = await sender.call('POST', '/REST/asset/987654321/balance/transfer', body);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, balance: { amount: from - 1000 } });
    expect(await balanceOf(sender, '987654321')).toBe(from - 1000);
    expect(await balanceOf(receiver, '998877665')).toBe(to + 1000);

    const tooMuch = await sender.call('POST', '/REST/asset/987654321/balance/transfer', {
      targetPhoneNumber: '998877665',
      amount: from,
      idempotencyKey: 'transfer-cl-000002',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().validationError.amount[0]).toMatch(/saldo no alcanza/);
    expect(await balanceOf(sender, '987654321')).toBe(from - 1000);
    expect(await balanceOf(receiver, '998877665')).toBe(to + 1000);

    const unknown = await sender.call('POST', '/REST/asset/987654321/balance/transfer', {
      targetPhoneNumber: '900000001',
      amount: 1000,
      idempotencyKey: 'transfer-cl-000003',
    });
    expect(unknown.statusCode).toBe(400);
    expect(await balanceOf(sender, '987654321')).toBe(from - 1000);
    const bad = await sender.call('POST', '/REST/asset/987654321/balance/transfer', { targetPhoneNumber: '12', amount: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().validationError).sort()).toEqual(['amount', 'idempotencyKey', 'targetPhoneNumber']);
  });

  it('turns points into balance ("lukas") once per key', async () => {
    const v = await signIn(sites.cl, '12.345.678-5', '1234');
    const before = (await v.call('GET', '/REST/asset/912345678/balance')).json().balance;
    const body = { blocks: 2, idempotencyKey: 'lukas-cl-00000001' };
    await v.call('POST', '/REST/asset/912345678/balance/lukas', body);
    const again = await v.call('POST', '/REST/asset/912345678/balance/lukas', body);
    expect(again.json().replayed).toBe(true);
    const after = (await v.call('GET', '/REST/asset/912345678/balance')).json().balance;
    expect(after.principal.amount).toBe(before.principal.amount + 2000);
    expect(after.loyaltyPoints.amount).toBe(before.loyaltyPoints.amount - 2000);
    const tooMany = await v.call('POST', '/REST/asset/912345678/balance/lukas', { blocks: 20, idempotencyKey: 'lukas-cl-00000002' });
    expect(tooMany.statusCode).toBe(409);
  });

  it('frequent numbers: POST creates with only a new number, PUT updates an old one', async () => {
    const v = await signIn(sites.pe, '987654321', '123456');
    const url = '/REST/asset/987654321/frequencyNumber';
    expect((await v.call('POST', url, { newNumber: '911111111' })).json().frequentNumbers).toEqual(['911111111']);
    expect((await v.call('POST', url, { newNumber: '911111111' })).statusCode).toBe(409);
    expect((await v.call('PUT', url, { oldNumber: '911111111', newNumber: '922222222' })).json().frequentNumbers).toEqual(['922222222']);
    expect((await v.call('PUT', url, { oldNumber: '933333333', newNumber: '944444444' })).statusCode).toBe(404);
    const bad = await v.call('POST', url, { newNumber: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationError.newNumber[0]).toMatch(/9 dígitos/);
    expect((await v.call('GET', url)).json().frequentNumbers).toEqual(['922222222']);
  });

  it('lists bills with status, serves a valid PDF, and shows the cut line', async () => {
    const v = await signIn(sites.cl, '20.961.605-K', '5678');
    const bills = (await v.call('GET', '/restpp/asset/976543210/bills')).json().bills;
    expect(bills.some((b: { status: string }) => b.status === 'cut')).toBe(true);
    const pdf = await v.call('GET', bills[0].pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain(`Boleta electr\xf3nica ${bills[0].number}`);
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const buy = await v.call('POST', '/REST/asset/976543210/bag', { offerId: 'BAG_500MB_1D', payment: 'bill', idempotencyKey: 'cut-line-bag-0001' });
    expect(buy.json().response.systemMessage[0].exceptionKey).toBe('account.error.line.cut');
  });

  it.each([
    ['cl', '12.345.678-5', '1234', '912345678', 400],
    ['pe', '987654321', '123456', '987654321', 150],
  ] as const)('%s: a bag redeemed with points (canje-bolsas) takes the points once and charges nothing', async (site, user, secret, phone, price) => {
    const v = await signIn(sites[site], user, secret);
    const pointsOf = async () => (await v.call('GET', `/restpp/asset/${phone}/points`)).json().points.amount as number;
    const before = { points: await pointsOf(), balance: await balanceOf(v, phone), bags: (await v.call('GET', `/REST/asset/${phone}/bag`)).json().bags.length };
    const paymentsBefore = (await v.call('GET', `/restpp/asset/${phone}/payments`)).json().total.amount;
    const body = { offerId: 'BAG_1GB_7D', payment: 'points', idempotencyKey: `bag-points-${site}-001` };
    const [a, b] = await Promise.all([v.call('POST', `/REST/asset/${phone}/bag`, body), v.call('POST', `/REST/asset/${phone}/bag`, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
    expect(a.json()).toMatchObject({ points: before.points - price, payment: 'points' });
    expect(await pointsOf()).toBe(before.points - price);
    expect(await balanceOf(v, phone)).toBe(before.balance);
    expect((await v.call('GET', `/REST/asset/${phone}/bag`)).json().bags).toHaveLength(before.bags + 1);
    expect((await v.call('GET', `/restpp/asset/${phone}/points`)).json().history[0]).toMatchObject({
      kind: 'redeemed',
      points: -price,
      description: 'Canje: Bolsa 1 GB por 7 días',
    });
    expect((await v.call('GET', `/restpp/asset/${phone}/payments`)).json().total.amount).toBe(paymentsBefore);
    // an offer without a points price cannot be redeemed
    const none = await v.call('POST', `/REST/asset/${phone}/bag`, { offerId: 'BAG_500MB_1D', payment: 'points', idempotencyKey: `bag-points-${site}-002` });
    expect(none.json().response.systemMessage[0].exceptionKey).toBe('account.error.bag.payment');
  });

  it('a bag charged to the bill is a charge for the next bill, not a payment', async () => {
    const v = await signIn(sites.cl, '12.345.678-5', '1234');
    const before = (await v.call('GET', '/restpp/asset/998877665/payments')).json();
    const bills = (await v.call('GET', '/restpp/asset/998877665/bills')).json();
    const bought = await v.call('POST', '/REST/asset/998877665/bag', { offerId: 'BAG_UNL_1D', payment: 'bill', idempotencyKey: 'bag-bill-cl-00001' });
    expect(bought.statusCode).toBe(200);
    const after = (await v.call('GET', '/restpp/asset/998877665/payments')).json();
    expect(after.total).toEqual(before.total);
    expect(after.payments).toHaveLength(before.payments.length);
    expect(after.payments.some((p: { method: string }) => p.method === 'bill')).toBe(false);
    const next = (await v.call('GET', '/restpp/asset/998877665/bills')).json().nextBill;
    expect(next.charges).toHaveLength(bills.nextBill.charges.length + 1);
    expect(next.charges[0]).toMatchObject({
      kind: 'bag',
      offerId: 'BAG_UNL_1D',
      name: 'Internet ilimitado por 1 día',
      amount: 1990,
      amountFormatted: '$1.990',
    });
    expect(next.total.amount).toBe(bills.nextBill.total.amount + 1990);
    // the seeded bags bought on the bill sit on the bill that charged them, and that bill's PDF lists them
    const billed = bills.bills.find((b: { charges: unknown[] }) => b.charges.length > 0);
    expect(billed).toBeDefined();
    const pdf = (await v.call('GET', billed.pdfUrl)).rawPayload.toString('latin1');
    expect(pdf).toContain(`${billed.charges[0].name}: ${billed.charges[0].amountFormatted}`);
  });

  it('reports consumption against the plan and filters the detail', async () => {
    const v = await signIn(sites.cl, '12.345.678-5', '1234');
    const body = (await v.call('GET', '/REST/asset/912345678/consumption?kind=voice')).json();
    expect(body.totals.map((t: { kind: string }) => t.kind)).toEqual(['data', 'voice', 'sms']);
    expect(body.totals[0]).toMatchObject({ allowance: 80 * 1024, used: expect.any(Number) });
    expect(body.detail.every((r: { kind: string }) => r.kind === 'voice')).toBe(true);
    expect((await v.call('GET', '/REST/asset/912345678/consumption?from=nope')).statusCode).toBe(400);
  });

  it.each([
    ['cl', '12.345.678-5', '1234', '912345678'],
    ['pe', '987654321', '123456', '987654321'],
  ] as const)('%s: the consumption detail answers any range of the last six months, and refuses bad ranges', async (site, user, secret, phone) => {
    const app = sites[site].app;
    const v = await signIn(sites[site], user, secret);
    const today = isoDayInZone(new Date(), app.market.timeZone);
    const [y, m] = today.split('-').map(Number) as [number, number];
    // last month, whole (the demo lines have 90 days of daily usage)
    const from = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
    const days = Number(to.slice(8));
    const url = `/REST/asset/${phone}/consumption`;
    const month = (await v.call('GET', `${url}?from=${from}&to=${to}`)).json();
    expect(month.range).toEqual({ from, to });
    expect(month.detail).toHaveLength(days * 3);
    expect(month.detail.every((r: { day: string }) => r.day >= from && r.day <= to)).toBe(true);
    expect(month.detail[0].day).toBe(to);
    // one day, one kind
    const day = `${from.slice(0, 8)}15`;
    expect((await v.call('GET', `${url}?from=${day}&to=${day}&kind=sms`)).json().detail).toEqual([{ day, kind: 'sms', amount: expect.any(Number) }]);
    // the totals stay those of the current cycle
    expect(month.totals).toEqual((await v.call('GET', url)).json().totals);
    const old = new Date(Date.UTC(y, m - 8, 1)).toISOString().slice(0, 10);
    const bad = [
      [`from=${old}&to=${to}`, 'from', /Solo puedes ver el consumo desde el/],
      [`from=${to}&to=${from}`, 'to', /posterior a la inicial/],
      [`from=${from}&to=${new Date(Date.UTC(y + 1, 0, 1)).toISOString().slice(0, 10)}`, 'to', /posterior a hoy/],
    ] as const;
    for (const [query, field, message] of bad) {
      const res = await v.call('GET', `${url}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().validationError[field][0], query).toMatch(message);
      expect(res.json()).not.toHaveProperty('detail');
    }
  });

  it('creates a ticket with an image, checks the attachment, and lets the customer cancel it', async () => {
    const v = await signIn(sites.pe, '987654321', '123456');
    const url = '/restpp/asset/987654321/tickets';
    const created = (
      await v.call('POST', url, { category: 'coverage', description: 'No tengo señal en mi casa', attachment: { type: 'image/png', data: PNG } })
    ).json().ticket;
    expect(created.number).toMatch(/^TK-PE-\d{7}$/);
    const fake = await v.call('POST', url, {
      category: 'coverage',
      description: 'No tengo señal en mi casa',
      attachment: { type: 'image/png', data: Buffer.from('<svg/>').toString('base64') },
    });
    expect(fake.json().validationError.attachment[0]).toMatch(/PNG, JPG o WebP/);
    const list = (await v.call('GET', url)).json().tickets;
    expect(list[0]).toMatchObject({ number: created.number, status: 'submitted', hasAttachment: true });
    expect(list.filter((t: { number: string }) => t.number === created.number)).toHaveLength(1);
    // the customer is told of every status the ticket takes, from the start
    const latestNotice = async () => (await v.call('GET', '/restpp/asset/notifications')).json().notifications[0];
    expect(await latestNotice()).toMatchObject({ title: `Recibimos tu ticket ${created.number}`, readAt: null });
    expect((await v.call('POST', `${url}/${created.id}/cancel`)).json().ticket.status).toBe('cancelled');
    expect((await latestNotice()).title).toBe(`Tu ticket ${created.number}: Cancelado`);
    expect((await v.call('POST', `${url}/${created.id}/cancel`)).statusCode).toBe(409);
  });

  it.each([
    ['cl', '12.345.678-5', '1234', '912345678'],
    ['pe', '987654321', '123456', '987654321'],
  ] as const)(
    '%s: the ticket desk moves a ticket through its states, each change once and only as the state machine allows',
    async (site, user, secret, phone) => {
      const s = sites[site];
      const v = await signIn(s, user, secret);
      const created = (
        await v.call('POST', `/restpp/asset/${phone}/tickets`, { category: 'coverage', description: 'Sin señal en el ascensor del edificio' })
      ).json().ticket;
      const desk = (action: string) => s.app.inject({ method: 'POST', url: `/sandbox/ticket-desk/tickets/${created.number}`, payload: { action } });
      const statusOf = async () => (await v.call('GET', `/restpp/asset/${phone}/tickets/${created.id}`)).json().ticket.status;
      const unread = (await v.call('GET', '/restpp/asset/notifications')).json().unread;

      // resolving a ticket nobody acknowledged is not a move the state machine has
      const early = await desk('resolve');
      expect(early.statusCode).toBe(409);
      expect(early.json().response.systemMessage[0].exceptionKey).toBe('account.error.ticket.transition');
      expect(await statusOf()).toBe('submitted');
      expect((await desk('acknowledge')).json()).toMatchObject({ status: 'acknowledged', applied: true });
      expect((await desk('work')).json()).toMatchObject({ status: 'inProgress', applied: true });
      // the customer may not cancel what an agent is working on
      expect((await v.call('POST', `/restpp/asset/${phone}/tickets/${created.id}/cancel`)).statusCode).toBe(409);
      expect((await desk('resolve')).json()).toMatchObject({ status: 'resolved', applied: true });
      // the desk repeats its notification: nothing more happens
      expect((await desk('resolve')).json()).toMatchObject({ status: 'resolved', applied: false });
      expect((await desk('acknowledge')).statusCode).toBe(409);
      expect(await statusOf()).toBe('resolved');
      const notices = (await v.call('GET', '/restpp/asset/notifications')).json();
      expect(notices.unread).toBe(unread + 3);
      expect(notices.notifications[0].title).toBe(`Tu ticket ${created.number}: Resuelto`);
      // the confirmation page's lookup finds it by number with its line
      expect((await v.call('GET', `/restpp/asset/tickets/${created.number}`)).json().ticket).toMatchObject({
        number: created.number,
        status: 'resolved',
        phoneNumber: phone,
      });
      expect((await v.call('GET', `/restpp/asset/tickets/TK-${site.toUpperCase()}-9999999`)).statusCode).toBe(404);

      // only the desk's signature counts; an unknown ticket is not found
      const forged = await s.app.inject({
        method: 'POST',
        url: '/restpp/tickets/desk/notify',
        headers: { 'x-ticket-desk-signature': 'f'.repeat(64) },
        payload: { ticketNumber: created.number, status: 'closed' },
      });
      expect(forged.statusCode).toBe(401);
      expect(await statusOf()).toBe('resolved');
      expect(
        (await s.app.inject({ method: 'POST', url: `/sandbox/ticket-desk/tickets/TK-${site.toUpperCase()}-9999999`, payload: { action: 'acknowledge' } }))
          .statusCode,
      ).toBe(404);
      expect((await desk('dance')).statusCode).toBe(400);
    },
  );

  it('seeds tickets in several states for the demo customers', async () => {
    const v = await signIn(sites.pe, '987654321', '123456');
    const statuses = new Set<string>();
    for (const phone of ['987654321', '943215678']) {
      for (const t of (await v.call('GET', `/restpp/asset/${phone}/tickets`)).json().tickets) statuses.add(t.status);
    }
    expect([...statuses]).toEqual(expect.arrayContaining(['submitted', 'acknowledged', 'inProgress', 'resolved']));
  });

  it('shows and updates personal data, never the document', async () => {
    const v = await signIn(sites.cl, '20.961.605-K', '5678');
    const before = (await v.call('GET', '/restpp/order/customer/info')).json().customer;
    expect(before.document).toBe('20.961.605-K');
    const changed = { firstName: 'Valentina', lastName: 'Soto Pérez', email: 'vale.soto@example.cl', contactPhone: '976543210' };
    const res = await v.call('PUT', '/restpp/order/customer/info', changed);
    expect(res.json().customer).toMatchObject({ ...changed, document: '20.961.605-K' });
    const doc = await v.call('PUT', '/restpp/order/customer/info', { ...changed, document: '12.345.678-5' });
    expect(doc.statusCode).toBe(400);
    expect(doc.json().validationError.document[0]).toMatch(/RUT no se puede cambiar/);
    const bad = await v.call('PUT', '/restpp/order/customer/info', { ...changed, email: 'no-mail', firstName: '1' });
    expect(Object.keys(bad.json().validationError).sort()).toEqual(['email', 'firstName']);
    expect((await v.call('GET', '/restpp/order/customer/info')).json().customer).toMatchObject(changed);
  });

  it('lists notifications and marks one read', async () => {
    const v = await signIn(sites.pe, '987654321', '123456');
    const { notifications, unread } = (await v.call('GET', '/restpp/asset/notifications')).json();
    const target = notifications.find((n: { readAt: string | null }) => n.readAt === null);
    expect(target).toBeDefined();
    expect((await v.call('POST', `/restpp/asset/notifications/${target.id}/read`)).statusCode).toBe(200);
    expect((await v.call('GET', '/restpp/asset/notifications')).json().unread).toBe(unread - 1);
  });
});
