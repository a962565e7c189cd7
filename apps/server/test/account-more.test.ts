import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { addDaysIso, billDueDay, isoDayInZone, nextCycleDay } from '@andes/domain/account-bills';
import { issueDueBills } from '../src/modules/account/billing-cycle.service.ts';
import { refreshLineStatuses } from '../src/modules/subscriber/index.ts';
import { drivers, Visitor, bothSites } from './helpers.ts';

/** Demo customers per market: a postpaid line with bills and equipment, and a prepaid one. */
const people = {
  cl: { postpaid: ['12.345.678-5', '1234', '912345678'], prepaid: ['15.432.198-5', '4321', '987654321'] },
  pe: { postpaid: ['987654321', '123456', '987654321'], prepaid: ['912345678', '654321', '912345678'] },
} as const;

describe.each(drivers)('account: points, equipment, preferences, requests, cut lines (%s database)', (driver) => {
  const sites = bothSites(driver);

  const signIn = async (site: 'cl' | 'pe', who: 'postpaid' | 'prepaid') => {
    const [user, secret, phone] = people[site][who];
    const v = await new Visitor(sites[site].app).open();
    expect((await v.login(user, secret)).statusCode).toBe(200);
    return { v, phone };
  };
  // the market's calendar day, not the database's (UTC): near midnight they differ
  const daysAgo = (site: 'cl' | 'pe', days: number) => addDaysIso(isoDayInZone(new Date(), sites[site].app.market.timeZone), -days);
  const pointsOf = async (v: Visitor, phone: string) => (await v.call('GET', `/restpp/asset/${phone}/points`)).json();

  async function gateway(v: Visitor, redirect: string) {
    const token = new URL(redirect, 'http://x').searchParams.get('token_ws')!;
    const res = await v.call('POST', `/sandbox/webpay/pay?token_ws=${encodeURIComponent(token)}`, { card: '4051885600446623', action: 'pay' });
    expect(res.statusCode).toBe(303);
    return { back: String(res.headers.location), token };
  }

  it.each(['cl', 'pe'] as const)('%s: shows points with expiry and history, discounts and redemptions', async (site) => {
    const { v, phone } = await signIn(site, 'postpaid');
    const body = await pointsOf(v, phone);
    expect(body.points.amount).toBeGreaterThan(0);
    expect(body.points.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.history.length).toBeGreaterThan(3);
    // the history adds up to the balance
    expect(body.history.reduce((s: number, h: { points: number }) => s + h.points, 0)).toBe(body.points.amount);
    expect(body.totals.earned - body.totals.redeemed - body.totals.expired).toBe(body.points.amount);
    const discounts = (await v.call('GET', '/restpp/asset/benefits/discounts')).json().discounts;
    expect(discounts.length).toBeGreaterThan(3);
    const redemptions = (await v.call('GET', `/restpp/asset/${phone}/benefits/redemptions`)).json().redemptions;
    expect(redemptions.every((r: { kind: string; points: number }) => r.kind === 'redeemed' && r.points > 0)).toBe(true);
  });

  it.each(['cl', 'pe'] as const)('%s: redeems a bonus once per key, and it becomes active on the line', async (site) => {
    const { v, phone } = await signIn(site, 'postpaid');
    const { offers, bonuses } = (await v.call('GET', `/restpp/asset/${phone}/bonuses`)).json();
    const offer = offers.find((o: { id: string }) => o.id === 'BONUS_GB_2_7D');
    const before = (await pointsOf(v, phone)).points.amount;
    const body = { offerId: offer.id, idempotencyKey: `bonus-${site}-double-01` };
    const [a, b] = await Promise.all([v.call('POST', `/restpp/asset/${phone}/bonuses`, body), v.call('POST', `/restpp/asset/${phone}/bonuses`, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().bonusId).toBe(b.json().bonusId);
    expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
    expect(a.json().points).toBe(before - offer.pointsPrice);
    const after = await pointsOf(v, phone);
    expect(after.points.amount).toBe(before - offer.pointsPrice);
    expect(after.history[0]).toMatchObject({ kind: 'redeemed', points: -offer.pointsPrice, description: `Canje: ${offer.name}` });
    const active = (await v.call('GET', `/restpp/asset/${phone}/bonuses`)).json().bonuses;
    expect(active).toHaveLength(bonuses.length + 1);
    expect(active[0]).toMatchObject({ id: a.json().bonusId, offerId: offer.id });
  });

  it.each(['cl', 'pe'] as const)('%s: a bonus the points cannot pay is refused clearly and changes nothing', async (site) => {
    const { v, phone } = await signIn(site, 'prepaid');
    const { offers, bonuses } = (await v.call('GET', `/restpp/asset/${phone}/bonuses`)).json();
    const before = await pointsOf(v, phone);
    const dearest = offers.reduce((x: { pointsPrice: number }, o: { pointsPrice: number }) => (o.pointsPrice > x.pointsPrice ? o : x));
    // spend down to below the dearest bonus first when the line has plenty
    expect(before.points.amount).toBeLessThan(dearest.pointsPrice * 10);
    const cheap = offers.reduce((x: { pointsPrice: number }, o: { pointsPrice: number }) => (o.pointsPrice < x.pointsPrice ? o : x));
    let left = before.points.amount as number;
    for (let i = 0; left >= dearest.pointsPrice; i++) {
      const res = await v.call('POST', `/restpp/asset/${phone}/bonuses`, { offerId: cheap.id, idempotencyKey: `bonus-${site}-spend-${i}0000` });
      expect(res.statusCode).toBe(200);
      left = res.json().points;
    }
    const short = await v.call('POST', `/restpp/asset/${phone}/bonuses`, { offerId: dearest.id, idempotencyKey: `bonus-${site}-short-001` });
    expect(short.statusCode).toBe(409);
    expect(short.json().response.systemMessage[0]).toMatchObject({
      exceptionKey: 'account.error.bonus.short',
      messages: [`No tienes puntos suficientes para este bono: cuesta ${dearest.pointsPrice} puntos y tienes ${left}.`],
    });
    const after = await pointsOf(v, phone);
    expect(after.points.amount).toBe(left);
    expect(after.points.amount).toBeGreaterThanOrEqual(0);
    const active = (await v.call('GET', `/restpp/asset/${phone}/bonuses`)).json().bonuses;
    expect(active.filter((b: { offerId: string }) => b.offerId === dearest.id)).toHaveLength(
      bonuses.filter((b: { offerId: string }) => b.offerId === dearest.id).length,
    );
    expect((await v.call('POST', `/restpp/asset/${phone}/bonuses`, { offerId: 'NOPE', idempotencyKey: `bonus-${site}-nope-0001` })).statusCode).toBe(404);
    expect((await v.call('POST', `/restpp/asset/${phone}/bonuses`, { offerId: cheap.id })).json().validationError.idempotencyKey).toBeDefined();
  });

  it.each(['cl', 'pe'] as const)("%s: lists the line's equipment with the installments left", async (site) => {
    const { v, phone } = await signIn(site, 'postpaid');
    const { equipment } = (await v.call('GET', `/REST/asset/${phone}/equipment`)).json();
    expect(equipment.length).toBeGreaterThan(0);
    const e = equipment[0];
    expect(e.imei).toMatch(/^\d{15}$/);
    expect(e.installmentsPaid + e.installmentsLeft).toBe(e.installments);
    expect(e.amountLeft.amount).toBe(e.installmentsLeft * e.installmentAmount.amount);
    if (site === 'pe') expect(e.installments).toBe(18);
    const prepaid = await signIn(site, 'prepaid');
    expect((await prepaid.v.call('GET', `/REST/asset/${prepaid.phone}/equipment`)).json().equipment).toEqual([]);
  });

  it.each(['cl', 'pe'] as const)('%s: saves notification preferences, refusing a required notice without channels', async (site) => {
    const { v } = await signIn(site, 'prepaid');
    const url = '/restpp/asset/notifications/preferences';
    const initial = (await v.call('GET', url)).json();
    expect(initial.required).toEqual(['bills', 'security']);
    expect(initial.preferences.bills).toEqual({ email: true, sms: true, push: false });
    const chosen = { ...initial.preferences, promotions: { email: false, sms: false, push: false }, bags: { email: false, sms: true, push: true } };
    expect((await v.call('PUT', url, chosen)).json().preferences).toEqual(chosen);
    const bad = await v.call('PUT', url, { ...chosen, bills: { email: false, sms: false, push: false }, points: { email: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().validationError).sort()).toEqual(expect.arrayContaining(['bills']));
    expect(bad.json().validationError.bills[0]).toBe('Elige al menos un canal para este aviso');
    expect((await v.call('GET', url)).json().preferences).toEqual(chosen);
  });

  it.each(['cl', 'pe'] as const)('%s: sends a customer-service request, lists it and withdraws it', async (site) => {
    const { v, phone } = await signIn(site, 'postpaid');
    const url = `/restpp/asset/${phone}/requests`;
    const seeded = (await v.call('GET', url)).json().requests;
    expect(seeded.length).toBeGreaterThan(0);
    const bad = await v.call('POST', url, { topic: 'nope', description: 'corto' });
    expect(Object.keys(bad.json().validationError).sort()).toEqual(['contactChannel', 'description', 'topic']);
    const created = (await v.call('POST', url, { topic: 'plan', description: 'Quiero cambiarme a un plan con más datos', contactChannel: 'email' })).json()
      .request;
    expect(created).toMatchObject({ number: expect.stringMatching(/^SR-\d{7}$/), status: 'received', topic: 'plan' });
    const list = (await v.call('GET', url)).json().requests;
    expect(list[0]).toMatchObject({ id: created.id, status: 'received' });
    expect((await v.call('POST', `${url}/${created.id}/withdraw`)).json().request.status).toBe('withdrawn');
    const again = await v.call('POST', `${url}/${created.id}/withdraw`);
    expect(again.statusCode).toBe(409);
    expect(again.json().response.systemMessage[0].exceptionKey).toBe('account.error.request.transition');
    const answered = seeded.find((r: { status: string }) => ['inProgress', 'answered', 'closed'].includes(r.status));
    if (answered) expect((await v.call('POST', `${url}/${answered.id}/withdraw`)).statusCode).toBe(409);
  });

  it.each(['cl', 'pe'] as const)('%s: a bill unpaid 5 days past due cuts the line when read; paying it restores the line, and only once', async (site) => {
    const { v, phone } = await signIn(site, 'postpaid');
    const db = sites[site].app.db;
    const bills = (await v.call('GET', `/restpp/asset/${phone}/bills`)).json().bills;
    const target = bills.find((b: { status: string }) => b.status === 'unpaid' || b.status === 'overdue');
    expect(target).toBeDefined();
    const statusOf = async () => (await v.call('GET', '/restpp/assets')).json().assets.find((a: { phoneNumber: string }) => a.phoneNumber === phone).status;
    expect(await statusOf()).toBe('active');
    // time passes: the due date is now 6 days ago (nothing else touches the line)
    await db
      .update(schema.bills)
      .set({ dueAt: daysAgo(site, 6) })
      .where(eq(schema.bills.id, target.id));
    expect(await statusOf()).toBe('cut');
    expect((await v.call('GET', `/REST/asset/${phone}/plan`)).json().status).toBe('cut');
    expect(
      (await v.call('POST', `/restpp/asset/${phone}/bonuses`, { offerId: 'BONUS_GB_2_7D', idempotencyKey: `cut-${site}-bonus-01` })).json().response
        .systemMessage[0].exceptionKey,
    ).toBe('account.error.line.cut');

    // two payment attempts with different keys, both reach the gateway: one charge only
    const pay = (key: string) => v.call('POST', `/restpp/asset/${phone}/bills/${target.id}/pay`, { idempotencyKey: key });
    const first = (await pay(`pay-${site}-first-0001`)).json();
    const second = (await pay(`pay-${site}-second-001`)).json();
    const a = await gateway(v, first.response.redirectRUL);
    const b = await gateway(v, second.response.redirectRUL);
    expect((await v.call('GET', a.back)).headers.location).toMatch(/resultado=approved/);
    const dup = await v.call('GET', b.back);
    expect(dup.headers.location).toMatch(/^\/personas\/mientel\/boleta\?resultado=duplicate&orden=BP/);
    const [gw] = await db.select().from(schema.gatewayTransactions).where(eq(schema.gatewayTransactions.token, b.token));
    expect(gw!.committedAt).toBeNull();
    const payments = (await v.call('GET', `/restpp/asset/${phone}/payments`)).json().payments.filter((p: { billId: number | null }) => p.billId === target.id);
    expect(payments).toHaveLength(1);
    expect(await statusOf()).toBe('active');
    const third = await pay(`pay-${site}-third-0001`);
    expect(third.statusCode).toBe(409);
    expect(third.json().response.systemMessage[0].messages[0]).toBe(site === 'cl' ? 'Esta boleta ya está pagada.' : 'Este recibo ya está pagado.');
  });

  it.each(['cl', 'pe'] as const)('%s: personal data at /restpp/order/customer/info: shown and changed when signed in, document read-only', async (site) => {
    const { v } = await signIn(site, 'prepaid');
    const url = '/restpp/order/customer/info';
    const before = (await v.call('GET', url)).json().customer;
    expect(before.documentKind).toBe(site === 'cl' ? 'rut' : 'dni');
    const changed = { firstName: 'Andrea', lastName: 'Núñez Paz', email: 'andrea.nunez@example.com', contactPhone: '955555555' };
    expect((await v.call('PUT', url, changed)).json().customer).toMatchObject({ ...changed, document: before.document });
    const doc = await v.call('PUT', url, { ...changed, document: site === 'cl' ? '11.111.111-1' : '11111111' });
    expect(doc.json().validationError.document[0]).toMatch(site === 'cl' ? /RUT no se puede cambiar/ : /DNI no se puede cambiar/);
    const bad = await v.call('PUT', url, { ...changed, email: 'x', contactPhone: '12' });
    expect(Object.keys(bad.json().validationError).sort()).toEqual(['contactPhone', 'email']);
    expect((await v.call('GET', url)).json().customer).toMatchObject(changed);
  });

  const balanceOf = async (v: Visitor, phone: string) => (await v.call('GET', `/REST/asset/${phone}/balance`)).json().balance.principal.amount as number;
  const lineId = async (site: 'cl' | 'pe', phone: string) =>
    (await sites[site].app.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, phone)))[0]!.id;

  it('subscribes to a recurring bag once, refuses a second subscription, and cancelling keeps the paid period', async () => {
    const { v, phone } = await signIn('cl', 'prepaid');
    const before = await balanceOf(v, phone);
    const body = { offerId: 'BAG_PROMO_RRSS_30D', payment: 'balance', idempotencyKey: 'sub-cl-rrss-00001' };
    const [a, b] = await Promise.all([v.call('POST', `/REST/asset/${phone}/bag`, body), v.call('POST', `/REST/asset/${phone}/bag`, body)]);
    expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
    expect(a.json()).toMatchObject({ mode: 'recurring', balance: { amount: before - 2990 } });
    expect(await balanceOf(v, phone)).toBe(before - 2990);
    const subscribed = (await v.call('GET', `/REST/asset/${phone}/bag`)).json().bags.find((x: { id: number }) => x.id === a.json().bagId);
    expect(subscribed).toMatchObject({ recurring: true, payment: 'balance' });
    const again = await v.call('POST', `/REST/asset/${phone}/bag`, { ...body, idempotencyKey: 'sub-cl-rrss-00002' });
    expect(again.statusCode).toBe(409);
    expect(again.json().response.systemMessage[0].exceptionKey).toBe('account.error.bag.subscribed');
    expect(await balanceOf(v, phone)).toBe(before - 2990);

    const cancelled = await v.call('DELETE', `/REST/asset/${phone}/bag/${a.json().bagId}`);
    expect(cancelled.json()).toMatchObject({ bagId: a.json().bagId, expiresAt: subscribed.expiresAt });
    // the paid month stays usable, and it no longer renews
    const kept = (await v.call('GET', `/REST/asset/${phone}/bag`)).json().bags.find((x: { id: number }) => x.id === a.json().bagId);
    expect(kept).toMatchObject({ recurring: false, expiresAt: subscribed.expiresAt });
    expect((await v.call('DELETE', `/REST/asset/${phone}/bag/${a.json().bagId}`)).json().response.systemMessage[0].exceptionKey).toBe(
      'account.error.bag.notRecurring',
    );
    const db = sites.cl.app.db;
    await db
      .update(schema.lineBags)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.lineBags.id, a.json().bagId));
    expect((await v.call('GET', `/REST/asset/${phone}/bag`)).json().bags.some((x: { id: number }) => x.id === a.json().bagId)).toBe(false);
    expect(await balanceOf(v, phone)).toBe(before - 2990);
  });

  it('renews a recurring bag from the balance once per period when its month ends, and suspends it with a notice when the balance is short', async () => {
    const { v, phone } = await signIn('cl', 'prepaid');
    const db = sites.cl.app.db;
    const id = await lineId('cl', phone);
    const [sub] = await db
      .select()
      .from(schema.lineBags)
      .where(and(eq(schema.lineBags.lineId, id), eq(schema.lineBags.offerId, 'BAG_10GB_REC'), eq(schema.lineBags.recurring, true)));
    expect(sub).toMatchObject({ status: 'active', payment: 'balance' });
    const ended = new Date(Date.now() - 3_600_000);
    await db.update(schema.lineBags).set({ expiresAt: ended, dataMbLeft: 10 }).where(eq(schema.lineBags.id, sub!.id));
    await db.update(schema.lines).set({ balance: 10_000 }).where(eq(schema.lines.id, id));
    // several screens read the line at once: one renewal, one charge
    await Promise.all([v.call('GET', `/REST/asset/${phone}/bag`), v.call('GET', '/restpp/assets'), v.call('GET', `/REST/asset/${phone}/bag`)]);
    expect(await balanceOf(v, phone)).toBe(10_000 - 6990);
    const renewed = (await v.call('GET', `/REST/asset/${phone}/bag`)).json().bags.find((x: { id: number }) => x.id === sub!.id);
    expect(renewed).toMatchObject({ recurring: true, dataMbLeft: 10240, expiresAt: new Date(ended.getTime() + 30 * 86_400_000).toISOString() });
    expect(await balanceOf(v, phone)).toBe(10_000 - 6990);
    const paid = (await v.call('GET', `/restpp/asset/${phone}/payments`)).json().payments[0];
    expect(paid).toMatchObject({ kind: 'bag', method: 'balance', amount: 6990 });

    // next month the balance cannot pay it: suspended, nothing charged, and the customer is told
    const unread = (await v.call('GET', '/restpp/asset/notifications')).json().unread;
    await db.update(schema.lineBags).set({ expiresAt: ended }).where(eq(schema.lineBags.id, sub!.id));
    await db.update(schema.lines).set({ balance: 500 }).where(eq(schema.lines.id, id));
    const after = (await v.call('GET', `/REST/asset/${phone}/bag`)).json();
    expect(after.bags.some((x: { id: number }) => x.id === sub!.id)).toBe(false);
    expect(after.suspended).toEqual([expect.objectContaining({ id: sub!.id, name: 'Bolsa 10 GB mensual', expiresAt: ended.toISOString() })]);
    expect(await balanceOf(v, phone)).toBe(500);
    const notices = (await v.call('GET', '/restpp/asset/notifications')).json();
    expect(notices.unread).toBe(unread + 1);
    expect(notices.notifications[0]).toMatchObject({ title: 'Suscripción suspendida: Bolsa 10 GB mensual', body: expect.stringContaining('$6.990') });
    // reading again changes nothing more; subscribing again replaces the suspended one
    await v.call('GET', '/restpp/assets');
    expect((await v.call('GET', '/restpp/asset/notifications')).json().unread).toBe(unread + 1);
    await db.update(schema.lines).set({ balance: 8000 }).where(eq(schema.lines.id, id));
    expect(
      (await v.call('POST', `/REST/asset/${phone}/bag`, { offerId: 'BAG_10GB_REC', payment: 'balance', idempotencyKey: 'resub-cl-10gb-001' })).statusCode,
    ).toBe(200);
    expect((await v.call('GET', `/REST/asset/${phone}/bag`)).json().suspended).toEqual([]);
  });

  it('renews a subscription charged to the bill once for every period that ended, as charges for the next bill', async () => {
    const { v } = await signIn('pe', 'postpaid');
    const phone = '943215678';
    const db = sites.pe.app.db;
    const id = await lineId('pe', phone);
    const [sub] = await db
      .select()
      .from(schema.lineBags)
      .where(and(eq(schema.lineBags.lineId, id), eq(schema.lineBags.recurring, true)));
    expect(sub).toMatchObject({ offerId: 'BAG_MIX_6GB_REC', payment: 'bill' });
    const before = {
      balance: await balanceOf(v, phone),
      payments: (await v.call('GET', `/restpp/asset/${phone}/payments`)).json().total.amount,
      next: (await v.call('GET', `/restpp/asset/${phone}/bills`)).json().nextBill,
    };
    // the customer has been away for two months and some days: three periods ended
    const ended = new Date(Date.now() - 65 * 86_400_000);
    await db.update(schema.lineBags).set({ expiresAt: ended }).where(eq(schema.lineBags.id, sub!.id));
    await Promise.all([v.call('GET', '/restpp/assets'), v.call('GET', `/REST/asset/${phone}/bag`)]);
    const next = (await v.call('GET', `/restpp/asset/${phone}/bills`)).json().nextBill;
    const renewals = next.charges.filter((c: { kind: string }) => c.kind === 'bag_renewal');
    expect(renewals).toHaveLength(3);
    expect(renewals.every((c: { amount: number; name: string }) => c.amount === 2000 && c.name === 'Bolsa Mixta 6 GB + 300 min mensual')).toBe(true);
    expect(next.total.amount).toBe(before.next.total.amount + 3 * 2000);
    const bag = (await v.call('GET', `/REST/asset/${phone}/bag`)).json().bags.find((x: { id: number }) => x.id === sub!.id);
    expect(bag.expiresAt).toBe(new Date(ended.getTime() + 90 * 86_400_000).toISOString());
    expect(await balanceOf(v, phone)).toBe(before.balance);
    expect((await v.call('GET', `/restpp/asset/${phone}/payments`)).json().total.amount).toBe(before.payments);
  });
  it.each([
    ['cl', '998877665', 'Tu boleta'],
    ['pe', '943215678', 'Tu recibo de servicios'],
  ] as const)(
    '%s: when the billing period ends its bill is issued once: the plan plus the charges made for it, due 15 days later, cutting the line 5 days after',
    async (site, phone, title) => {
      const { v } = await signIn(site, 'postpaid');
      const app = sites[site].app;
      const id = await lineId(site, phone);
      const billsOf = async () => (await v.call('GET', `/restpp/asset/${phone}/bills`)).json();
      const before = await billsOf();
      const issuesOn: string = before.nextBill.issuesOn;
      expect(issuesOn > new Date().toISOString().slice(0, 10)).toBe(true);
      const bought = await v.call('POST', `/REST/asset/${phone}/bag`, { offerId: 'BAG_1GB_7D', payment: 'bill', idempotencyKey: `cycle-${site}-bag-00001` });
      expect(bought.statusCode).toBe(200);
      const pending = (await billsOf()).nextBill;
      expect(pending.charges).toHaveLength(before.nextBill.charges.length + 1);
      // the period is still running: nothing to issue
      expect(await issueDueBills(app, { lineId: id })).toBe(0);

      // the period ends: two passes at once (two screens, or a screen and the sweep) issue one bill
      const end = new Date(`${issuesOn}T17:00:00Z`);
      expect((await Promise.all([issueDueBills(app, { lineId: id }, end), issueDueBills(app, { lineId: id }, end)])).sort()).toEqual([0, 1]);
      const plan = (await v.call('GET', `/REST/asset/${phone}/plan`)).json().plan;
      const after = await billsOf();
      expect(after.bills).toHaveLength(before.bills.length + 1);
      const bill = after.bills[0];
      expect(bill).toMatchObject({
        number: `${app.market.billNumberPrefix}-${issuesOn.slice(0, 7).replace('-', '')}-${phone}`,
        period: issuesOn.slice(0, 7),
        issuedAt: issuesOn,
        dueAt: billDueDay(issuesOn),
        // the plan, the charges made for it, and the phone's installment falling due that day (decision 027):
        // the next bill's total already counts that installment, as the page shows it
        amount: plan.price + pending.total.amount,
        status: 'unpaid',
      });
      const installments = bill.charges.filter((c: { kind: string }) => c.kind === 'installment');
      expect(installments.reduce((s: number, c: { amount: number }) => s + c.amount, 0)).toBe(pending.installments.amount);
      const others = bill.charges.filter((c: { kind: string }) => c.kind !== 'installment');
      expect(others.map((c: { id: number }) => c.id).sort()).toEqual(pending.charges.map((c: { id: number }) => c.id).sort());
      // nothing waits for the next bill but the installment falling due on it, which its total counts
      expect(after.nextBill).toMatchObject({ issuesOn: nextCycleDay(issuesOn, Number(issuesOn.slice(8))), charges: [] });
      expect(after.nextBill.total.amount).toBe(after.nextBill.installments.amount);
      const notice = (await v.call('GET', '/restpp/asset/notifications')).json().notifications[0];
      expect(notice.title).toBe(`${title} ${bill.number} está disponible`);
      expect(notice.body).toContain(bill.amountFormatted);
      const pdf = (await v.call('GET', bill.pdfUrl)).rawPayload.toString('latin1');
      expect(pdf).toContain(bill.number);

      // a charge made after the bill was issued waits for the next one; issuing again changes nothing
      await v.call('POST', `/REST/asset/${phone}/bag`, { offerId: 'BAG_1GB_7D', payment: 'bill', idempotencyKey: `cycle-${site}-bag-00002` });
      expect(await issueDueBills(app, { lineId: id }, end)).toBe(0);
      const later = await billsOf();
      expect(later.bills).toHaveLength(after.bills.length);
      expect(later.nextBill.charges).toHaveLength(1);

      // unpaid 5 days past its due date the new bill cuts the line (SPEC §9), not a day earlier
      const statusAt = async (day: string) => {
        await refreshLineStatuses(app.db, app.market.timeZone, { lineId: id }, new Date(`${day}T17:00:00Z`));
        return (await app.db.select().from(schema.lines).where(eq(schema.lines.id, id)))[0]!.status;
      };
      expect(await statusAt(addDaysIso(bill.dueAt, 5))).toBe('active');
      expect(await statusAt(addDaysIso(bill.dueAt, 6))).toBe('cut');
      // today the bill is not even due: reading the lines brings the status back
      await v.call('GET', '/restpp/assets');
      expect((await app.db.select().from(schema.lines).where(eq(schema.lines.id, id)))[0]!.status).toBe('active');
    },
  );

  it('a line cut for debt renews no subscription: it is suspended with a notice saying why, and nothing is charged', async () => {
    const { v } = await signIn('pe', 'postpaid');
    const phone = '943215678';
    const db = sites.pe.app.db;
    const id = await lineId('pe', phone);
    const [sub] = await db
      .select()
      .from(schema.lineBags)
      .where(and(eq(schema.lineBags.lineId, id), eq(schema.lineBags.recurring, true), eq(schema.lineBags.status, 'active')));
    expect(sub).toMatchObject({ offerId: 'BAG_MIX_6GB_REC', payment: 'bill' });
    const next = (await v.call('GET', `/restpp/asset/${phone}/bills`)).json().nextBill;
    // time passes: a bill is unpaid 6 days after its due date, and the subscription's month ended
    const [bill] = await db
      .select()
      .from(schema.bills)
      .where(and(eq(schema.bills.lineId, id), eq(schema.bills.status, 'unpaid')));
    await db
      .update(schema.bills)
      .set({ dueAt: daysAgo('pe', 6) })
      .where(eq(schema.bills.id, bill!.id));
    const ended = new Date(Date.now() - 3_600_000);
    await db.update(schema.lineBags).set({ expiresAt: ended }).where(eq(schema.lineBags.id, sub!.id));
    const bags = (await v.call('GET', `/REST/asset/${phone}/bag`)).json();
    expect(bags.bags.some((b: { id: number }) => b.id === sub!.id)).toBe(false);
    expect(bags.suspended).toEqual([expect.objectContaining({ id: sub!.id, reason: 'cut', expiresAt: ended.toISOString() })]);
    expect((await v.call('GET', `/restpp/asset/${phone}/bills`)).json().nextBill.total.amount).toBe(next.total.amount);
    const notice = (await v.call('GET', '/restpp/asset/notifications')).json().notifications[0];
    expect(notice.title).toBe('Suscripción suspendida: Bolsa Mixta 6 GB + 300 min mensual');
    expect(notice.body).toContain('suspendida por deuda');
    // paying does not bring it back by itself; subscribing again is refused while the line is cut
    const again = await v.call('POST', `/REST/asset/${phone}/bag`, { offerId: 'BAG_MIX_6GB_REC', payment: 'bill', idempotencyKey: 'resub-pe-cut-00001' });
    expect(again.json().response.systemMessage[0].exceptionKey).toBe('account.error.line.cut');
  });
});
