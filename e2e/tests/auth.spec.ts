import type { Page } from '@playwright/test';
import { test, expect, ready, axeViolations, dataLayer, fillSentCode, recordDataLayer, recordedEvents, type SiteFacts } from './fixtures.ts';
import { addToCart, deliverHome } from './checkout-steps.ts';

/** Seeded for these tests only (README): changing its secret or losing its session disturbs no other journey. */
const own = {
  cl: { login: '176543299', secret: '2580', next: '3691', document: '176543299', phone: '934512760' },
  pe: { login: '934512761', secret: '246813', next: '802461', document: '48261537', phone: '934512761' },
} as const;

async function signIn(page: Page, facts: SiteFacts, login: string, secret: string, successurl = '') {
  await page.goto(`/inicio-sesion${successurl ? `?successurl=${encodeURIComponent(successurl)}` : ''}`);
  await ready(page);
  await page.getByLabel(facts.loginLabel).pressSequentially(login);
  await page.getByLabel(facts.secretLabel).fill(secret);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();
}

/** Ends the sign-in on the server as the idle limit would (docs/sandbox.md). */
async function expireSession(page: Page) {
  const status = await page.evaluate(async () => {
    const token = (document.getElementById('f__key__') as HTMLInputElement).value;
    return (await fetch(`/sandbox/session/expire?f__key__=${encodeURIComponent(token)}`, { method: 'POST' })).status;
  });
  expect(status).toBe(200);
}

test.describe('sign-in', () => {
  test('signs in, shows the name, signs out', async ({ page, facts }) => {
    await recordDataLayer(page);
    await page.goto('/inicio-sesion');
    await ready(page);
    const login = page.getByLabel(facts.loginLabel);
    await login.pressSequentially(facts.customer.login);
    await expect(login).toHaveValue(facts.customer.shown);
    await page.getByLabel(facts.secretLabel).fill(facts.customer.secret);
    const posted = page.waitForRequest((r) => r.url().includes('/oam/server/authentication'));
    await page.getByRole('button', { name: 'Ingresar' }).click();
    // SPEC §7 PROFILE_LOGIN: Chile sends {rutt, PIN}, Peru {username, password}
    const sent = (await posted).postDataJSON() as Record<string, string>;
    expect(sent).toEqual(
      facts.site === 'cl'
        ? { rutt: facts.customer.shown, PIN: facts.customer.secret, successurl: '/miandes/mi-cuenta' }
        : { username: facts.customer.login, password: facts.customer.secret, successurl: '/miandes/mi-cuenta' },
    );
    // a sign-in no page asked for lands on the account
    await expect(page).toHaveURL(/\/miandes\/mi-cuenta$/);
    await expect(page.getByTestId('greeting')).toHaveText(facts.customer.firstName);
    await page.goto('/');
    await expect(page.getByTestId('balance')).toBeVisible();
    await expect.poll(() => recordedEvents(page)).toContainEqual(expect.objectContaining({ event: 'login', site: facts.site }));
    await expect.poll(() => recordedEvents(page)).toContainEqual(expect.objectContaining({ event: 'page_view', user_type: 'client' }));
    await page.getByRole('banner').getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(page).toHaveURL(/\/miandes\/mi-cuenta$/);

    await ready(page);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveCount(0);
    expect(await recordedEvents(page)).toContainEqual({ event: 'logout', site: facts.site });
    // the page after the reload confirms it for a while (the exact 6000 ms: shell.spec.ts), then only once
    const bye = page.getByRole('status').filter({ hasText: 'Cerraste tu sesión correctamente.' });
    await expect(bye).toBeVisible();
    await page.waitForTimeout(4_000);
    await expect(bye).toBeVisible();
    await expect(bye).toHaveCount(0, { timeout: 4_000 });
    await page.reload();
    await ready(page);
    await expect(bye).toHaveCount(0);
  });

  test('a signed-in visitor sent to the login page goes back only to our own paths', async ({ page, facts }) => {
    await signIn(page, facts, facts.customer.login, facts.customer.secret);
    const back = async (successurl: string) => {
      const res = await page.request.get(`/inicio-sesion?successurl=${successurl}`, { maxRedirects: 0 });
      expect(res.status(), successurl).toBe(302);
      return res.headers().location;
    };
    // browsers drop the tab and backslashes read as slashes: each of these would leave for evil.example
    for (const evil of ['/%09/evil.example/', '//evil.example', '/%5Cevil.example', 'https://evil.example', '/%252F/evil.example', '/%255Cevil.example'])
      expect(await back(evil), evil).toBe('/miandes/mi-cuenta');
    expect(await back(encodeURIComponent('/personas/mientel/consumo?dias=7'))).toBe('/personas/mientel/consumo?dias=7');
  });

  test('a wrong PIN shows the error under the field', async ({ page, facts }) => {
    await page.goto('/inicio-sesion');
    await ready(page);
    await page.getByLabel(facts.loginLabel).pressSequentially(facts.customer.login);
    const secret = page.getByLabel(facts.secretLabel);
    await secret.fill(facts.site === 'cl' ? '9999' : '999999');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const error = page.locator('#field-password-error');
    await expect(error).toHaveText(/^\* Los datos de ingreso no son correctos/);
    await expect(secret).toHaveAttribute('aria-invalid', 'true');
    const events = await dataLayer(page);
    expect(events).toContainEqual(expect.objectContaining({ event: 'login_failure', error_key: 'pp.error.login.invalid' }));
  });

  test('invalid input keeps the button disabled with the message under the field', async ({ page, facts }) => {
    await page.goto('/inicio-sesion');
    await ready(page);
    const login = page.getByLabel(facts.loginLabel);
    await login.pressSequentially(facts.site === 'cl' ? '123456789' : '1234');
    await login.blur();
    await expect(page.locator('#field-username-error')).toHaveText(facts.site === 'cl' ? '* Ingresa un RUT válido' : /^\* Ingresa tu número de celular/);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeDisabled();
  });

  test('the session-expired page offers to sign in again', async ({ page }) => {
    await page.goto('/personas/sesion-expirada');
    await expect(page.getByRole('heading', { name: 'Tu sesión expiró' })).toBeVisible();
    await page.getByRole('link', { name: 'Ingresar nuevamente' }).click();
    await expect(page).toHaveURL(/\/inicio-sesion$/);
  });

  test('changes the secret from mi-perfil, signed in again with the new one, and back', async ({ page, facts }) => {
    const { login, secret, next } = own[facts.site];
    const noun = facts.site === 'cl' ? 'clave' : 'contraseña';
    await recordDataLayer(page);
    await signIn(page, facts, login, secret, '/personas/mientel/mi-perfil');
    await page.getByRole('link', { name: `Cambia tu ${noun}` }).click();
    await expect(page.getByRole('heading', { name: `Cambia tu ${noun}`, level: 1 })).toBeVisible();
    await ready(page);
    const current = page.getByLabel(facts.site === 'cl' ? 'Clave actual' : 'Contraseña actual');
    const fresh = page.getByLabel(facts.site === 'cl' ? 'Nueva clave' : 'Nueva contraseña', { exact: true });
    const again = page.getByLabel(facts.site === 'cl' ? 'Repite la nueva clave' : 'Repite la nueva contraseña');
    const save = page.getByRole('button', { name: `Guardar ${noun}` });

    // the market's length: 4 digits in Chile, 6 in Peru (the field cuts what is typed beyond it)
    await fresh.pressSequentially('1234567');
    await expect(fresh).toHaveValue('1234567'.slice(0, secret.length));
    await fresh.fill('');
    await current.fill('0'.repeat(secret.length));
    await fresh.fill(next);
    await again.fill(next);
    await save.click();
    await expect(page.locator('#field-currentPassword-error')).toHaveText(`* La ${noun} actual no es correcta.`);

    await current.fill(secret);
    await save.click();
    await expect(page.getByTestId('password-changed')).toBeVisible();
    await expect(page).toHaveURL(/\/cambiar-clave\?cambiada=1$/);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect.poll(() => recordedEvents(page)).toContainEqual(expect.objectContaining({ event: 'password_flow', flow: 'change', step: 'changed' }));

    // and back, so the next run finds the seeded secret
    await ready(page);
    await current.fill(next);
    await fresh.fill(secret);
    await again.fill(secret);
    await save.click();
    await expect(page.getByTestId('password-changed')).toBeVisible();
    await expect(page.getByTestId('greeting')).toBeVisible();
  });

  test('an expired session sends account pages and calls to the session-expired page', async ({ page, facts }) => {
    const { login, secret } = own[facts.site];
    await signIn(page, facts, login, secret, '/personas/mientel/mi-perfil/cambiar-clave');
    await ready(page);
    await expireSession(page);
    // a call from the page (the request helper)
    await page.getByLabel(/actual$/).fill(secret);
    await page.getByLabel(/^Nueva/).fill(own[facts.site].next);
    await page.getByLabel(/^Repite/).fill(own[facts.site].next);
    await page.getByRole('button', { name: /^Guardar/ }).click();
    await expect(page).toHaveURL(/\/personas\/sesion-expirada\?successurl=%2Fpersonas%2Fmientel%2Fmi-perfil%2Fcambiar-clave$/);
    await expect(page.getByRole('heading', { name: 'Tu sesión expiró' })).toBeVisible();
    // a server-rendered page
    await page.goto('/personas/mientel/mi-perfil');
    await expect(page).toHaveURL(/\/personas\/sesion-expirada\?successurl=%2Fpersonas%2Fmientel%2Fmi-perfil$/);
    // signing in again comes back to the page
    await page.getByRole('link', { name: 'Ingresar nuevamente' }).click();
    await ready(page);
    await page.getByLabel(facts.loginLabel).pressSequentially(login);
    await page.getByLabel(facts.secretLabel).fill(secret);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/personas\/mientel\/mi-perfil$/);
  });

  test('a session lost during checkout restarts the payment from the cart', async ({ page, facts }) => {
    const { login, secret } = own[facts.site];
    await signIn(page, facts, login, secret);
    await addToCart(page);
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
    await ready(page);
    await deliverHome(page, facts.site);
    await expireSession(page);
    await page.getByRole('button', { name: /^(Pagar|Confirmar)/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Reinicie su pago ya que la sesión anterior ha caducado');
    await dialog.getByRole('link', { name: 'Volver al carro' }).click();
    await expect(page).toHaveURL(/\/carrito-compra$/);
  });

  test('recovers the secret with a code sent by SMS, signs in with the new one, and puts the seeded one back', async ({ page, facts }) => {
    const { login, secret, next, document, phone } = own[facts.site];
    const noun = facts.site === 'cl' ? 'clave' : 'contraseña';
    const last = phone.slice(-3);
    await recordDataLayer(page);
    await page.clock.install();
    await page.goto('/inicio-sesion');
    await page.getByRole('link', { name: `¿Olvidaste tu ${noun}?` }).click();
    await expect(page).toHaveURL(/\/personas\/recuperar-clave$/);
    await expect(page.getByRole('heading', { name: `Recupera tu ${noun}`, level: 1 })).toBeVisible();
    await ready(page);
    const documentField = page.getByLabel(facts.site === 'cl' ? 'RUT' : 'DNI');
    await documentField.pressSequentially(document);
    if (facts.site === 'cl') await expect(documentField).toHaveValue('17.654.329-9');
    await page.getByLabel('Número de celular').fill(phone);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByText(`Si el número corresponde al documento ingresado, enviamos un código al celular terminado en ${last}.`)).toBeVisible();

    // a new code: a transient confirmation, read as a status, gone after the market's 6000 ms
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'Reenviar código' }).click();
    const resent = page
      .getByRole('status')
      .filter({ hasText: `Si el número corresponde al documento ingresado, te enviamos un nuevo código al celular terminado en ${last}.` });
    await expect(resent).toBeVisible();
    await page.clock.runFor(5_900);
    await expect(resent).toBeVisible();
    await page.clock.runFor(100);
    await expect(resent).toHaveCount(0);
    await page.clock.resume();

    // the last code sent is the one that counts
    await fillSentCode(page.getByLabel('Código de 6 dígitos'), phone);
    await page.getByRole('button', { name: 'Validar código' }).click();
    await page.getByLabel(facts.site === 'cl' ? 'Nueva clave' : 'Nueva contraseña', { exact: true }).fill(next);
    await page.getByLabel(facts.site === 'cl' ? 'Repite la nueva clave' : 'Repite la nueva contraseña').fill(next);
    await page.getByRole('button', { name: `Guardar ${noun}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Tu ${noun} fue actualizada. Ya puedes ingresar con ella.` })).toBeVisible();
    for (const step of ['code_sent', 'code_valid', 'changed']) {
      expect(await recordedEvents(page)).toContainEqual(expect.objectContaining({ event: 'password_flow', flow: 'recovery', step }));
    }

    await page.getByRole('link', { name: 'Ingresar' }).last().click();
    await ready(page);
    await page.getByLabel(facts.secretLabel).fill(secret);
    await page.getByLabel(facts.loginLabel).pressSequentially(login);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.locator('#field-password-error')).toHaveText(/^\* Los datos de ingreso no son correctos/);
    await page.getByLabel(facts.secretLabel).fill(next);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByTestId('greeting')).toBeVisible();

    // the seeded secret back, so later tests and the next run sign in with it
    await page.goto('/personas/mientel/mi-perfil/cambiar-clave');
    await ready(page);
    await page.getByLabel(/actual$/).fill(next);
    await page.getByLabel(/^Nueva/).fill(secret);
    await page.getByLabel(/^Repite/).fill(secret);
    await page.getByRole('button', { name: `Guardar ${noun}` }).click();
    await expect(page.getByTestId('password-changed')).toBeVisible();
  });

  test("recovery answers a phone that is not the document's like the holder's: no text is sent and no code opens it", async ({ page, facts }) => {
    const { document } = own[facts.site];
    const nobodys = '912000301';
    await page.goto('/personas/recuperar-clave');
    await ready(page);
    await page.getByLabel(facts.site === 'cl' ? 'RUT' : 'DNI').pressSequentially(document);
    await page.getByLabel('Número de celular').fill(nobodys);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByText('Si el número corresponde al documento ingresado, enviamos un código al celular terminado en 301.')).toBeVisible();
    expect((await (await page.request.get(`/sandbox/outbox?recipient=${nobodys}`)).json()).messages).toEqual([]);
    await page.getByLabel('Código de 6 dígitos').fill('123456');
    await page.getByRole('button', { name: 'Validar código' }).click();
    await expect(page.getByText('El código no es válido o ya venció. Solicita uno nuevo.')).toBeVisible();
  });

  test("Peru's customer without a password creates it with the SMS code, then signs in", async ({ page, facts }) => {
    if (facts.site === 'cl') {
      // Chile has no unique password: its /personas/creacion-clave creates a first PIN (missing-routes.spec.ts)
      await page.goto('/inicio-sesion');
      await expect(page.getByRole('link', { name: 'Crea tu clave única' })).toHaveCount(0);
      return;
    }
    await page.goto('/inicio-sesion');
    await page.getByRole('link', { name: 'Crea tu clave única' }).click();
    await expect(page.getByRole('heading', { name: 'Crea tu clave única' })).toBeVisible();
    await ready(page);
    await page.getByLabel('DNI').fill('41357926');
    await page.getByLabel('Número de celular').fill('934512762');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByText('Si el número corresponde al documento ingresado, enviamos un código al celular terminado en 762.')).toBeVisible();
    await fillSentCode(page.getByLabel('Código de 6 dígitos'), '934512762');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('582941');
    await page.getByLabel('Repite la nueva contraseña').fill('582941');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tu contraseña fue actualizada' })).toBeVisible();
    await page.getByRole('link', { name: 'Ingresar' }).last().click();
    await ready(page);
    await page.getByLabel(facts.loginLabel).pressSequentially('41357926');
    await page.getByLabel(facts.secretLabel).fill('582941');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByTestId('greeting')).toHaveText('Hola, Martín');
  });

  test("the footer's store locator and help pages are public", async ({ page, facts }) => {
    const place =
      facts.site === 'cl'
        ? { region: 'Metropolitana de Santiago', commune: 'Providencia', other: 'Valparaíso' }
        : { region: 'Lima', commune: 'Miraflores (Lima)', other: 'Arequipa' };
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Encuentra tu tienda' }).click();
    await expect(page.getByRole('heading', { name: 'Encuentra tu tienda', level: 1 })).toBeVisible();
    const region = page.getByRole('region', { name: place.region });
    await expect(region.getByRole('heading', { name: place.commune, exact: true })).toBeVisible();
    await expect(region.getByTestId('store').filter({ hasText: `Tienda ${place.commune.split(' ')[0]}` })).toContainText('Horario:');
    await expect(page.getByRole('region', { name: place.other })).toBeVisible();
    // the filter is a plain form: it works before (and without) JavaScript
    await page.getByLabel(facts.site === 'cl' ? 'Región' : 'Departamento').selectOption({ label: place.region });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByRole('region', { name: place.other })).toHaveCount(0);
    await expect(page.getByRole('region', { name: place.region })).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Ayuda y soporte' }).click();
    await expect(page).toHaveURL(/\/ayuda$/);
    await expect(page.getByRole('heading', { name: 'Ayuda y soporte', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: facts.site === 'cl' ? '600 360 2000' : '(01) 615 2000' })).toBeVisible();
  });

  // locks this file's own customer for 15 minutes: keep it after every test that signs in as it
  test("a locked account says how long to wait, with the reason behind 'Ver detalle'", async ({ page, facts }) => {
    const { login, secret, next } = own[facts.site];
    await signIn(page, facts, login, secret, '/personas/mientel/mi-perfil/cambiar-clave');
    await ready(page);
    await page.getByLabel(/actual$/).fill('0'.repeat(secret.length));
    await page.getByLabel(/^Nueva/).fill(next);
    await page.getByLabel(/^Repite/).fill(next);
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse((r) => r.url().includes('/changePassword'));
      await page.getByRole('button', { name: /^Guardar/ }).click();
      await answered;
    }
    const dialog = page.getByRole('dialog', { name: 'Algo salió mal' });
    await expect(dialog).toContainText('Inténtalo nuevamente en 15 minutos');
    await expect(dialog).not.toContainText('dura el doble');
    await dialog.getByRole('button', { name: 'Ver detalle' }).click();
    await expect(dialog.getByRole('button', { name: 'Ocultar detalle' })).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog).toContainText('cada nuevo bloqueo dura el doble que el anterior');
  });

  test("a sign-in locked on the login page shows the detail behind 'Ver detalle', what still works, and recovery", async ({ page, facts }) => {
    // an identifier nobody has locks as a real one would; its own address keeps the suite's counters apart
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': facts.site === 'cl' ? '198.51.100.171' : '198.51.100.172' });
    const login = facts.site === 'cl' ? '111111111' : '999000171';
    await page.goto('/inicio-sesion');
    await ready(page);
    await page.locator('#field-username').pressSequentially(login);
    for (let i = 0; i < 6; i++) {
      await page.locator('#field-password').fill('0'.repeat(facts.site === 'cl' ? 4 : 6));
      const answered = page.waitForResponse((r) => r.url().includes('/oam/server/authentication'));
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await answered;
    }
    const refusal = page.locator('.form-error');
    await expect(refusal).toContainText('Inténtalo nuevamente en 15 minutos');
    await expect(refusal).toContainText('Tu cuenta y tus líneas siguen funcionando con normalidad.');
    await expect(refusal).not.toContainText('dura el doble');
    await refusal.getByRole('button', { name: 'Ver detalle' }).focus();
    await page.keyboard.press('Enter');
    await expect(refusal).toContainText('cada nuevo bloqueo dura el doble que el anterior');
    expect(await axeViolations(page)).toEqual([]);
    await refusal.getByRole('link', { name: facts.site === 'cl' ? 'Recuperar mi clave' : 'Recuperar mi contraseña' }).click();
    await expect(page).toHaveURL(/\/personas\/recuperar-clave$/);
  });

  test('login, home, store and help pages have no accessibility violations', async ({ page, facts }) => {
    for (const path of ['/inicio-sesion', '/', '/tiendas', '/ayuda']) {
      await page.goto(path);
      await ready(page);
      expect(await axeViolations(page), `${facts.site} ${path}`).toEqual([]);
    }
  });
});
