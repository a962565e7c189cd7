import type { Page } from '@playwright/test';
import { test, expect, ready, signIn, axeViolations, recordDataLayer, recordedEvents, fillSentCode } from './fixtures.ts';

/** The line-change journeys' own demo customers (README), so no other journey sees their line suspended or renumbered. */
const holders = {
  cl: { login: '158369478', secret: '3917', minDays: 7, email: 'tomas.riquelme@example.com', docDigits: '15836947' },
  // by DNI: the number change gives the line another number
  pe: { login: '44813572', secret: '715284', minDays: 15, email: 'rosa.huaman@example.com', docDigits: '44813572' },
};

const PAGE = '/personas/mientel/suspension-temporal';

async function endSuspension(page: Page) {
  await page.getByRole('button', { name: /Terminar la suspensión ahora|Cancelar la suspensión/ }).click();
  await expect(page.getByTestId('suspension-result')).toContainText('Listo: tu línea está activa otra vez.');
}

test.describe('temporary suspension', () => {
  test('suspends the line from today for the shortest stay, refuses money actions meanwhile, and ends it early', async ({ page, facts }) => {
    const who = holders[facts.site];
    await recordDataLayer(page);
    await signIn(page, PAGE, who.login, who.secret);
    await expect(page.getByRole('heading', { name: 'Suspensión temporal de tu línea', level: 1 })).toBeVisible();
    // a run stopped half-way left its suspension open: end it first
    if (await page.getByTestId('suspension-current').isVisible()) {
      await endSuspension(page);
      await page.reload();
      await ready(page);
    }
    await expect(page.getByText(`entre ${who.minDays} y 60 días`)).toBeVisible();
    await expect(page.getByText(facts.site === 'pe' ? 'La suspensión es gratuita' : 'tu plan se sigue cobrando', { exact: false })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // a last day before the first is refused beside its field
    const start = await page.getByLabel('Desde (primer día suspendido)').inputValue();
    await page.getByLabel('Hasta (último día suspendido)').fill(start.replace(/^(\d{4})/, (y) => String(Number(y) - 1)));
    await page.getByRole('button', { name: 'Suspender mi línea' }).click();
    await expect(page.locator('#suspension-ends-error')).toBeVisible();

    const end = new Date(`${start}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + who.minDays - 1);
    await page.getByLabel('Hasta (último día suspendido)').fill(end.toISOString().slice(0, 10));
    await page.getByRole('radio', { name: 'Viaje' }).check();
    await page.getByRole('button', { name: 'Suspender mi línea' }).click();
    await expect(page.getByTestId('suspension-result')).toContainText('Listo: programamos tu suspensión.');
    await expect(page.getByTestId('suspension-current')).toContainText('Tu línea está suspendida del');
    await expect(page.getByTestId('line-suspended')).toBeVisible();

    // every account screen says so and links back here
    await page.goto('/personas/mientel/bolsas');
    await ready(page);
    await expect(page.getByTestId('line-suspended')).toBeVisible();
    await page.getByTestId('line-suspended').getByRole('link', { name: 'Ver o terminar la suspensión' }).click();
    await ready(page);

    await endSuspension(page);
    await expect(page.getByTestId('line-suspended')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Suspensiones anteriores' })).toBeVisible();
    const steps = (await recordedEvents(page)).filter((e) => e.event === 'suspension_step').map((e) => e.step);
    expect(steps).toEqual(expect.arrayContaining(['view', 'scheduled', 'ended']));
  });

  test('suspends and ends it before JavaScript loads', async ({ browser, facts }, testInfo) => {
    const who = holders[facts.site];
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto(`/inicio-sesion?successurl=${encodeURIComponent(PAGE)}`);
    await page.locator('#field-username').fill(who.login);
    await page.locator('#field-password').fill(who.secret);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => url.pathname === PAGE);
    if (await page.getByTestId('suspension-current').isVisible()) await endSuspension(page);
    await page.getByRole('radio', { name: 'Pausa' }).check();
    await page.getByRole('button', { name: 'Suspender mi línea' }).click();
    await expect(page.getByTestId('suspension-result')).toContainText('Listo: programamos tu suspensión.');
    await expect(page.getByTestId('line-suspended')).toBeVisible();
    await endSuspension(page);
    await expect(page.getByTestId('line-suspended')).toHaveCount(0);
    await context.close();
  });
});

test.describe('number change', () => {
  test('offers five reserved numbers, asks the step-up, and moves the line to the one picked', async ({ page, facts }) => {
    const who = holders[facts.site];
    await recordDataLayer(page);
    await signIn(page, '/personas/mientel/cambio-numero', who.login, who.secret);
    await expect(page.getByRole('heading', { name: 'Cambia tu número', level: 1 })).toBeVisible();
    const before = await page.getByTestId('current-number').innerText();
    await page.getByRole('button', { name: 'Ver números disponibles' }).click();
    const offered = page.getByRole('group', { name: 'Elige uno de estos números' }).getByRole('radio');
    await expect(offered).toHaveCount(5);
    await expect(page.getByText('Los reservamos para ti hasta las')).toBeVisible();
    const pick = offered.nth(2);
    const label = (await pick.locator('xpath=..').innerText()).trim();
    await pick.check();

    await page.getByRole('button', { name: 'Enviar código a mi correo' }).click();
    await fillSentCode(page.getByLabel('Código recibido por correo'), who.email);
    const questions = page.getByRole('group', { name: /dígitos/ });
    await questions
      .filter({ hasText: 'últimos' })
      .getByRole('radio', { name: who.docDigits.slice(-2), exact: true })
      .check();
    await questions
      .filter({ hasText: 'primeros' })
      .getByRole('radio', { name: who.docDigits.slice(0, 2), exact: true })
      .check();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('button', { name: `Cambiar mi número a ${label}` }).click();
    await expect(page.getByTestId('number-result')).toContainText(`Listo: tu línea ahora es el ${label}`);
    await expect(page.getByTestId('current-number')).toContainText(label);
    await expect(page.getByTestId('current-number')).not.toHaveText(before);

    // the account follows the line to its new number
    await page.reload();
    await ready(page);
    await expect(page.getByTestId('current-number')).toContainText(label);
    await expect(page.getByRole('heading', { name: 'Cambios de número' })).toBeVisible();
    const steps = (await recordedEvents(page)).filter((e) => e.event === 'device_step' && e.flow === 'number_change').map((e) => e.step);
    expect(steps).toEqual(expect.arrayContaining(['view', 'offered', 'code_sent', 'verified', 'changed']));
  });
});
