import { afterEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { NUMBER_QUARANTINE_DAYS } from '@andes/domain/number-change';
import { numberChangeResponse, numberOverviewResponse } from '@andes/contract/inputs/numbering';
import { drivers, passIdentityStepUp, startTestSite, Visitor, type TestSite } from './helpers.ts';

/** The line-change journeys' demo customers (one per market), and another customer (with their line) for ownership and competition. */
const people = {
  cl: {
    login: '15.836.947-8',
    secret: '3917',
    phone: '934512870',
    email: 'tomas.riquelme@example.com',
    doc: '15836947',
    other: { login: '12.345.678-5', secret: '1234', phone: '912345678' },
  },
  pe: {
    login: '44813572',
    secret: '715284',
    phone: '934512870',
    email: 'rosa.huaman@example.com',
    doc: '44813572',
    other: { login: '987654321', secret: '123456', phone: '987654321' },
  },
} as const;

describe.each(drivers)('number change (%s database)', (driver) => {
  let site: TestSite;
  const signIn = async (login: string, secret: string) => {
    const v = await new Visitor(site.app).open();
    expect((await v.login(login, secret)).statusCode).toBe(200);
    return v;
  };
  const open = async (market: SiteId) => {
    site = await startTestSite(market, driver);
    const p = people[market];
    return { v: await signIn(p.login, p.secret), p };
  };
  afterEach(async () => site?.close());

  it.each(['cl', 'pe'] as const)(
    '%s: five numbers reserved, one picked with the step-up; the old one quarantined; points and frequent numbers stay',
    async (market) => {
      const { v, p } = await open(market);
      const [before] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, p.phone));
      await site.database.db.insert(schema.frequentNumbers).values({ lineId: before!.id, number: '922334455' });

      expect((await v.call('POST', `/restpp/asset/${p.other.phone}/number/offers`)).statusCode).toBe(403);
      expect((await v.call('POST', `/restpp/asset/${p.phone}/number/offers`, undefined, { token: null })).statusCode).toBe(403);
      const offered = numberOverviewResponse.parse((await v.call('POST', `/restpp/asset/${p.phone}/number/offers`)).json());
      expect(offered.offered).toHaveLength(5);
      expect(new Set(offered.offered).size).toBe(5);
      offered.offered.forEach((n) => expect(n).toMatch(/^9\d{8}$/));
      expect(Date.parse(offered.reservedUntil!) - Date.now()).toBeGreaterThan(5 * 60_000);
      // asking again keeps the same reservation
      expect(numberOverviewResponse.parse((await v.call('POST', `/restpp/asset/${p.phone}/number/offers`)).json()).offered).toEqual(offered.offered);

      // another customer is offered none of them
      const other = await signIn(p.other.login, p.other.secret);
      const theirs = numberOverviewResponse.parse((await other.call('POST', `/restpp/asset/${p.other.phone}/number/offers`)).json());
      expect(theirs.offered.filter((n) => offered.offered.includes(n))).toEqual([]);

      const pick = offered.offered[2]!;
      expect((await v.call('POST', `/restpp/asset/${p.phone}/number/change`, { number: pick, stepUpId: 'not-a-real-step-up' })).statusCode).toBe(403);
      const stepUpId = await passIdentityStepUp(v, site.database, p, 'numberChange');
      const notMine = await v.call('POST', `/restpp/asset/${p.phone}/number/change`, { number: theirs.offered[0], stepUpId });
      expect(notMine.statusCode).toBe(409);
      expect(Object.keys(notMine.json().validationError)).toEqual(['number']);
      const changed = numberChangeResponse.parse((await v.call('POST', `/restpp/asset/${p.phone}/number/change`, { number: pick, stepUpId })).json());
      expect(changed).toMatchObject({ phoneNumber: pick, oldNumber: p.phone });
      // the other reservations were let go with the change
      expect((await v.call('POST', `/restpp/asset/${pick}/number/change`, { number: offered.offered[3], stepUpId })).statusCode).toBe(409);

      const [after] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.id, before!.id));
      expect(after).toMatchObject({ phoneNumber: pick, points: before!.points, balance: before!.balance, planId: before!.planId });
      const frequent = await site.database.db.select().from(schema.frequentNumbers).where(eq(schema.frequentNumbers.lineId, before!.id));
      expect(frequent.map((f) => f.number)).toEqual(['922334455']);
      const assets = (await v.call('GET', '/restpp/assets')).json().assets as Array<{ phoneNumber: string }>;
      expect(assets.map((a) => a.phoneNumber)).toContain(pick);
      expect((await v.call('GET', `/restpp/asset/${p.phone}/number`)).statusCode).toBe(403);

      const holds = await site.database.db.select().from(schema.numberHolds).where(eq(schema.numberHolds.lineId, before!.id));
      expect(holds.map((h) => [h.number, h.kind])).toEqual([[p.phone, 'quarantined']]);
      const days = (holds[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(Math.round(days)).toBe(NUMBER_QUARANTINE_DAYS);
      const history = numberOverviewResponse.parse((await v.call('GET', `/restpp/asset/${pick}/number`)).json());
      expect(history.changes).toEqual([expect.objectContaining({ oldNumber: p.phone, newNumber: pick })]);
      const [mail] = await site.database.db.select().from(schema.outbox).where(eq(schema.outbox.recipient, p.email)).orderBy(desc(schema.outbox.id)).limit(1);
      expect(mail!.subject).toBe('Cambiamos tu número');
    },
  );

  it('cl: a reservation that lapsed is not the line’s any more', async () => {
    const { v, p } = await open('cl');
    const offered = numberOverviewResponse.parse((await v.call('POST', `/restpp/asset/${p.phone}/number/offers`)).json());
    await site.database.db
      .update(schema.numberHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(schema.numberHolds.kind, 'reserved')));
    const stepUpId = await passIdentityStepUp(v, site.database, p, 'numberChange');
    expect((await v.call('POST', `/restpp/asset/${p.phone}/number/change`, { number: offered.offered[0], stepUpId })).statusCode).toBe(409);
    expect(numberOverviewResponse.parse((await v.call('GET', `/restpp/asset/${p.phone}/number`)).json()).offered).toEqual([]);
  });

  if (driver === 'server') {
    it('pe: forty parallel offers from two customers reserve each number once', async () => {
      const { v, p } = await open('pe');
      const other = await signIn(p.other.login, p.other.secret);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2 ? v.call('POST', `/restpp/asset/${p.phone}/number/offers`) : other.call('POST', `/restpp/asset/${p.other.phone}/number/offers`),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
      const mine = new Set(answers.filter((_, i) => i % 2).flatMap((a) => a.json().offered as string[]));
      const theirs = new Set(answers.filter((_, i) => !(i % 2)).flatMap((a) => a.json().offered as string[]));
      const holds = await site.database.db.select().from(schema.numberHolds);
      expect(holds).toHaveLength(10);
      expect(mine.size).toBe(5);
      expect(theirs.size).toBe(5);
      expect([...mine].filter((n) => theirs.has(n))).toEqual([]);
    });
  }
  if (driver === 'server') {
    it('cl: forty parallel changes to two of the offered numbers, each with a passed step-up, change the number once', async () => {
      const { v, p } = await open('cl');
      const offered = numberOverviewResponse.parse((await v.call('POST', `/restpp/asset/${p.phone}/number/offers`)).json()).offered;
      const first = await passIdentityStepUp(v, site.database, p, 'numberChange');
      const [row] = await site.database.db.select().from(schema.stepUps).where(eq(schema.stepUps.id, first));
      const ids = [first, ...Array.from({ length: 39 }, (_, i) => `${first.slice(0, 20)}race${String(i).padStart(2, '0')}`)];
      await site.database.db.insert(schema.stepUps).values(ids.slice(1).map((id) => ({ ...row!, id })));
      const answers = await Promise.all(
        ids.map((stepUpId, i) => v.call('POST', `/restpp/asset/${p.phone}/number/change`, { number: offered[i % 2]!, stepUpId })),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => ![200, 409, 403].includes(a.statusCode)).map((a) => `${a.statusCode} ${a.body.slice(0, 200)}`)).toEqual([]);
      const changes = await site.database.db.select().from(schema.numberChanges);
      expect(changes).toHaveLength(1);
      const [line] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.id, changes[0]!.lineId));
      expect(line!.phoneNumber).toBe(changes[0]!.newNumber);
    }, 60_000);
  }
});
