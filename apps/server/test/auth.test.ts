import { describe, expect, it } from 'vitest';
import { drivers, Visitor, bothSites } from './helpers.ts';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { buildApp } from '../src/app.ts';
import { purgeStaleSessions } from '../src/http/session-repo.ts';
import { purgeForgottenThrottles, readThrottle, takeAttempt } from '../src/http/throttle-repo.ts';
import { signIn } from '../src/modules/auth/auth.service.ts';
import { loadConfig } from '../src/config.ts';

describe.each(drivers)('sign-in and sessions (%s database)', (driver) => {
  const sites = bothSites(driver);

  it('signs a Chilean customer in by RUT and PIN, rotating the session', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const anonymous = v.cookie;
    const res = await v.login('12.345.678-5', '1234');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, userType: 'client', profile: { securityStatus: 4, firstNameFront: expect.any(String) } });
    expect(v.cookie).not.toBe(anonymous);
    const profile = (await v.call('POST', '/REST/profile/current?sessionRestored=true')).json();
    expect(profile.profile).toMatchObject({ securityStatus: 4, phoneNumber: '912345678', balance: { loyaltyPoints: { amount: expect.any(Number) } } });
    expect(profile.profile.portrait).toMatch(/^\/img\/avatar\//);
  });

  it('accepts the JSON variant with rutt and PIN, and a form post that redirects', async () => {
    const v = await new Visitor(sites.cl.app).open();
    expect((await v.call('POST', '/oam/server/authentication', { rutt: '15432198-5', PIN: '4321' })).statusCode).toBe(200);
    const w = await new Visitor(sites.cl.app).open();
    const form = await sites.cl.app.inject({
      method: 'POST',
      url: `/oam/server/authentication?f__key__=${w.token}`,
      headers: { cookie: w.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=20.961.605-K&password=5678&successurl=%2Fmiandes%2Fmi-cuenta',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/miandes/mi-cuenta');
  });

  it.each(['cl', 'pe'] as const)(
    '%s: after sign-in and sign-out goes only to our own paths (an address a browser reads as another site goes home)',
    async (site) => {
      const [username, password] = site === 'cl' ? ['20.961.605-K', '5678'] : ['934512765', '975310'];
      const evil = [
        '/\t/evil.example',
        '/\t/evil.example/',
        '//evil.example',
        '/\\evil.example',
        '\\\\evil.example',
        'https://evil.example',
        '/a/../..//evil.example',
        // decoded once more (by a browser, a proxy or a later page) each names another host
        '/%2F/evil.example',
        '/%2f%2fevil',
        '/%5Cevil.example',
        '/%09/evil.example',
        '/%252F/evil.example',
      ];
      const good = ['/personas/mientel/consumo?dias=7&linea=1', '/personas/producto/Equipos/Se%C3%B1al'];
      const signIn = async (successurl: string) => {
        const w = await new Visitor(sites[site].app, '198.51.100.90').open();
        const res = await sites[site].app.inject({
          method: 'POST',
          url: `/oam/server/authentication?f__key__=${w.token}`,
          headers: { cookie: w.cookie, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ username, password, successurl }).toString(),
        });
        expect(res.statusCode).toBe(303);
        return res.headers.location;
      };
      for (const successurl of evil) expect(await signIn(successurl), successurl).toBe('/');
      for (const successurl of good) expect(await signIn(successurl), successurl).toBe(successurl);
      // the query string as a browser sends it: /%09/evil.example/ arrives as a tab
      const v = await new Visitor(sites[site].app, '198.51.100.90').open();
      expect((await v.login(username, password)).statusCode).toBe(200);
      const out = await v.call('GET', '/oam/server/logout?successurl=/%09/evil.example/');
      expect(out.statusCode).toBe(303);
      expect(out.headers.location).toBe('/');
      // and as a browser sends an encoded separator: %252F arrives as %2F, a slash once decoded again
      const w = await new Visitor(sites[site].app, '198.51.100.90').open();
      expect((await w.login(username, password)).statusCode).toBe(200);
      expect((await w.call('GET', '/oam/server/logout?successurl=/%252F/evil.example')).headers.location).toBe('/');
    },
  );

  it('signs Peruvian customers in by phone or by DNI', async () => {
    const byPhone = await new Visitor(sites.pe.app).open();
    expect((await byPhone.login('987654321', '123456')).json().profile.securityStatus).toBe(4);
    const byDni = await new Visitor(sites.pe.app).open();
    expect((await byDni.login('70123456', '654321')).json().profile.phoneNumber).toBe('912345678');
  });

  it('refuses a wrong PIN with a message under the PIN field', async () => {
    const v = await new Visitor(sites.cl.app, '198.51.100.1').open();
    const res = await v.login('12.345.678-5', '9999');
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.response.systemMessage[0].exceptionKey).toBe('pp.error.login.invalid');
    expect(body.validationError.password[0]).toMatch(/no son correctos/);
  });

  it('locks an account after 5 wrong PINs, even for the right PIN, and the lock survives a restart', async () => {
    const v = await new Visitor(sites.cl.app, '198.51.100.2').open();
    for (let i = 0; i < 5; i++) await v.login('20.961.605-K', '0000');
    const locked = await v.login('20.961.605-K', '5678');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'pp.error.login.locked', messages: [expect.stringMatching(/15 minutos/)] });
    // SPEC §3 error fields: the reason behind 'Ver detalle', a sentence under the message, and recovery as the way out
    expect(locked.json().response.systemMessage[0]).toMatchObject({
      defaultExceptionDetail: expect.stringMatching(/dura el doble/),
      extendExceptionMessage: 'Tu cuenta y tus líneas siguen funcionando con normalidad.',
      otherButton: { label: 'Recuperar mi clave', url: '/personas/recuperar-clave' },
    });
    // SPEC §7 envelope: every answer says whether its redirect carries sealed parameters
    expect(locked.json().response.encryptLegacyURLEnabled).toBe(false);
    const restarted = await sites.cl.restart();
    const again = await new Visitor(restarted, '198.51.100.3').open();
    expect((await again.login('20.961.605-K', '5678')).statusCode).toBe(429);
  });

  it('makes each further lock last twice as long, then asks for a recovery by SMS', async () => {
    const v = await new Visitor(sites.pe.app, '198.51.100.30').open();
    const expireLock = () =>
      sites.pe.database.db.execute(
        `update login_throttle set locked_until = now() - interval '1 second' where locked_until > now() and (key like 'cust:%' or key like 'login:%')`,
      );
    const lockMessages: string[] = [];
    for (let lock = 1; lock <= 4; lock++) {
      if (lock > 1) await expireLock();
      for (let i = 0; i < 5; i++) await v.login('70123456', '000000');
      const locked = (await v.login('70123456', '654321')).json().response.systemMessage[0];
      lockMessages.push(locked.messages[0]);
      expect(locked.defaultExceptionDetail).toMatch(lock < 4 ? /dura el doble/ : /código/);
    }
    expect(lockMessages.slice(0, 3).map((m) => Number(m.match(/(\d+) minutos/)?.[1]))).toEqual([15, 30, 60]);
    expect(lockMessages[3]).toMatch(/recupera tu contraseña con un código por SMS/);
    // the last lock does not end by waiting a while; a recovery by SMS ends it
    const result = (await sites.pe.database.db.execute(
      `select locked_until > now() + interval '300 days' as long from login_throttle where key like 'cust:%' and locks = 4`,
    )) as unknown as { rows: Array<{ long: boolean }> };
    const [row] = result.rows;
    expect(row.long).toBe(true);
    const { tokenId } = (await v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document: '70123456', phoneNumber: '912345678' })).json();
    const sms = (await sites.pe.app.inject({ method: 'GET', url: '/sandbox/outbox?recipient=912345678&limit=1' })).json().messages[0].body as string;
    const code = sms.match(/\b(\d{6})\b/)![1];
    expect((await v.call('POST', '/restpp/password/recovery/validateToken', { tokenId, code })).statusCode).toBe(200);
    expect((await v.call('POST', '/restpp/password/recovery/changePassword', { tokenId, password: '739264', confirmPassword: '739264' })).statusCode).toBe(200);
    expect((await v.login('70123456', '739264')).statusCode).toBe(200);
  });

  it('limits wrong tries from one address across accounts', async () => {
    const v = await new Visitor(sites.pe.app, '198.51.100.9').open();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await v.login(String(40000000 + i), '111111')).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    const blocked = await v.login('987654321', '123456');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().response.systemMessage[0].exceptionKey).toBe('pp.error.too.many.requests');
  });

  it('logout ends the session for good', async () => {
    const v = await new Visitor(sites.pe.app).open();
    await v.login('987654321', '123456');
    const oldCookie = v.cookie;
    expect((await v.call('POST', '/REST/profile/logout')).json()).toMatchObject({ success: true, userType: 'new' });
    const reuse = await sites.pe.app.inject({ method: 'GET', url: '/restpp/assets', headers: { cookie: oldCookie } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().response.systemMessage[0].exceptionKey).toBe('required_login');
  });

  it('answers session_expired once a signed-in session outlives its idle time', async () => {
    const v = await new Visitor(sites.cl.app).open();
    await v.login('15.432.198-5', '4321');
    await sites.cl.database.db.execute(`update sessions set last_seen_at = now() - interval '2 hours' where customer_id is not null`);
    const res = await v.call('GET', '/restpp/assets');
    expect(res.statusCode).toBe(401);
    expect(res.json().response.systemMessage[0].exceptionKey).toBe('session_expired');
  });

  it('refuses state changes without the page token', async () => {
    const v = await new Visitor(sites.cl.app).open();
    for (const token of [null, 'forged']) {
      const res = await v.call('POST', '/oam/server/authentication', { username: '12.345.678-5', password: '1234' }, { token });
      expect(res.statusCode).toBe(403);
      expect(res.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'pp.error.security.token', messages: [expect.stringMatching(/Recárgala/)] });
    }
  });

  it('refuses the state-changing GETs of SPEC §7 without the page token, changing nothing', async () => {
    const refused = (res: { statusCode: number; json(): { response: { systemMessage: Array<{ exceptionKey: string; messages: string[] }> } } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'pp.error.security.token', messages: [expect.stringMatching(/Recárgala/)] });
    };
    const v = await new Visitor(sites.cl.app, '198.51.100.20').open();
    await v.login('12.345.678-5', '1234');
    expect((await v.call('POST', '/restpp/order/add', [{ type: 'equipment', id: 'sku_PO_AC_JBL_FLIP_6_1', quantity: 1 }])).statusCode).toBe(200);
    await v.call('PUT', '/restpp/order/customer/info', {
      name: 'Camila Rojas',
      document: '12.345.678-5',
      email: 'camila.rojas@example.com',
      phoneNumber: '912345678',
    });
    await v.call('POST', '/restpp/order/shipping/method', {
      deliveryType: 'storePickup',
      storeId: 'TDA_CL_PROVIDENCIA',
      consignee: { name: 'Camila Rojas', rut: '12.345.678-5', phoneNumber: '912345678' },
    });

    for (const token of [null, 'forged']) refused(await v.call('GET', '/restpp/order/create', undefined, { token }));
    expect((await v.call('GET', '/restpp/order')).json().order).toBeNull();
    const created = await v.call('GET', '/restpp/order/create');
    expect(created.statusCode).toBe(200);
    const number = created.json().order.number;

    refused(await v.call('GET', '/restpp/order/payment?paymentMethod=webpay', undefined, { token: null }));
    refused(await v.call('GET', '/restpp/order/updateOrderPaymentFlag', undefined, { token: null }));
    expect((await v.call('GET', '/restpp/order')).json().order).toMatchObject({ number, status: 'created' });

    refused(await v.call('GET', '/oam/server/logout', undefined, { token: null }));
    expect((await v.call('POST', '/REST/profile/current')).json().profile.securityStatus).toBe(4);
    const out = await v.call('GET', '/oam/server/logout');
    expect(out.statusCode).toBe(303);
    expect((await v.call('GET', '/restpp/assets')).json().response.systemMessage[0].exceptionKey).toBe('required_login');
  });

  it('answers bad input with a 4xx validation envelope, never a 500', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const badRut = await v.login('12.345.678-9', '1234');
    expect(badRut.statusCode).toBe(400);
    expect(badRut.json().validationError.username[0]).toMatch(/RUT válido/);
    const shortPin = await v.login('12.345.678-5', '12');
    expect(shortPin.json().validationError.password[0]).toMatch(/4 dígitos/);
    const broken = await sites.cl.app.inject({
      method: 'POST',
      url: `/oam/server/authentication?f__key__=${v.token}`,
      headers: { cookie: v.cookie, 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false, response: { systemMessage: [{ exceptionKey: 'pp.error.validation' }] } });
    const odd = await v.call('POST', '/oam/server/authentication', [1, 2, 3]);
    expect(odd.statusCode).toBe(400);
  });

  it('answers an unexpected fault with a generic message and a detail naming the request', async () => {
    const app = await sites.cl.restart();
    app.get('/restpp/test/fault', async () => {
      throw new Error('database on fire');
    });
    const res = await app.inject({ method: 'GET', url: '/restpp/test/fault' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(JSON.stringify(body)).not.toMatch(/on fire|at .*\.ts/);
    expect(body.response.systemMessage[0]).toEqual({
      exceptionKey: 'pp.error.generic',
      messages: [expect.stringMatching(/Tuvimos un problema/)],
      defaultExceptionDetail: expect.stringContaining(`código de referencia: ${res.headers['x-request-id']}`),
    });
  });

  it('lists every store by place for the public store locator', async () => {
    for (const [site, region, commune, province] of [
      [sites.cl, 'Metropolitana de Santiago', 'Providencia', null],
      [sites.pe, 'Lima', 'Miraflores', 'Lima'],
    ] as const) {
      const res = await site.app.inject({ method: 'GET', url: '/restpp/stores' });
      expect(res.statusCode).toBe(200);
      const { stores } = res.json() as { stores: Array<{ name: string; region: { name: string }; province: { name: string }; commune: { name: string } }> };
      expect(stores.length).toBeGreaterThanOrEqual(10);
      expect(new Set(stores.map((s) => s.region.name)).size).toBeGreaterThanOrEqual(5);
      const there = stores.filter((s) => s.region.name === region && s.commune.name === commune);
      expect(there.length).toBeGreaterThanOrEqual(1);
      if (province) expect(there[0].province.name).toBe(province);
    }
  });

  it('logs each request under its id (a given one only from a trusted proxy) without the page token; security headers; production: HSTS, secure cookie, no sandbox unless forced', async () => {
    const lines: Array<{ reqId?: string; msg: string; req?: { url: string } }> = [];
    const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const logged = await buildApp({
      config: loadConfig({ SITE: 'cl', SANDBOX: '1', LOG_LEVEL: 'info' }),
      database: sites.cl.database,
      ownsDatabase: false,
      logStream,
    });
    const production = await buildApp({
      config: loadConfig({ SITE: 'cl', NODE_ENV: 'production', SANDBOX: '1', SANDBOX_FORCE: '1', LOG_LEVEL: 'silent' }),
      database: sites.cl.database,
      ownsDatabase: false,
      logger: false,
    });
    const proxied = await buildApp({
      config: loadConfig({ SITE: 'cl', SANDBOX: '1', LOG_LEVEL: 'info', TRUST_PROXY: '1' }),
      database: sites.cl.database,
      ownsDatabase: false,
      logStream,
    });
    try {
      const v = await new Visitor(logged).open();
      const token = v.token;
      const res = await v.login('12.345.678-5', '1234');
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(/^[\w-]{8,}$/);
      const mine = lines.filter((l) => l.reqId === id);
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'signed in', 'request completed']);
      expect(mine[0].req?.url).toBe('/oam/server/authentication?f__key__=[hidden]');
      expect(JSON.stringify(lines)).not.toContain(token);
      // an id given by the client is not kept without a trusted proxy: no one picks the id they are logged under
      const forged = await logged.inject({
        method: 'GET',
        url: '/restpp/security/token',
        headers: { 'x-request-id': 'lb-0123456789', 'x-internal-call': 'guess' },
      });
      expect(forged.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
      expect(forged.headers['x-request-id']).not.toBe('lb-0123456789');
      expect(lines.filter((l) => l.reqId === 'lb-0123456789')).toEqual([]);
      // the server's own in-process calls (a page's API calls) keep the page's id
      const internal = await logged.inject({ method: 'GET', url: '/restpp/security/token', headers: logged.internalCallHeaders('page-0123456789') });
      expect(internal.headers['x-request-id']).toBe('page-0123456789');
      // behind a load balancer (TRUST_PROXY) its id is kept, so one request can be followed across systems
      const traced = await proxied.inject({ method: 'GET', url: '/restpp/security/token', headers: { 'x-request-id': 'lb-0123456789' } });
      expect(traced.headers['x-request-id']).toBe('lb-0123456789');
      expect(lines.filter((l) => l.reqId === 'lb-0123456789').length).toBeGreaterThanOrEqual(2);
      const malformed = await proxied.inject({ method: 'GET', url: '/restpp/security/token', headers: { 'x-request-id': 'bad id\n' } });
      expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

      for (const r of [res, traced]) {
        expect(r.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'SAMEORIGIN' });
        expect(r.headers['content-security-policy']).toContain("frame-ancestors 'self'");
        expect(r.headers['content-security-policy']).toContain("script-src 'self';");
        expect(r.headers['strict-transport-security']).toBeUndefined();
      }
      const secure = await production.inject({ method: 'GET', url: '/restpp/security/token' });
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(secure.cookies.find((c) => c.name === 'sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      // production has no sandbox unless forced (above), so simulated systems cannot be reached by accident;
      // without it, no port has a production adapter yet: the start is refused (production-wiring.test.ts)
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/no production adapter/);
      expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX: '1' })).toThrow(/SANDBOX_FORCE/);
      expect(loadConfig({ NODE_ENV: 'production', SANDBOX: '1', SANDBOX_FORCE: '1' }).sandbox).toBe(true);
    } finally {
      await Promise.all([logged.close(), production.close(), proxied.close()]);
    }
  });

  it('purges the sessions no cookie can use any more, and only those', async () => {
    const { sessions } = schema;
    const db = sites.cl.database.db;
    const row = (v: Visitor) => eq(sessions.idHash, createHash('sha256').update(v.cookie.replace(/^sid=/, '')).digest('hex'));
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    const live = await new Visitor(sites.cl.app).open();
    const idle = await new Visitor(sites.cl.app).open();
    const justEnded = await new Visitor(sites.cl.app).open();
    await justEnded.login('15.432.198-5', '4321');
    const longEnded = await new Visitor(sites.cl.app).open();
    await longEnded.login('15.432.198-5', '4321');
    await db
      .update(sessions)
      .set({ lastSeenAt: hoursAgo(8 * 24) })
      .where(row(idle));
    await db
      .update(sessions)
      .set({ expiresAt: hoursAgo(1), lastSeenAt: hoursAgo(13) })
      .where(row(justEnded));
    await db
      .update(sessions)
      .set({ expiresAt: hoursAgo(25), lastSeenAt: hoursAgo(37) })
      .where(row(longEnded));

    expect(await purgeStaleSessions(db, new Date(), 7 * 24 * 3600_000, 24 * 3600_000)).toBeGreaterThanOrEqual(2);
    const left = async (v: Visitor) => (await db.select().from(sessions).where(row(v))).length;
    expect([await left(live), await left(idle), await left(justEnded), await left(longEnded)]).toEqual([1, 0, 1, 0]);
    // within the grace the customer still hears that the session expired
    expect((await justEnded.call('GET', '/restpp/assets')).json().response.systemMessage[0].exceptionKey).toBe('session_expired');
    expect((await live.call('POST', '/REST/profile/current')).statusCode).toBe(200);
  });

  it('purges the sign-in counters no rule reads any more, never a lock, a count or an escalation that still counts', async () => {
    const db = sites.cl.database.db;
    const MIN = 60_000;
    // in the past, so the purges below cannot touch the rows the other tests made just now
    const t0 = new Date(Date.now() - 400 * 24 * 60 * MIN);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const kept = async (key: string) => Boolean(await readThrottle(db, key));
    const wrongPins = async (username: string, times: number, now: Date) => {
      for (let i = 0; i < times; i++)
        await signIn(db, sites.cl.app.market, { username, password: '0000', address: '198.51.100.77' }, now).catch(() => undefined);
    };
    const escalating = 'login:11111111-1'; // RUT 11.111.111-1, no customer: counted like one
    const counting = 'login:22222222-2';

    // five wrong PINs lock for 15 minutes; two more count toward the next lock for 15 minutes
    await wrongPins('11.111.111-1', 5, t0);
    await wrongPins('22.222.222-2', 2, t0);
    await purgeForgottenThrottles(db, at(14 * MIN));
    expect([await kept(escalating), await kept(counting)]).toEqual([true, true]);
    await purgeForgottenThrottles(db, at(16 * MIN));
    // the lock ended but its memory makes the next one last twice as long; the count is over
    expect([await kept(escalating), await kept(counting)]).toEqual([true, false]);

    await wrongPins('11.111.111-1', 5, at(20 * MIN));
    const second = (await readThrottle(db, escalating))!;
    expect(second.locks).toBe(2);
    expect(second.lockedUntil).toEqual(at(50 * MIN));
    // a day after a lock ends the next lock starts again at 15 minutes, so the row may go
    await purgeForgottenThrottles(db, at(50 * MIN + 24 * 60 * MIN - MIN));
    expect(await kept(escalating)).toBe(true);
    await purgeForgottenThrottles(db, at(50 * MIN + 24 * 60 * MIN + MIN));
    expect(await kept(escalating)).toBe(false);

    // the fourth lock lasts until a recovery by SMS: no purge lifts it
    for (const [i, start] of [0, 16, 47, 108].entries()) {
      await wrongPins('33.333.333-3', 5, at(start * MIN));
      expect((await readThrottle(db, 'login:33333333-3'))!.locks).toBe(i + 1);
    }
    await purgeForgottenThrottles(db, at(300 * 24 * 60 * MIN));
    expect(await kept('login:33333333-3')).toBe(true);

    // a counter without escalation (SMS codes, an address) goes once its lock or its own window ends
    for (let i = 0; i < 3; i++) await takeAttempt(db, 'test:codes', { windowMs: 15 * MIN, lockAfter: 3, lockMs: 15 * MIN }, t0);
    await takeAttempt(db, 'test:hourly', { windowMs: 60 * MIN, lockAfter: 10, lockMs: 60 * MIN }, t0);
    await purgeForgottenThrottles(db, at(14 * MIN));
    expect([await kept('test:codes'), await kept('test:hourly')]).toEqual([true, true]);
    await purgeForgottenThrottles(db, at(16 * MIN));
    expect([await kept('test:codes'), await kept('test:hourly')]).toEqual([false, true]);
    await purgeForgottenThrottles(db, at(61 * MIN));
    expect(await kept('test:hourly')).toBe(false);
  });

  it("answers 403 with no data for another customer's line", async () => {
    const v = await new Visitor(sites.cl.app).open();
    await v.login('15.432.198-5', '4321');
    for (const url of ['/REST/asset/912345678/balance', '/restpp/assets/912345678', '/REST/asset/000000000/balance']) {
      const res = await v.call('GET', url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        response: expect.objectContaining({ systemMessage: [expect.objectContaining({ exceptionKey: 'pp.error.asset.forbidden' })] }),
      });
    }
    expect((await v.call('GET', '/REST/asset/987654321/balance')).json().balance.principal.amount).toBeGreaterThan(0);
  });
});
