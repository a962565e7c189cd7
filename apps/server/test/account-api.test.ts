import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64');

describe.each(drivers)('account API (%s database)', (driver) => {
  let cl: TestSite;
  let pe: TestSite;
  beforeAll(async () => {
    [cl, pe] = await Promise.all([startTestSite('cl', driver), startTestSite('pe', driver)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([cl?.close(), pe?.close()]);
  });

  const signIn = async (site: TestSite, user: string, secret: string) => {
    const v = await new Visitor(site.app).open();
    expect((await v.login(user, secret)).statusCode).toBe(200);
    return v;
  };
  const balanceOf = async (v: Visitor, phone: string) => (await v.call('GET', `/REST/asset/${phone}/balance`)).json().balance.principal.amount as number;

  it('answers 403 with no data for every line-scoped endpoint called with another customer\'s line', async () => {
    const owner = await signIn(cl, '12.345.678-5', '1234');
    const bills = (await owner.call('GET', '/restpp/asset/912345678/bills')).json().bills as Array<{ id: number }>;
    const ticket = (await owner.call('POST', '/restpp/asset/912345678/tickets', { category: 'billing', description: 'Mi boleta llegó dos veces' })).json().ticket;
    const bags = (await owner.call('GET', '/REST/asset/912345678/bag')).json().bags as Array<{ id: number }>;
    const notices = (await owner.call('GET', '/restpp/asset/notifications')).json().notifications as Array<{ id: number; readAt: string | null }>;
    const request = (await owner.call('POST', '/restpp/asset/912345678/requests', { topic: 'billing', description: 'Necesito el detalle de mi boleta', contactChannel: 'phone' })).json().request;
    expect(bills.length).toBeGreaterThan(0);
    expect(notices.length).toBeGreaterThan(0);
    expect(ticket.id).toEqual(expect.any(Number));

    const other = await signIn(cl, '15.432.198-5', '4321');
    const own = '987654321';
    const foreign = '912345678';
    const key = { idempotencyKey: 'ownership-test-0001' };
    const cases: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['plan', 'GET', `/REST/asset/${foreign}/plan`],
      ['balance', 'GET', `/REST/asset/${foreign}/balance`],
      ['transfer limits', 'GET', `/REST/asset/${foreign}/balance/transfer`],
      ['transfer', 'POST', `/REST/asset/${foreign}/balance/transfer`, { targetPhoneNumber: own, amount: 1000, ...key }],
      ['lukas', 'POST', `/REST/asset/${foreign}/balance/lukas`, { blocks: 1, ...key }],
      ['bags', 'GET', `/REST/asset/${foreign}/bag`],
      ['buy bag', 'POST', `/REST/asset/${foreign}/bag`, { offerId: 'BAG_500MB_1D', payment: 'bill', ...key }],
      ['cancel bag', 'DELETE', `/REST/asset/${foreign}/bag/${bags[0]!.id}`],
      ['cancel bag by id on own line', 'DELETE', `/REST/asset/${own}/bag/${bags[0]!.id}`],
      ['consumption', 'GET', `/REST/asset/${foreign}/consumption`],
      ['bills', 'GET', `/restpp/asset/${foreign}/bills`],
      ['bill pdf', 'GET', `/restpp/asset/${foreign}/bills/${bills[0]!.id}/pdf`],
      ['bill pdf by id on own line', 'GET', `/restpp/asset/${own}/bills/${bills[0]!.id}/pdf`],
      ['pay bill', 'POST', `/restpp/asset/${foreign}/bills/${bills[0]!.id}/pay`, key],
      ['pay bill by id on own line', 'POST', `/restpp/asset/${own}/bills/${bills[0]!.id}/pay`, key],
      ['payments', 'GET', `/restpp/asset/${foreign}/payments`],
      ['tickets', 'GET', `/restpp/asset/${foreign}/tickets`],
      ['create ticket', 'POST', `/restpp/asset/${foreign}/tickets`, { category: 'other', description: 'Esto no debería quedar' }],
      ['ticket', 'GET', `/restpp/asset/${foreign}/tickets/${ticket.id}`],
      ['ticket by id on own line', 'GET', `/restpp/asset/${own}/tickets/${ticket.id}`],
      ['cancel ticket by id on own line', 'POST', `/restpp/asset/${own}/tickets/${ticket.id}/cancel`],
      ['mark another customer\'s notification read', 'POST', `/restpp/asset/notifications/${notices[0]!.id}/read`],
      ['top-up amounts', 'GET', `/restpp/asset/${foreign}/topups`],
      ['start top-up', 'POST', `/restpp/asset/${foreign}/topups`, { amount: 1000, ...key }],
      ['top-up outcome', 'GET', `/restpp/asset/${foreign}/topups/TU0000`],
      ['frequent numbers', 'GET', `/REST/asset/${foreign}/frequencyNumber`],
      ['create frequent number', 'POST', `/REST/asset/${foreign}/frequencyNumber`, { newNumber: '922222222' }],
      ['update frequent number', 'PUT', `/REST/asset/${foreign}/frequencyNumber`, { oldNumber: '911111111', newNumber: '922222222' }],
      ['points', 'GET', `/restpp/asset/${foreign}/points`],
      ['redemptions', 'GET', `/restpp/asset/${foreign}/benefits/redemptions`],
      ['bonuses', 'GET', `/restpp/asset/${foreign}/bonuses`],
      ['redeem bonus', 'POST', `/restpp/asset/${foreign}/bonuses`, { offerId: 'BONUS_GB_2_7D', ...key }],
      ['equipment', 'GET', `/REST/asset/${foreign}/equipment`],
      ['requests', 'GET', `/restpp/asset/${foreign}/requests`],
      ['send request', 'POST', `/restpp/asset/${foreign}/requests`, { topic: 'other', description: 'Esto no debería quedar', contactChannel: 'email' }],
      ['withdraw request', 'POST', `/restpp/asset/${foreign}/requests/${request.id}/withdraw`],
      ['withdraw request by id on own line', 'POST', `/restpp/asset/${own}/requests/${request.id}/withdraw`],
    ];
    for (const [name, method, url, body] of cases) {
      const res = await other.call(method, url, body);
      expect(res.statusCode, name).toBe(403);
      const json = res.json();
      expect(json.success, name).toBe(false);
      expect(json.response.systemMessage[0].exceptionKey, name).toBe('pp.error.asset.forbidden');
      expect(Object.keys(json).sort(), name).toEqual(['response', 'success']);
    }
    // nothing changed for the owner
    expect((await owner.call('GET', `/restpp/asset/${foreign}/tickets/${ticket.id}`)).json().ticket.status).toBe('submitted');
    expect((await owner.call('GET', '/REST/asset/912345678/bag')).json().bags).toHaveLength(bags.length);
    expect((await owner.call('GET', '/restpp/asset/912345678/requests')).json().requests.find((r: { id: number }) => r.id === request.id).status).toBe('received');
    expect((await other.call('GET', '/restpp/asset/987654321/requests')).json().requests.some((r: { description: string }) => r.description === 'Esto no debería quedar')).toBe(false);
  });

  it.each([
    ['cl', '15.432.198-5', '4321', '987654321', 'BAG_1GB_7D'],
    ['pe', '912345678', '654321', '912345678', 'BAG_500MB_1D'],
  ] as const)('%s: a bag bought twice with one key takes the balance once and lists the bag once', async (site, user, secret, phone, offerId) => {
    const v = await signIn(site === 'cl' ? cl : pe, user, secret);
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
    const v = await signIn(pe, '912345678', '654321');
    const before = await balanceOf(v, '912345678');
    const bagsBefore = (await v.call('GET', '/REST/asset/912345678/bag')).json().bags.length;
    const res = await v.call('POST', '/REST/asset/912345678/bag', { offerId: 'BAG_VIAJERO_MUNDO', payment: 'balance', idempotencyKey: 'bag-pe-short-00001' });
    expect(res.statusCode).toBe(409);
    expect(res.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'account.error.balance.short', messages: [expect.stringMatching(/saldo no alcanza.*S\//)] });
    expect(await balanceOf(v, '912345678')).toBe(before);
    expect((await v.call('GET', '/REST/asset/912345678/bag')).json().bags).toHaveLength(bagsBefore);
    // a failed key can be used again once the customer fixes the problem: nothing was kept
    const retry = await v.call('POST', '/REST/asset/912345678/bag', { offerId: 'BAG_500MB_1D', payment: 'balance', idempotencyKey: 'bag-pe-short-00001' });
    expect(retry.statusCode).toBe(200);
  });

  it('transfers balance once per key, and refuses more than the balance without changing anything', async () => {
    const sender = await signIn(cl, '15.432.198-5', '4321');
    const receiver = await signIn(cl, '12.345.678-5', '1234');
    const from = await balanceOf(sender, '987654321');
    const to = await balanceOf(receiver, '998877665');
    const body = { targetPhoneNumber: '998877665', amount: 1000, idempotencyKey: 'transfer-cl-000001' };
    const first = await sender.call('POST', '/REST/asset/987654321/balance/transfer', body);
    const again = await sender.call('POST', '/REST/asset/987654321/balance/transfer', body);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, balance: { amount: from - 1000 } });
    expect(await balanceOf(sender, '987654321')).toBe(from - 1000);
    expect(await balanceOf(receiver, '998877665')).toBe(to + 1000);

    const tooMuch = await sender.call('POST', '/REST/asset/987654321/balance/transfer', { targetPhoneNumber: '998877665', amount: from, idempotencyKey: 'transfer-cl-000002' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().validationError.amount[0]).toMatch(/saldo no alcanza/);
    expect(await balanceOf(sender, '987654321')).toBe(from - 1000);
    expect(await balanceOf(receiver, '998877665')).toBe(to + 1000);

    const unknown = await sender.call('POST', '/REST/asset/987654321/balance/transfer', { targetPhoneNumber: '900000001', amount: 1000, idempotencyKey: 'transfer-cl-000003' });
    expect(unknown.statusCode).toBe(400);
    expect(await balanceOf(sender, '987654321')).toBe(from - 1000);
    const bad = await sender.call('POST', '/REST/asset/987654321/balance/transfer', { targetPhoneNumber: '12', amount: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().validationError).sort()).toEqual(['amount', 'idempotencyKey', 'targetPhoneNumber']);
  });

  it('turns points into balance ("lukas") once per key', async () => {
    const v = await signIn(cl, '12.345.678-5', '1234');
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
    const v = await signIn(pe, '987654321', '123456');
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
    const v = await signIn(cl, '20.961.605-K', '5678');
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

  it('reports consumption against the plan and filters the detail', async () => {
    const v = await signIn(cl, '12.345.678-5', '1234');
    const body = (await v.call('GET', '/REST/asset/912345678/consumption?kind=voice')).json();
    expect(body.totals.map((t: { kind: string }) => t.kind)).toEqual(['data', 'voice', 'sms']);
    expect(body.totals[0]).toMatchObject({ allowance: 80 * 1024, used: expect.any(Number) });
    expect(body.detail.every((r: { kind: string }) => r.kind === 'voice')).toBe(true);
    expect((await v.call('GET', '/REST/asset/912345678/consumption?from=nope')).statusCode).toBe(400);
  });

  it('creates a ticket with an image, checks the attachment, and lets the customer cancel it', async () => {
    const v = await signIn(pe, '987654321', '123456');
    const url = '/restpp/asset/987654321/tickets';
    const created = (await v.call('POST', url, { category: 'coverage', description: 'No tengo señal en mi casa', attachment: { type: 'image/png', data: PNG } })).json().ticket;
    expect(created.number).toMatch(/^TK-PE-\d{7}$/);
    const fake = await v.call('POST', url, { category: 'coverage', description: 'No tengo señal en mi casa', attachment: { type: 'image/png', data: Buffer.from('<svg/>').toString('base64') } });
    expect(fake.json().validationError.attachment[0]).toMatch(/PNG, JPG o WebP/);
    const list = (await v.call('GET', url)).json().tickets;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ number: created.number, status: 'submitted', hasAttachment: true });
    expect((await v.call('POST', `${url}/${created.id}/cancel`)).json().ticket.status).toBe('cancelled');
    expect((await v.call('POST', `${url}/${created.id}/cancel`)).statusCode).toBe(409);
  });

  it('shows and updates personal data, never the document', async () => {
    const v = await signIn(cl, '20.961.605-K', '5678');
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
    const v = await signIn(pe, '987654321', '123456');
    const { notifications, unread } = (await v.call('GET', '/restpp/asset/notifications')).json();
    const target = notifications.find((n: { readAt: string | null }) => n.readAt === null);
    expect(target).toBeDefined();
    expect((await v.call('POST', `/restpp/asset/notifications/${target.id}/read`)).statusCode).toBe(200);
    expect((await v.call('GET', '/restpp/asset/notifications')).json().unread).toBe(unread - 1);
  });
});
