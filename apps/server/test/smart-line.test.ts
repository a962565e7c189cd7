import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { isValidEid } from '@andes/domain/smart-line';
import { smartLineResponse } from '@andes/contract/inputs/smart-line';
import { addSmartLine } from '../src/modules/smart-line/index.ts';
import { drivers, passIdentityStepUp, startTestSite, Visitor, type TestSite } from './helpers.ts';

/** The smart line's demo customers (a postpaid and a prepaid line each), and another customer's line for the ownership check. */
const people = {
  cl: {
    login: '22.400.002-2',
    secret: '4641',
    phone: '934640002',
    prepaid: '934640003',
    foreign: '912345678',
    email: 'rodrigo.alarcon@example.com',
    doc: '22400002',
  },
  pe: {
    login: '934640012',
    secret: '464012',
    phone: '934640012',
    prepaid: '934640013',
    foreign: '987654321',
    email: 'luis.ramos@example.com',
    doc: '46400012',
  },
} as const;

/** EIDs with right check digits (GSMA SGP.29), and one the sandbox provider fails (docs/sandbox.md). */
const EID = '89049032000000000000000012345644';
const EID_2 = '89049032000000000000000077777770';
const EID_DOWN = '89049032000000000000000099999985';

describe.each(drivers)('smart line (%s database)', (driver) => {
  let site: TestSite;
  const open = async (market: SiteId) => {
    site = await startTestSite(market, driver);
    const p = people[market];
    const v = await new Visitor(site.app).open();
    expect((await v.login(p.login, p.secret)).statusCode).toBe(200);
    return { v, p };
  };
  afterEach(async () => site?.close());
  const url = (phone: string, rest = '') => `/restpp/asset/${phone}/smart-line${rest}`;

  it('knows a right EID from a wrong one', () => {
    expect([EID, EID_2, EID_DOWN].every(isValidEid)).toBe(true);
    expect(isValidEid(`${EID.slice(0, -1)}0`)).toBe(false);
    expect(isValidEid(`99${EID.slice(2)}`)).toBe(false);
    expect(isValidEid(EID.slice(1))).toBe(false);
  });

  it.each(['cl', 'pe'] as const)('%s: a watch gets the line’s number, one at a time, and gives it back', async (market) => {
    const { v, p } = await open(market);
    const first = smartLineResponse.parse((await v.call('GET', url(p.phone))).json());
    expect(first).toMatchObject({ lineKind: 'postpaid', status: 'active', refusal: null, current: null, history: [] });

    const body = { watchName: 'Galaxy Watch6', eid: EID, stepUpId: 'not-a-real-step-up' };
    expect((await v.call('GET', url(p.foreign))).statusCode).toBe(403);
    expect((await v.call('POST', url(p.foreign), body)).statusCode).toBe(403);
    expect((await v.call('POST', url(p.phone), body, { token: null })).statusCode).toBe(403);
    const bad = await v.call('POST', url(p.phone), { watchName: '<script>', eid: `${EID.slice(0, -1)}0` });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().validationError).sort()).toEqual(['eid', 'stepUpId', 'watchName']);
    expect((await v.call('POST', url(p.phone), { watchName: 7, eid: null, stepUpId: [] })).statusCode).toBe(400);
    // without a passed step-up nothing is ordered
    const noStepUp = await v.call('POST', url(p.phone), body);
    expect(noStepUp.statusCode).toBe(403);
    expect(noStepUp.json().response.systemMessage[0].exceptionKey).toBe('device.error.stepUp.required');

    // the provider down: nothing recorded, the customer may try again (with a new step-up: this one is spent)
    const down = await v.call('POST', url(p.phone), { ...body, eid: EID_DOWN, stepUpId: await passIdentityStepUp(v, site.database, p, 'smartLine') });
    expect(down.statusCode).toBe(502);
    expect(await site.database.db.select().from(schema.smartLines)).toHaveLength(0);

    // spaces typed between the digits are fine
    const stepUpId = await passIdentityStepUp(v, site.database, p, 'smartLine');
    const added = smartLineResponse.parse((await v.call('POST', url(p.phone), { ...body, stepUpId, eid: EID.replace(/(\d{4})/g, '$1 ') })).json());
    expect(added.current).toMatchObject({ watchName: 'Galaxy Watch6', eid: EID });
    expect(added.current!.activationCode).toMatch(/^LPA:1\$[\w.-]+\$\w+$/);
    expect(added.current!.iccid).toMatch(market === 'cl' ? /^8956\d{16}$/ : /^8951\d{16}$/);
    // the code is the number's eSIM: answered to the step-up's request only, never to a later read by the session
    const later = smartLineResponse.parse((await v.call('GET', url(p.phone))).json());
    expect(later.current).toMatchObject({ eid: EID, activationCode: null });
    expect(JSON.stringify(later)).not.toContain(added.current!.activationCode!);
    // one watch at a time: refused before a step-up is asked for or spent
    const second = await v.call('POST', url(p.phone), { ...body, eid: EID_2 });
    expect(second.statusCode).toBe(409);
    expect(second.json().response.systemMessage[0].exceptionKey).toBe('smartLine.error.exists');
    const notices = await site.database.db.select().from(schema.outbox).where(eq(schema.outbox.recipient, p.email));
    expect(notices.some((n) => n.subject === 'Tu número está en un reloj')).toBe(true);

    expect((await v.call('POST', url(p.foreign, '/remove'))).statusCode).toBe(403);
    const removed = smartLineResponse.parse((await v.call('POST', url(p.phone, '/remove'))).json());
    expect(removed.current).toBeNull();
    expect(removed.history[0]).toMatchObject({ eid: EID, removedAt: expect.any(String) });
    // the step-up was spent: it does not add a watch again
    const replayed = await v.call('POST', url(p.phone), { ...body, stepUpId });
    expect(replayed.statusCode).toBe(403);
    const again = await v.call('POST', url(p.phone, '/remove'));
    expect(again.statusCode).toBe(409);
    expect(again.json().response.systemMessage[0].exceptionKey).toBe('smartLine.error.none');
    const next = smartLineResponse.parse(
      (await v.call('POST', url(p.phone), { ...body, eid: EID_2, stepUpId: await passIdentityStepUp(v, site.database, p, 'smartLine') })).json(),
    );
    expect(next.current).toMatchObject({ eid: EID_2 });
  });

  it.each(['cl', 'pe'] as const)('%s: a prepaid line or a line not active may not have one', async (market) => {
    const { v, p } = await open(market);
    const prepaid = smartLineResponse.parse((await v.call('GET', url(p.prepaid))).json());
    expect(prepaid.refusal).toBe('smartLine.error.kind');
    const refused = await v.call('POST', url(p.prepaid), { watchName: 'Apple Watch', eid: EID, stepUpId: 'not-a-real-step-up' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().response.systemMessage[0].exceptionKey).toBe('smartLine.error.kind');

    await site.database.db.update(schema.lines).set({ status: 'blocked' }).where(eq(schema.lines.phoneNumber, p.phone));
    expect(smartLineResponse.parse((await v.call('GET', url(p.phone))).json()).refusal).toBe('smartLine.error.status');
    const blocked = await v.call('POST', url(p.phone), { watchName: 'Apple Watch', eid: EID, stepUpId: 'not-a-real-step-up' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().response.systemMessage[0].exceptionKey).toBe('smartLine.error.status');
  });

  if (driver === 'server') {
    it('pe: forty parallel additions put the number on one watch (the capability itself, past the step-up)', async () => {
      const { p } = await open('pe');
      const [line] = await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, p.phone));
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, () => addSmartLine(site.app, { id: line!.id, phoneNumber: p.phone }, { watchName: 'Galaxy Watch6', eid: EID })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused.map((r) => (r.reason as { key: string }).key)).toEqual(Array(39).fill('smartLine.error.exists'));
      expect(await site.database.db.select().from(schema.smartLines)).toHaveLength(1);
    });
  }
});
