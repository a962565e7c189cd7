import { describe, expect, it } from 'vitest';
import { drivers, Visitor, type TestSite, bothSites } from './helpers.ts';

async function lastCode(site: TestSite, phone: string): Promise<string> {
  const res = await site.app.inject({ method: 'GET', url: `/sandbox/outbox?recipient=${phone}` });
  const body = res.json().messages[0].body as string;
  return body.match(/\b(\d{6})\b/)![1];
}

describe.each(drivers)('password recovery and creation (%s database)', (driver) => {
  const sites = bothSites(driver);

  it('recovers a PIN with a code sent by SMS to the outbox', async () => {
    const v = await new Visitor(sites.cl.app).open();
    const start = await v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document: '15.432.198-5', phoneNumber: '987654321' });
    expect(start.statusCode).toBe(200);
    const { tokenId } = start.json();
    const wrong = await v.call('POST', '/restpp/password/recovery/validateToken', { tokenId, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const code = await lastCode(sites.cl, '987654321');
    expect((await v.call('POST', '/restpp/password/recovery/validateToken', { tokenId, code })).statusCode).toBe(200);
    const weak = await v.call('POST', '/restpp/password/recovery/changePassword', { tokenId, password: '1111', confirmPassword: '1111' });
    expect(weak.json().validationError.password).toBeDefined();
    const changed = await v.call('POST', '/restpp/password/recovery/changePassword', { tokenId, password: '2468', confirmPassword: '2468' });
    expect(changed.json()).toMatchObject({ success: true, response: { redirectRUL: '/inicio-sesion' } });
    const reuse = await v.call('POST', '/restpp/password/recovery/changePassword', { tokenId, password: '1357', confirmPassword: '1357' });
    expect(reuse.statusCode).toBe(400);
    expect((await v.login('15.432.198-5', '4321')).statusCode).toBe(401);
    expect((await new Visitor(sites.cl.app).open().then((w) => w.login('15.432.198-5', '2468'))).statusCode).toBe(200);
  });

  it("answers a phone that is not the document holder's as the holder's, and texts nothing", async () => {
    const v = await new Visitor(sites.cl.app).open();
    const before = (await sites.cl.app.inject({ method: 'GET', url: '/sandbox/outbox?recipient=987654321' })).json().messages.length;
    const res = await v.call('POST', '/restpp/password/recovery/validatePhoneNumber', { document: '12.345.678-5', phoneNumber: '987654321' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tokenId: expect.any(String), phoneLast: '321' });
    expect((await sites.cl.app.inject({ method: 'GET', url: '/sandbox/outbox?recipient=987654321' })).json().messages).toHaveLength(before);
    expect((await v.call('POST', '/restpp/password/recovery/validateToken', { tokenId: res.json().tokenId, code: '123456' })).statusCode).toBe(400);
  });

  it('changes a signed-in Peruvian password with the current one', async () => {
    const v = await new Visitor(sites.pe.app).open();
    await v.login('912345678', '654321');
    const bad = await v.call('POST', '/restpp/password/change/changePassword', { currentPassword: '000000', password: '802461', confirmPassword: '802461' });
    expect(bad.json().validationError.currentPassword[0]).toMatch(/contraseña actual/);
    const good = await v.call('POST', '/restpp/password/change/changePassword', {
      currentPassword: '654321',
      password: '802461',
      confirmPassword: '802461',
      successurl: '/personas/mientel/mi-perfil',
    });
    expect(good.statusCode).toBe(200);
    // the old sessions end: the page signs out and in again with the new secret (SPEC §7 needLogout)
    expect(good.json().response).toMatchObject({ isRedirect: true, needLogout: true, redirectRUL: '/personas/mientel/mi-perfil' });
    expect((await v.call('GET', '/restpp/assets')).statusCode).toBe(401);
    expect((await new Visitor(sites.pe.app).open().then((w) => w.login('70123456', '802461'))).statusCode).toBe(200);
  });

  it('counts wrong current PINs of a signed-in change toward the sign-in lockout', async () => {
    const v = await new Visitor(sites.cl.app, '198.51.100.40').open();
    await v.login('12.345.678-5', '1234');
    const change = (currentPassword: string) =>
      v.call('POST', '/restpp/password/change/changePassword', { currentPassword, password: '8024', confirmPassword: '8024' });
    const first = (await change('0000')).json();
    expect(first).toMatchObject({ validationError: { currentPassword: [expect.stringMatching(/clave actual/)] } });
    // the tries left are told only at the last two
    expect(first).not.toHaveProperty('attemptsLeft');
    for (let i = 0; i < 4; i++) await change('0000');
    const locked = await change('1234');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().response.systemMessage[0]).toMatchObject({ exceptionKey: 'pp.error.login.locked', messages: [expect.stringMatching(/15 minutos/)] });
    // nothing changed, and signing in is locked as well
    const other = await new Visitor(sites.cl.app, '198.51.100.41').open();
    expect((await other.login('12.345.678-5', '1234')).statusCode).toBe(429);
    expect((await other.login('12.345.678-5', '8024')).statusCode).toBe(429);
    await sites.cl.database.db.execute(`delete from login_throttle where key like 'cust:%' or key like 'login:%'`);
    expect((await other.login('12.345.678-5', '1234')).statusCode).toBe(200);
  });

  it("offers Peru's unique password only in Peru; a customer with one already gets a code like anyone", async () => {
    const clv = await new Visitor(sites.cl.app).open();
    expect((await clv.call('POST', '/restpp/peru/unique/password', { document: '45678912', phoneNumber: '987654321' })).statusCode).toBe(404);
    const v = await new Visitor(sites.pe.app).open();
    const exists = await v.call('POST', '/restpp/peru/unique/password', { document: '45678912', phoneNumber: '987654321' });
    expect(exists.statusCode).toBe(200);
    await sites.pe.database.db.execute(`update customers set secret_created = false where document = '45678912'`);
    const start = await v.call('POST', '/restpp/peru/unique/password', { document: '45678912', phoneNumber: '987654321' });
    const { tokenId } = start.json();
    const code = await lastCode(sites.pe, '987654321');
    const created = await v.call('POST', '/restpp/peru/password/change', { tokenId, code, password: '739182', confirmPassword: '739182' });
    expect(created.statusCode).toBe(200);
    expect((await new Visitor(sites.pe.app).open().then((w) => w.login('45678912', '739182'))).statusCode).toBe(200);
  });
});
