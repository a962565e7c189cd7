import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { addDaysIso, isoDayInZone } from '@andes/domain/account-bills';
import { getMarket } from '@andes/domain/market';
import { suspensionOverviewResponse } from '@andes/contract/inputs/suspension';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

/** The suspension journeys' demo customers (one per market), and another customer's line for the ownership check. */
const people = {
  cl: { login: '15.836.947-8', secret: '3917', phone: '934512870', foreign: '912345678' },
  pe: { login: '934512870', secret: '715284', phone: '934512870', foreign: '987654321' },
} as const;

describe.each(drivers)('temporary suspension (%s database)', (driver) => {
  // one site per test: a suspension outlives its test otherwise
  let site: TestSite;
  const open = async (market: SiteId) => {
    site = await startTestSite(market, driver);
    const p = people[market];
    const v = await new Visitor(site.app).open();
    expect((await v.login(p.login, p.secret)).statusCode).toBe(200);
    return { v, p, today: isoDayInZone(new Date(), getMarket(market).timeZone) };
  };
  afterEach(async () => site?.close());
  const url = (phone: string, rest = '') => `/restpp/asset/${phone}/suspension${rest}`;

  it.each(['cl', 'pe'] as const)('%s: suspended from today, money actions refused, ended early and active again', async (market) => {
    const { v, p, today } = await open(market);
    const overview = suspensionOverviewResponse.parse((await v.call('GET', url(p.phone))).json());
    expect(overview.rule).toMatchObject(market === 'pe' ? { minDays: 15, maxDays: 60, billed: false } : { minDays: 7, maxDays: 60, billed: true });
    expect(overview).toMatchObject({ today, daysLeft: 60, current: null, status: 'active' });

    const body = { reason: 'travel', startsOn: today, endsOn: addDaysIso(today, 19) };
    expect((await v.call('GET', url(p.foreign))).statusCode).toBe(403);
    expect((await v.call('POST', url(p.foreign), body)).statusCode).toBe(403);
    expect((await v.call('POST', url(p.phone), body, { token: null })).statusCode).toBe(403);

    const tooShort = await v.call('POST', url(p.phone), { ...body, endsOn: addDaysIso(today, 3) });
    expect(tooShort.statusCode).toBe(400);
    expect(Object.keys(tooShort.json().validationError)).toEqual(['endsOn']);
    const past = await v.call('POST', url(p.phone), { ...body, startsOn: addDaysIso(today, -1) });
    expect(past.statusCode).toBe(400);
    expect(Object.keys(past.json().validationError)).toEqual(['startsOn']);
    const malformed = await v.call('POST', url(p.phone), { reason: 'holiday', startsOn: '2026-13-40', endsOn: 7 });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().validationError).sort()).toEqual(['endsOn', 'reason', 'startsOn']);

    const started = suspensionOverviewResponse.parse((await v.call('POST', url(p.phone), body)).json());
    expect(started.status).toBe('suspended');
    expect(started.current).toMatchObject({ state: 'active', startsOn: today, days: 20 });
    expect(started.daysLeft).toBe(40);
    const assets = (await v.call('GET', '/restpp/assets')).json().assets as Array<{ phoneNumber: string; status: string }>;
    expect(assets.find((a) => a.phoneNumber === p.phone)?.status).toBe('suspended');
    const bag = await v.call('POST', `/REST/asset/${p.phone}/bag`, { offerId: 'BAG_500MB_1D', payment: 'bill', idempotencyKey: `suspended-bag-${market}-01` });
    expect(bag.statusCode).toBe(409);
    expect(bag.json().response.systemMessage[0].exceptionKey).toBe('suspension.error.line.suspended');
    expect((await v.call('POST', url(p.phone), body)).statusCode).toBe(409);

    expect((await v.call('POST', url(p.foreign, '/end'))).statusCode).toBe(403);
    const ended = suspensionOverviewResponse.parse((await v.call('POST', url(p.phone, '/end'))).json());
    expect(ended.status).toBe('active');
    expect(ended.current).toBeNull();
    // ended the day it began: no day was suspended, none counts against the year
    expect(ended.history[0]).toMatchObject({ state: 'ended', days: 0 });
    expect(ended.daysLeft).toBe(60);
    expect((await v.call('POST', url(p.phone, '/end'))).statusCode).toBe(409);
    const notices = await site.database.db.select().from(schema.notifications);
    expect(notices.map((n) => n.title)).toEqual(expect.arrayContaining(['Suspensión temporal programada', 'Tu línea está activa']));
  });

  it.each(['cl', 'pe'] as const)('%s: a suspension that ran its days is settled once; Peru credits the plan for them', async (market) => {
    const { v, p, today } = await open(market);
    const [line] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, p.phone));
    // twenty days that ended yesterday, never read since: the first read settles them
    await site.database.db.insert(schema.lineSuspensions).values({
      lineId: line!.id,
      reason: 'break',
      startsOn: addDaysIso(today, -20),
      endsOn: addDaysIso(today, -1),
      createdAt: new Date(Date.now() - 21 * 86_400_000),
    });
    await site.database.db.update(schema.lines).set({ status: 'suspended' }).where(eq(schema.lines.id, line!.id));
    const reads = await Promise.all([v.call('GET', url(p.phone)), v.call('GET', url(p.phone)), v.call('GET', '/restpp/assets')]);
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const after = suspensionOverviewResponse.parse((await v.call('GET', url(p.phone))).json());
    expect(after.status).toBe('active');
    expect(after.history[0]).toMatchObject({ state: 'ended', days: 20 });
    const credits = await site.database.db
      .select()
      .from(schema.billCharges)
      .where(and(eq(schema.billCharges.lineId, line!.id), eq(schema.billCharges.kind, 'suspension')));
    const [plan] = await site.database.db.select().from(schema.plans).where(eq(schema.plans.id, 'PO_PLAN_LIBRE_30'));
    if (market === 'pe') {
      expect(credits.map((c) => c.amount)).toEqual([-Math.ceil((plan!.price * 20) / 30)]);
      expect(after.history[0]!.credit).toBe(Math.ceil((plan!.price * 20) / 30));
    } else {
      expect(credits).toEqual([]);
      expect(after.history[0]!.credit).toBeNull();
    }
  });

  it.each(['cl', 'pe'] as const)('%s: a suspension planned ahead leaves the line active, and can be called off', async (market) => {
    const { v, p, today } = await open(market);
    const planned = suspensionOverviewResponse.parse(
      (await v.call('POST', url(p.phone), { reason: 'break', startsOn: addDaysIso(today, 5), endsOn: addDaysIso(today, 24) })).json(),
    );
    expect(planned.status).toBe('active');
    expect(planned.current).toMatchObject({ state: 'scheduled', days: 20 });
    const over = await v.call('POST', url(p.phone), { reason: 'break', startsOn: addDaysIso(today, 26), endsOn: addDaysIso(today, 30) });
    expect(over.statusCode).toBe(409);
    const off = suspensionOverviewResponse.parse((await v.call('POST', url(p.phone, '/end'))).json());
    expect(off).toMatchObject({ status: 'active', current: null, daysLeft: 60 });
  });

  if (driver === 'server') {
    it('pe: forty parallel requests make one suspension', async () => {
      const { v, p, today } = await open('pe');
      const body = { reason: 'travel', startsOn: today, endsOn: addDaysIso(today, 29) };
      const answers = await Promise.all(Array.from({ length: 40 }, () => v.call('POST', url(p.phone), body)));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
      const rows = await site.database.db.select().from(schema.lineSuspensions);
      expect(rows).toHaveLength(1);
    });
  }
  it.each(['cl', 'pe'] as const)('%s: a day that is not in the calendar is a per-field 400, never a 500', async (market) => {
    const { v, p, today } = await open(market);
    // '…-31' of a short month (or Feb 29–31) between today and 89 days ahead: the first day can be 30
    // days ahead and the last 59 days after it, so a date the calendar lacks fits the window of one of them
    const impossible: string[] = [];
    for (let d = 0; d <= 89; d++) {
      const [y, m] = addDaysIso(today, d).split('-');
      for (const day of ['29', '30', '31']) {
        const iso = `${y}-${m}-${day}`;
        if (new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) !== iso && !impossible.includes(iso)) impossible.push(iso);
      }
    }
    expect(impossible.length).toBeGreaterThan(0);
    for (const bad of impossible) {
      const asStart = await v.call('POST', url(p.phone), { reason: 'travel', startsOn: bad, endsOn: addDaysIso(bad.slice(0, 8) + '28', 20) });
      expect(asStart.statusCode).toBe(400);
      expect(Object.keys(asStart.json().validationError)).toContain('startsOn');
      const asEnd = await v.call('POST', url(p.phone), { reason: 'travel', startsOn: addDaysIso(bad.slice(0, 8) + '28', -20), endsOn: bad });
      expect(asEnd.statusCode).toBe(400);
      expect(Object.keys(asEnd.json().validationError)).toContain('endsOn');
    }
    expect(suspensionOverviewResponse.parse((await v.call('GET', url(p.phone))).json()).current).toBeNull();
  });
  it('cl: a suspension that began today stops a balance transfer even before any page was read', async () => {
    site = await startTestSite('cl', driver);
    const v = await new Visitor(site.app).open();
    expect((await v.login('15.432.198-5', '4321')).statusCode).toBe(200);
    const today = isoDayInZone(new Date(), getMarket('cl').timeZone);
    const [line] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, '987654321'));
    // planned earlier for today: nothing has read the line since its first day began
    await site.database.db
      .insert(schema.lineSuspensions)
      .values({ lineId: line!.id, reason: 'travel', startsOn: today, endsOn: addDaysIso(today, 9), createdAt: new Date() });
    const body = { targetPhoneNumber: '998877665', amount: 1000, idempotencyKey: 'transfer-suspended-cl-01' };
    const transfer = await v.call('POST', '/REST/asset/987654321/balance/transfer', body);
    expect(transfer.statusCode).toBe(409);
    expect(transfer.json().response.systemMessage[0].exceptionKey).toBe('suspension.error.line.suspended');
    const [after] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.id, line!.id));
    expect(after!.balance).toBe(line!.balance);
  }, 60_000);
  it('cl: a line whose bill cut it since it was last read cannot be suspended', async () => {
    site = await startTestSite('cl', driver);
    const v = await new Visitor(site.app).open();
    expect((await v.login('20.961.605-K', '5678')).statusCode).toBe(200);
    const today = isoDayInZone(new Date(), getMarket('cl').timeZone);
    // its stored status from before the overdue bill's cut: nothing has read the line since
    await site.database.db.update(schema.lines).set({ status: 'active' }).where(eq(schema.lines.phoneNumber, '976543210'));
    const asked = await v.call('POST', url('976543210'), { reason: 'travel', startsOn: today, endsOn: addDaysIso(today, 9) });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().response.systemMessage[0].exceptionKey).toBe('suspension.error.lineNotActive');
    expect(await site.database.db.select().from(schema.lineSuspensions)).toEqual([]);
  }, 60_000);
});
