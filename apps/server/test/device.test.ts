import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import type { SiteId } from '@andes/domain/market';
import { isValidIccid } from '@andes/domain/iccid';
import { SANDBOX_SIM_SWAP_CLIENT, simSwapClientsOf } from '../src/config.ts';
import {
  blockOptionsResponse,
  blockResponse,
  camaraErrorResponse,
  checkResponse,
  retrieveDateResponse,
  simChangeResponse,
  simStatusResponse,
  stepUpConfirmResponse,
  stepUpStartResponse,
  unblockResponse,
} from '@andes/contract/inputs/device';
import { STEP_UP_MAX_TRIES } from '../src/modules/device/step-up.service.ts';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';
import { afterEach } from 'vitest';
import { buildApp } from '../src/app.ts';

/** The device journeys' demo customers (one per market), and another customer's line for the ownership check. */
const people = {
  cl: { login: '14.725.836-4', secret: '4826', phone: '934512798', email: 'andrea.paredes@example.com', doc: '14725836', foreign: '912345678' },
  pe: { login: '934512798', secret: '582931', phone: '934512798', email: 'jorge.quispe@example.com', doc: '43692581', foreign: '987654321' },
} as const;

const bearer = { authorization: `Bearer ${SANDBOX_SIM_SWAP_CLIENT.token}` };
const prefix = { cl: '+56', pe: '+51' } as const;

describe.each(drivers)('device: blocks, step-up, SIM change, SIM Swap API (%s database)', (driver) => {
  // one site per test: every test starts from the seed (a block or a SIM change outlives its test otherwise)
  let site: TestSite;
  const open = async (market: SiteId) => {
    site = await startTestSite(market, driver);
    const p = people[market];
    const v = await new Visitor(site.app).open();
    expect((await v.login(p.login, p.secret)).statusCode).toBe(200);
    return { v, p };
  };
  afterEach(async () => site?.close());

  const lastCode = async (email: string) => {
    const [row] = await site.database.db.select().from(schema.outbox).where(eq(schema.outbox.recipient, email)).orderBy(desc(schema.outbox.id)).limit(1);
    return /\b(\d{6})\b/.exec(row?.body ?? '')?.[1] ?? '';
  };
  const answersFor = (doc: string) => ({ q1: `o${doc.slice(-2)}`, q2: `o${doc.slice(0, 2)}` });

  /** A passed step-up for `purpose` with the identity questions (no theft report in force). */
  async function passIdentityStepUp(v: Visitor, p: (typeof people)[SiteId], purpose: 'unblock' | 'simChange') {
    const start = await v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose });
    expect(start.statusCode).toBe(200);
    const started = stepUpStartResponse.parse(start.json());
    expect(started.secondFactor).toBe('identity');
    const confirm = await v.call('POST', `/REST/asset/${p.phone}/validate`, {
      stepUpId: started.stepUpId,
      code: await lastCode(p.email),
      answers: answersFor(p.doc),
    });
    expect(confirm.statusCode).toBe(200);
    return started.stepUpId;
  }

  it.each(['cl', 'pe'] as const)(
    '%s: a theft blocks SIM and IMEI at once with the session alone; money actions refuse; only the holder unblocks with the step-up',
    async (market) => {
      const { v, p } = await open(market);
      const options = blockOptionsResponse.parse((await v.call('GET', `/REST/asset/${p.phone}/equipment/block`)).json());
      expect(options.reasons.map((r) => r.reason)).toEqual(['SROBO', 'SHURT', 'SEXTR', 'SPEBI']);
      expect(options.reasons.find((r) => r.reason === 'SROBO')).toMatchObject({ forcedType: 'all', needsPoliceReport: market === 'cl' });
      expect(options.phones.length).toBe(1);

      // administrative reasons are not the customer's; a foreign line and a missing page token are refused
      expect((await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, { reason: 'SADBI', blockType: 'sim' })).statusCode).toBe(400);
      expect((await v.call('POST', `/REST/asset/${p.foreign}/equipment/block`, { reason: 'SEXTR', blockType: 'sim' })).statusCode).toBe(403);
      expect((await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, { reason: 'SEXTR', blockType: 'sim' }, { token: null })).statusCode).toBe(403);
      if (market === 'cl') {
        const noReport = await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, { reason: 'SROBO', blockType: 'sim' });
        expect(noReport.statusCode).toBe(400);
        expect(noReport.json().validationError.policeReport).toEqual([expect.stringContaining('parte')]);
      }

      const res = await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, {
        reason: 'SROBO',
        blockType: 'sim',
        ...(market === 'cl' ? { policeReport: 'PT-2026-4411' } : {}),
      });
      expect(res.statusCode).toBe(200);
      const blocked = blockResponse.parse(res.json());
      expect(blocked.block.blockType).toBe('all');
      expect(blocked.block.imei).toBe(options.phones[0]!.imei);
      expect(blocked.status).toBe('blocked');
      expect(blocked.block.registryReference).toMatch(/^(SB|RT)-\d{8}$/);
      if (market === 'pe') expect(blocked.block.reportCode).toBe(blocked.block.registryReference);
      else expect(blocked.block.reportCode).toBeNull();

      const assets = (await v.call('GET', '/restpp/assets')).json().assets as Array<{ phoneNumber: string; status: string }>;
      expect(assets.find((a) => a.phoneNumber === p.phone)?.status).toBe('blocked');
      expect((await v.call('GET', `/REST/asset/${p.phone}/plan`)).json().status).toBe('blocked');
      const bag = await v.call('POST', `/REST/asset/${p.phone}/bag`, { offerId: 'BAG_500MB_1D', payment: 'bill', idempotencyKey: `blocked-bag-${market}-01` });
      expect(bag.statusCode).toBe(409);
      expect(bag.json().response.systemMessage[0].exceptionKey).toBe('device.error.line.blocked');

      // unblocking needs a passed step-up: the e-mailed code and, for a line reported stolen, the report
      expect((await v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId: 'not-a-real-step-up' })).statusCode).toBe(403);
      const started = stepUpStartResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose: 'unblock' })).json());
      expect(started.secondFactor).toBe('report');
      expect(started.emailHint).toMatch(/•••@example\.com$/);
      const code = await lastCode(p.email);
      const report = market === 'cl' ? 'pt 2026 4411' : blocked.block.reportCode!;
      const wrongReport = await v.call('POST', `/REST/asset/${p.phone}/validate`, { stepUpId: started.stepUpId, code, reportNumber: '999999' });
      expect(wrongReport.statusCode).toBe(400);
      expect(Object.keys(wrongReport.json().validationError)).toEqual(['reportNumber']);
      const wrongCode = await v.call('POST', `/REST/asset/${p.phone}/validate`, {
        stepUpId: started.stepUpId,
        code: code === '000000' ? '111111' : '000000',
        reportNumber: report,
      });
      expect(wrongCode.statusCode).toBe(400);
      expect((await v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId: started.stepUpId })).statusCode).toBe(403);
      const confirmed = await v.call('POST', `/REST/asset/${p.phone}/validate`, { stepUpId: started.stepUpId, code, reportNumber: report });
      expect(stepUpConfirmResponse.parse(confirmed.json()).verified).toBe(true);
      // a step-up for unblocking does not change the SIM
      expect((await v.call('POST', `/REST/asset/${p.phone}/sim/change`, { stepUpId: started.stepUpId, delivery: 'esim' })).statusCode).toBe(403);
      const unblocked = unblockResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId: started.stepUpId })).json());
      expect(unblocked).toEqual({ lifted: 1, status: 'active' });
      // spent: the same step-up lifts nothing twice
      expect((await v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId: started.stepUpId })).statusCode).toBe(403);
      expect(blockOptionsResponse.parse((await v.call('GET', `/REST/asset/${p.phone}/equipment/block`)).json()).blocks).toEqual([]);
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a personal SIM block stops the line but leaves the phone, and the step-up asks the identity questions',
    async (market) => {
      const { v, p } = await open(market);
      const blocked = blockResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, { reason: 'SPEBI', blockType: 'sim' })).json());
      expect(blocked.block).toMatchObject({ blockType: 'sim', imei: null, registryReference: null });
      expect(blocked.status).toBe('blocked');
      const start = stepUpStartResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose: 'unblock' })).json());
      expect(start.secondFactor).toBe('identity');
      expect(start.questions.length).toBe(2);
      const wrong = await v.call('POST', `/REST/asset/${p.phone}/validate`, {
        stepUpId: start.stepUpId,
        code: await lastCode(p.email),
        answers: { q1: 'o00', q2: 'o00' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().response.systemMessage[0].exceptionKey).toBe('device.error.stepUp.identity');
      const stepUpId = await passIdentityStepUp(v, p, 'unblock');
      expect(unblockResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId })).json()).status).toBe('active');
    },
  );

  it.each(['cl', 'pe'] as const)(
    '%s: a SIM change needs the second factor; then the SIM Swap API says swapped, and SMS recovery and transfers wait for the cool-down',
    async (market) => {
      const { v, p } = await open(market);
      const check = (phone: string, maxAge?: number) =>
        site.app.inject({
          method: 'POST',
          url: '/sim-swap/v1/check',
          headers: bearer,
          payload: { phoneNumber: `${prefix[market]}${phone}`, ...(maxAge ? { maxAge } : {}) },
        });
      expect(checkResponse.parse((await check(p.phone, 1)).json())).toEqual({ swapped: false });
      expect(
        retrieveDateResponse.parse(
          (
            await site.app.inject({
              method: 'POST',
              url: '/sim-swap/v1/retrieve-date',
              headers: bearer,
              payload: { phoneNumber: `${prefix[market]}${p.phone}` },
            })
          ).json(),
        ),
      ).toEqual({ latestSimChange: null });

      // the code alone is not enough
      const start = stepUpStartResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose: 'simChange' })).json());
      const codeOnly = await v.call('POST', `/REST/asset/${p.phone}/validate`, { stepUpId: start.stepUpId, code: await lastCode(p.email) });
      expect(codeOnly.statusCode).toBe(400);
      expect((await v.call('POST', `/REST/asset/${p.phone}/sim/change`, { stepUpId: start.stepUpId, delivery: 'esim' })).statusCode).toBe(403);

      const before = simStatusResponse.parse((await v.call('GET', `/REST/asset/${p.phone}/sim`)).json());
      const stepUpId = await passIdentityStepUp(v, p, 'simChange');
      const changed = simChangeResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/sim/change`, { stepUpId, delivery: 'esim' })).json());
      expect(changed.simChange).toMatchObject({ delivery: 'esim', status: 'active' });
      expect(changed.coolDownUntil).not.toBeNull();
      const after = simStatusResponse.parse((await v.call('GET', `/REST/asset/${p.phone}/sim`)).json());
      expect(after.iccid).not.toBe(before.iccid);
      expect(after.changes).toHaveLength(1);
      const [line] = await site.database.db.select({ sim: schema.lines.simCode }).from(schema.lines).where(eq(schema.lines.phoneNumber, p.phone));
      expect(isValidIccid(line!.sim)).toBe(true);
      expect(after.iccid).toBe(`•••• ${line!.sim.slice(-4)}`);

      expect(checkResponse.parse((await check(p.phone, 1)).json())).toEqual({ swapped: true });
      expect(checkResponse.parse((await check(p.phone)).json())).toEqual({ swapped: true });
      expect(checkResponse.parse((await check(p.foreign, 1)).json())).toEqual({ swapped: false });
      const date = retrieveDateResponse.parse(
        (
          await site.app.inject({ method: 'POST', url: '/sim-swap/v1/retrieve-date', headers: bearer, payload: { phoneNumber: `${prefix[market]}${p.phone}` } })
        ).json(),
      );
      expect(Date.now() - Date.parse(date.latestSimChange!)).toBeLessThan(60_000);

      // the customer is told by e-mail and in the notifications
      const mails = await site.database.db.select().from(schema.outbox).where(eq(schema.outbox.recipient, p.email)).orderBy(desc(schema.outbox.id));
      expect(mails[0]!.subject).toContain('chip');
      expect((await v.call('GET', '/restpp/asset/notifications')).json().notifications[0].title).toContain('chip');

      // SMS recovery to the line and transfers from it are refused during the cool-down
      const stranger = await new Visitor(site.app, '203.0.113.77').open();
      const recovery = await stranger.call('POST', '/restpp/password/recovery/validatePhoneNumber', {
        document: p.login.includes('.') ? p.login : p.doc,
        phoneNumber: p.phone,
      });
      expect(recovery.statusCode).toBe(409);
      expect(recovery.json().response.systemMessage[0].exceptionKey).toBe('device.error.coolDown.smsRecovery');
      const transfer = await v.call('POST', `/REST/asset/${p.phone}/balance/transfer`, {
        targetPhoneNumber: p.foreign,
        amount: 1000,
        idempotencyKey: `swap-transfer-${market}`,
      });
      expect(transfer.statusCode).toBe(409);
      expect(transfer.json().response.systemMessage[0].exceptionKey).toBe('device.error.coolDown.balanceTransfer');
    },
  );

  it.each(['cl', 'pe'] as const)('%s: a card SIM waits for its ICCID (20 digits, Luhn) and the old SIM stops when it is activated', async (market) => {
    const { v, p } = await open(market);
    const stepUpId = await passIdentityStepUp(v, p, 'simChange');
    expect((await v.call('POST', `/REST/asset/${p.phone}/sim/change`, { stepUpId, delivery: 'pickup' })).json().validationError.storeId).toBeDefined();
    const requested = simChangeResponse.parse(
      (await v.call('POST', `/REST/asset/${p.phone}/sim/change`, { stepUpId, delivery: 'delivery', address: 'Av. Siempre Viva 742' })).json(),
    );
    expect(requested.simChange.status).toBe('pending');
    expect(
      checkResponse.parse(
        (
          await site.app.inject({
            method: 'POST',
            url: '/sim-swap/v1/check',
            headers: bearer,
            payload: { phoneNumber: `${prefix[market]}${p.phone}`, maxAge: 1 },
          })
        ).json(),
      ).swapped,
    ).toBe(false);
    const [sent] = await site.database.db.select().from(schema.simChanges).where(eq(schema.simChanges.id, requested.simChange.id));
    const badLuhn = sent!.newIccid.slice(0, -1) + String((Number(sent!.newIccid.slice(-1)) + 1) % 10);
    expect((await v.call('POST', `/REST/asset/${p.phone}/sim/activate`, { iccid: badLuhn })).json().validationError.iccid).toBeDefined();
    expect((await v.call('POST', `/REST/asset/${p.phone}/sim/activate`, { iccid: sent!.oldIccid })).json().validationError.iccid).toBeDefined();
    const activated = simChangeResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/sim/activate`, { iccid: sent!.newIccid })).json());
    expect(activated.simChange.status).toBe('active');
    const [line] = await site.database.db.select({ sim: schema.lines.simCode }).from(schema.lines).where(eq(schema.lines.phoneNumber, p.phone));
    expect(line!.sim).toBe(sent!.newIccid);
    expect((await v.call('POST', `/REST/asset/${p.phone}/sim/activate`, { iccid: sent!.newIccid })).statusCode).toBe(409);
  });

  it('the SIM Swap API: client credential, CAMARA errors, per-client limit', async () => {
    site = await startTestSite('cl', driver, { SIM_SWAP_CLIENT_PER_MINUTE: '3' });
    const call = (url: string, payload: unknown, headers: Record<string, string> = bearer) =>
      site.app.inject({ method: 'POST', url, headers, payload: payload as object });
    const wrongCredentials: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong-token' },
      { authorization: SANDBOX_SIM_SWAP_CLIENT.token },
    ];
    for (const headers of wrongCredentials) {
      const res = await call('/sim-swap/v1/check', { phoneNumber: '+56934512798' }, headers);
      expect(res.statusCode).toBe(401);
      expect(camaraErrorResponse.parse(res.json())).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
    const unknown = await call('/sim-swap/v1/retrieve-date', { phoneNumber: '+56911111111' });
    expect(unknown.statusCode).toBe(404);
    expect(camaraErrorResponse.parse(unknown.json())).toMatchObject({ status: 404, code: 'SIM_SWAP.UNKNOWN_PHONE_NUMBER' });
    // a Peruvian number is not one this operator's Chilean site serves
    expect((await call('/sim-swap/v1/check', { phoneNumber: '+51934512798' })).statusCode).toBe(404);
    const bad = await call('/sim-swap/v1/check', { phoneNumber: '+56934512798', maxAge: 2401 });
    expect(camaraErrorResponse.parse(bad.json())).toMatchObject({ status: 400, code: 'INVALID_ARGUMENT' });
    const limited = await call('/sim-swap/v1/check', { phoneNumber: '+56934512798', maxAge: 1 });
    expect(camaraErrorResponse.parse(limited.json())).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    const malformed = await site.app.inject({
      method: 'POST',
      url: '/sim-swap/v1/check',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: '{"phoneNumber":',
    });
    expect(malformed.statusCode).toBeLessThan(500);
    expect(camaraErrorResponse.safeParse(malformed.json()).success).toBe(true);
  });

  it('the SIM Swap API admits nobody without clients configured: the sandbox client only in sandbox mode', async () => {
    const bank = { id: 'bank-one', token: '0123456789abcdef0123456789abcdef' };
    expect(simSwapClientsOf([], true)).toEqual([SANDBOX_SIM_SWAP_CLIENT]);
    expect(simSwapClientsOf([], false)).toEqual([]);
    expect(simSwapClientsOf([bank], true)).toEqual([bank]);
    site = await startTestSite('pe', driver, { SIM_SWAP_CLIENTS: `${bank.id}:${bank.token}` });
    const call = (app: typeof site.app, token: string) =>
      app.inject({ method: 'POST', url: '/sim-swap/v1/check', headers: { authorization: `Bearer ${token}` }, payload: { phoneNumber: '+51934512798' } });
    expect((await call(site.app, bank.token)).statusCode).toBe(200);
    expect((await call(site.app, SANDBOX_SIM_SWAP_CLIENT.token)).statusCode).toBe(401);
    const closed = await buildApp({
      config: { ...site.app.config, simSwapClients: simSwapClientsOf([], false) },
      database: site.database,
      ownsDatabase: false,
      logger: false,
    });
    expect((await call(closed, bank.token)).statusCode).toBe(401);
    expect((await call(closed, SANDBOX_SIM_SWAP_CLIENT.token)).statusCode).toBe(401);
    await closed.close();
  });

  it.each(['cl', 'pe'] as const)(
    '%s: bursts of 40: a step-up judges no more codes than its tries, is spent once, and its e-mails are counted first',
    async (market) => {
      const { v, p } = await open(market);
      await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, { reason: 'SPEBI', blockType: 'sim' });
      const start = stepUpStartResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose: 'unblock' })).json());
      const code = await lastCode(p.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const guesses = await Promise.all(
        Array.from({ length: 40 }, () =>
          v.call('POST', `/REST/asset/${p.phone}/validate`, { stepUpId: start.stepUpId, code: wrong, answers: answersFor(p.doc) }),
        ),
      );
      const keys = guesses.map((r) => r.json().response.systemMessage[0]?.exceptionKey);
      expect(keys.filter((k) => k === 'device.error.stepUp.code')).toHaveLength(STEP_UP_MAX_TRIES);
      expect(keys.filter((k) => k === 'device.error.stepUp.expired')).toHaveLength(40 - STEP_UP_MAX_TRIES);
      // used up: even the right code no longer opens it
      expect((await v.call('POST', `/REST/asset/${p.phone}/validate`, { stepUpId: start.stepUpId, code, answers: answersFor(p.doc) })).statusCode).toBe(409);

      const stepUpId = await passIdentityStepUp(v, p, 'unblock');
      const unblocks = await Promise.all(Array.from({ length: 40 }, () => v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId })));
      expect(unblocks.map((r) => r.statusCode).sort()).toEqual([200, ...Array(39).fill(403)]);
      expect(unblocks.find((r) => r.statusCode === 200)!.json().lifted).toBe(1);

      const sentBefore = (await site.database.db.select().from(schema.outbox).where(eq(schema.outbox.recipient, p.email))).length;
      const sends = await Promise.all(Array.from({ length: 40 }, () => v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose: 'simChange' })));
      const sent = (await site.database.db.select().from(schema.outbox).where(eq(schema.outbox.recipient, p.email))).length - sentBefore;
      expect(sends.filter((r) => r.statusCode === 200)).toHaveLength(sent);
      expect(sent).toBeLessThanOrEqual(3);
      expect(sends.filter((r) => r.statusCode === 429)).toHaveLength(40 - sent);
    },
  );
});
