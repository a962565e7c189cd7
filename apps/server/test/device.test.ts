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
import { sweepUnblocks } from '../src/flows/device.flow.ts';
import { addDaysIso, isoDayInZone } from '@andes/domain/account-bills';
import { getMarket } from '@andes/domain/market';
import { drivers, identityAnswers, lastEmailCode, passIdentityStepUp, startTestSite, Visitor, type TestSite } from './helpers.ts';
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

  it.each(['cl', 'pe'] as const)(
    '%s: an e-mail changed within the cool-down opens no step-up (a session alone cannot send the codes to a new address)',
    async (market) => {
      const { v, p } = await open(market);
      const me = (await v.call('GET', '/restpp/order/customer/info')).json().customer;
      const contact = { firstName: me.firstName, lastName: me.lastName, email: me.email, contactPhone: me.contactPhone ?? '976543210' };
      // saving the same address again starts no wait
      expect((await v.call('PUT', '/restpp/order/customer/info', contact)).statusCode).toBe(200);
      expect((await v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose: 'simChange' })).statusCode).toBe(200);
      expect((await v.call('PUT', '/restpp/order/customer/info', { ...contact, email: 'someone.else@example.com' })).statusCode).toBe(200);
      const refused = await v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose: 'simChange' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'device.error.stepUp.emailChanged' });
      expect(refused.json().response.systemMessage[0].messages[0]).toContain('24 horas');
      expect(await lastEmailCode(site.database, 'someone.else@example.com')).toBe('');
      // past the cool-down the new address receives the codes
      await site.database.db
        .update(schema.customers)
        .set({ emailChangedAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(schema.customers.email, 'someone.else@example.com'));
      expect((await v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose: 'simChange' })).statusCode).toBe(200);
      expect(await lastEmailCode(site.database, 'someone.else@example.com')).toMatch(/^\d{6}$/);
    },
  );

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
      const code = await lastEmailCode(site.database, p.email);
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
        code: await lastEmailCode(site.database, p.email),
        answers: { q1: 'o00', q2: 'o00' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().response.systemMessage[0].exceptionKey).toBe('device.error.stepUp.identity');
      const stepUpId = await passIdentityStepUp(v, site.database, p, 'unblock');
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
      const codeOnly = await v.call('POST', `/REST/asset/${p.phone}/validate`, { stepUpId: start.stepUpId, code: await lastEmailCode(site.database, p.email) });
      expect(codeOnly.statusCode).toBe(400);
      expect((await v.call('POST', `/REST/asset/${p.phone}/sim/change`, { stepUpId: start.stepUpId, delivery: 'esim' })).statusCode).toBe(403);

      const before = simStatusResponse.parse((await v.call('GET', `/REST/asset/${p.phone}/sim`)).json());
      const stepUpId = await passIdentityStepUp(v, site.database, p, 'simChange');
      const changed = simChangeResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/sim/change`, { stepUpId, delivery: 'esim' })).json());
      expect(changed.simChange).toMatchObject({ delivery: 'esim', status: 'active' });
      expect(changed.coolDownUntil).not.toBeNull();
      const after = simStatusResponse.parse((await v.call('GET', `/REST/asset/${p.phone}/sim`)).json());
      expect(after.iccid).not.toBe(before.iccid);
      expect(after.changes).toHaveLength(1);
      const [line] = await site.database.db.select({ sim: schema.lines.simCode }).from(schema.lines).where(eq(schema.lines.phoneNumber, p.phone));
      expect(isValidIccid(line!.sim)).toBe(true);
      expect(after.iccid).toBe(`•••• ${line!.sim.slice(-4)}`);
      // SPEC §3 current asset: the change-SIM call's line and its SIM serial (SN), the new one after the change
      expect(before.currentAsset).toEqual({ phoneNumber: p.phone, SN: before.iccid });
      expect(after.currentAsset).toEqual({ phoneNumber: p.phone, SN: `•••• ${line!.sim.slice(-4)}` });

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
    const stepUpId = await passIdentityStepUp(v, site.database, p, 'simChange');
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
      const code = await lastEmailCode(site.database, p.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const guesses = await Promise.all(
        Array.from({ length: 40 }, () =>
          v.call('POST', `/REST/asset/${p.phone}/validate`, { stepUpId: start.stepUpId, code: wrong, answers: identityAnswers(p.doc) }),
        ),
      );
      const keys = guesses.map((r) => r.json().response.systemMessage[0]?.exceptionKey);
      expect(keys.filter((k) => k === 'device.error.stepUp.code')).toHaveLength(STEP_UP_MAX_TRIES);
      expect(keys.filter((k) => k === 'device.error.stepUp.expired')).toHaveLength(40 - STEP_UP_MAX_TRIES);
      // used up: even the right code no longer opens it
      expect((await v.call('POST', `/REST/asset/${p.phone}/validate`, { stepUpId: start.stepUpId, code, answers: identityAnswers(p.doc) })).statusCode).toBe(
        409,
      );

      const stepUpId = await passIdentityStepUp(v, site.database, p, 'unblock');
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
  it.each(['cl', 'pe'] as const)('%s: a block reported during a temporary suspension holds when the suspension ends', async (market) => {
    const { v, p } = await open(market);
    const today = isoDayInZone(new Date(), getMarket(market).timeZone);
    const suspended = await v.call('POST', `/restpp/asset/${p.phone}/suspension`, { reason: 'travel', startsOn: today, endsOn: addDaysIso(today, 19) });
    expect(suspended.json().status).toBe('suspended');
    // the phone goes missing on the trip: the holder blocks the SIM at once
    expect((await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, { reason: 'SPEBI', blockType: 'sim' })).statusCode).toBe(200);
    const ended = await v.call('POST', `/restpp/asset/${p.phone}/suspension/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().status).toBe('blocked');
    const assets = (await v.call('GET', '/restpp/assets')).json().assets as Array<{ phoneNumber: string; status: string }>;
    expect(assets.find((a) => a.phoneNumber === p.phone)?.status).toBe('blocked');
    const bag = await v.call('POST', `/REST/asset/${p.phone}/bag`, {
      offerId: 'BAG_500MB_1D',
      payment: 'bill',
      idempotencyKey: `blocked-after-trip-${market}-1`,
    });
    expect(bag.statusCode).toBe(409);
    expect(bag.json().response.systemMessage[0].exceptionKey).toBe('device.error.line.blocked');
    // unblocked with the step-up, the line is active again
    const stepUpId = await passIdentityStepUp(v, site.database, p, 'unblock');
    expect((await v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId })).json().status).toBe('active');
  });

  if (driver === 'server') {
    it.each(['cl', 'pe'] as const)('%s: forty parallel SIM changes with passed step-ups put one new SIM on its way', async (market) => {
      const { v, p } = await open(market);
      const first = await passIdentityStepUp(v, site.database, p, 'simChange');
      // thirty-nine more passed step-ups of this session and line (the e-mail limit allows three a quarter hour)
      const [row] = await site.database.db.select().from(schema.stepUps).where(eq(schema.stepUps.id, first));
      const ids = [first, ...Array.from({ length: 39 }, (_, i) => `${first.slice(0, 20)}race${String(i).padStart(2, '0')}`)];
      await site.database.db.insert(schema.stepUps).values(ids.slice(1).map((id) => ({ ...row!, id })));
      const answers = await Promise.all(
        ids.map((stepUpId) => v.call('POST', `/REST/asset/${p.phone}/sim/change`, { stepUpId, delivery: 'delivery', address: 'Av. Principal 123, depto 4' })),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().response.systemMessage[0].exceptionKey)).toEqual(
        Array(39).fill('device.error.sim.pending'),
      );
      const pending = await site.database.db.select().from(schema.simChanges).where(eq(schema.simChanges.status, 'pending'));
      expect(pending).toHaveLength(1);
    });
  }
  it.each(['cl', 'pe'] as const)('%s: a SIM kept at a store that does not exist is refused on its field, and the step-up is not spent', async (market) => {
    const { v, p } = await open(market);
    const stepUpId = await passIdentityStepUp(v, site.database, p, 'simChange');
    const nowhere = await v.call('POST', `/REST/asset/${p.phone}/sim/change`, { stepUpId, delivery: 'pickup', storeId: 'NO-SUCH-STORE' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().validationError).toEqual({ storeId: ['Elige una tienda'] });
    expect(await site.database.db.select().from(schema.simChanges)).toEqual([]);
    const [store] = await site.database.db.select().from(schema.stores).limit(1);
    const kept = await v.call('POST', `/REST/asset/${p.phone}/sim/change`, { stepUpId, delivery: 'pickup', storeId: store!.id });
    expect(kept.statusCode).toBe(200);
    expect(simChangeResponse.parse(kept.json()).simChange).toMatchObject({ delivery: 'pickup', status: 'pending', storeId: store!.id });
  });
  it.each(['cl', 'pe'] as const)('%s: a typed IMEI whose check digit is wrong is refused on its field and never reaches the central list', async (market) => {
    const { v, p } = await open(market);
    const [phone] = await site.database.db.select().from(schema.lineEquipment).limit(1);
    const imei = phone!.imei!;
    const wrongDigit = imei.slice(0, -1) + String((Number(imei.slice(-1)) + 1) % 10);
    const refused = await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, { reason: 'SPEBI', blockType: 'phone', imei: wrongDigit });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().validationError).toEqual({ imei: ['Elige tu equipo o escribe su IMEI de 15 dígitos'] });
    expect(await site.database.db.select().from(schema.lineBlocks)).toEqual([]);
    const blocked = await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, { reason: 'SPEBI', blockType: 'phone', imei });
    expect(blockResponse.parse(blocked.json()).block).toMatchObject({ blockType: 'phone', imei });
  });
  it.each(['cl', 'pe'] as const)(
    '%s: an unblock the IMEI list fails stays recorded with the line blocked, and finishes at the next page read or by the sweep',
    async (market) => {
      const { v, p } = await open(market);
      const lineId = (await site.database.db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, p.phone)))[0]!.id;
      const status = async () => (await site.database.db.select().from(schema.lines).where(eq(schema.lines.id, lineId)))[0]!.status;
      const unblockedNotices = async () =>
        (await site.database.db.select().from(schema.notifications)).filter((n) => n.title.startsWith('Desbloqueamos')).length;
      // the sandbox list withdraws an IMEI ending in 9999 and its check digit only at the second try (docs/sandbox.md)
      const blockAndFailUnblock = async (imei: string) => {
        const toldBefore = await unblockedNotices();
        const blocked = await v.call('POST', `/REST/asset/${p.phone}/equipment/block`, { reason: 'SPEBI', blockType: 'all', imei });
        expect(blockResponse.parse(blocked.json()).block.registryReference).toMatch(/^(SB|RT)-\d{8}$/);
        const start = stepUpStartResponse.parse((await v.call('POST', `/REST/asset/${p.phone}/validate/code`, { purpose: 'unblock' })).json());
        const code = await lastEmailCode(site.database, p.email);
        // Peru's block gives a report code, the second factor of its step-up; Chile's asks the identity questions
        const second =
          start.secondFactor === 'report' ? { reportNumber: blockResponse.parse(blocked.json()).block.reportCode } : { answers: identityAnswers(p.doc) };
        expect((await v.call('POST', `/REST/asset/${p.phone}/validate`, { stepUpId: start.stepUpId, code, ...second })).statusCode).toBe(200);
        const res = await v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId: start.stepUpId });
        expect(res.statusCode).toBe(502);
        expect(res.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'device.error.unblockPending' });
        // the list still bars the phone: the block stays in force (asked for, not withdrawn) and the line blocked
        const [row] = await site.database.db.select().from(schema.lineBlocks).where(eq(schema.lineBlocks.imei, imei));
        expect(row).toMatchObject({ liftedAt: null, withdrawnAt: null, liftRequestedAt: expect.any(Date) });
        expect(await status()).toBe('blocked');
        expect(await unblockedNotices()).toBe(toldBefore);
        // the step-up was spent: the retry is the platform's, not another unblock
        expect((await v.call('POST', `/REST/asset/${p.phone}/equipment/unblock`, { stepUpId: start.stepUpId })).statusCode).toBe(403);
        return row!;
      };

      const first = await blockAndFailUnblock('351000005999995');
      // the page read tries the list again: withdrawn, then lifted, the line active, the holder told once
      const page = blockOptionsResponse.parse((await v.call('GET', `/REST/asset/${p.phone}/equipment/block`)).json());
      expect(page.blocks).toEqual([]);
      expect(await status()).toBe('active');
      const [done] = await site.database.db.select().from(schema.lineBlocks).where(eq(schema.lineBlocks.id, first.id));
      expect(done).toMatchObject({ liftedAt: expect.any(Date), withdrawnAt: expect.any(Date) });
      expect(await unblockedNotices()).toBe(1);

      await blockAndFailUnblock('356100007999996');
      // with no one coming back, the sweep finishes it; a second pass has nothing left
      expect(await sweepUnblocks(site.app)).toBe(1);
      expect(await sweepUnblocks(site.app)).toBe(0);
      expect(await status()).toBe('active');
      expect((await site.database.db.select().from(schema.lineBlocks)).filter((b) => b.liftedAt === null)).toEqual([]);
      expect(await unblockedNotices()).toBe(2);
    },
  );
});
