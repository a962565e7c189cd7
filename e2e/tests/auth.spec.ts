import { test, expect, ready, axeViolations, dataLayer, recordDataLayer, recordedEvents } from './fixtures.ts';

test.describe('sign-in', () => {
  test('signs in, shows the name, signs out', async ({ page, facts }) => {
    await recordDataLayer(page);
    await page.goto('/inicio-sesion');
    await ready(page);
    const login = page.getByLabel(facts.loginLabel);
    await login.pressSequentially(facts.customer.login);
    await expect(login).toHaveValue(facts.customer.shown);
    await page.getByLabel(facts.secretLabel).fill(facts.customer.secret);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('greeting')).toHaveText(facts.customer.firstName);
    await expect(page.getByTestId('balance')).toBeVisible();
    await expect.poll(() => recordedEvents(page)).toContainEqual(expect.objectContaining({ event: 'login', site: facts.site }));
    await expect.poll(() => recordedEvents(page)).toContainEqual(expect.objectContaining({ event: 'page_view', user_type: 'client' }));

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveCount(0);
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

  test('login and home pages have no accessibility violations', async ({ page, facts }) => {
    for (const path of ['/inicio-sesion', '/']) {
      await page.goto(path);
      await ready(page);
      expect(await axeViolations(page), `${facts.site} ${path}`).toEqual([]);
    }
  });
});
