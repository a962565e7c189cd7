import type { Page } from '@playwright/test';
import { test, expect, ready, signIn, axeViolations, recordDataLayer, recordedEvents, fillSentCode } from './fixtures.ts';

/** The device journeys' own demo customers (README), so no other journey sees their line blocked or its SIM changed. */
const holders = {
  cl: {
    login: '147258364',
    secret: '4826',
    phone: '934512798',
    email: 'andrea.paredes@example.com',
    document: '147258364',
    docDigits: '14725836',
    prefix: '+56',
  },
  pe: {
    login: '934512798',
    secret: '582931',
    phone: '934512798',
    email: 'jorge.quispe@example.com',
    document: '43692581',
    docDigits: '43692581',
    prefix: '+51',
  },
};

/** The sandbox's published SIM Swap client (docs/sandbox.md). */
const SIM_SWAP_TOKEN = 'sandbox-sim-swap-token-not-for-production-use';

async function open(page: Page, path: string) {
  await page.goto(path);
  await ready(page);
}

test.describe('blocking after a theft, unblocking and changing the SIM', () => {
  test('shows the renewal entry, blocks at once, unblocks with the step-up, changes the SIM only with the second factor; then the SIM Swap API says swapped and SMS recovery waits', async ({
    page,
    facts,
    browser,
  }, testInfo) => {
    const who = holders[facts.site];
    await recordDataLayer(page);
    await signIn(page, '/personas/mientel/equipo/renovacion-equipo', who.login, who.secret);

    // the renewal entry: this line may renew, and the way in is the renewal catalogue
    await expect(page.getByTestId('renewal-verdict')).toContainText('puede renovar su equipo ahora');
    await expect(page.getByRole('link', { name: 'Ver equipos para renovar' })).toHaveAttribute('href', '/personas/catalogo/renovacion');
    await page.getByRole('navigation', { name: 'Equipo y chip' }).getByRole('link', { name: 'Bloquear línea o equipo' }).click();
    await ready(page);

    // the block: a theft blocks line and phone, with the session alone
    await expect(page.getByRole('heading', { name: 'Bloquea tu línea o tu equipo', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Bloqueo administrativo' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Me lo robaron con violencia o intimidación' }).check();
    await expect(page.getByText('Por lo que nos cuentas bloquearemos la línea y el equipo.')).toBeVisible();
    if (facts.site === 'cl') {
      await page.getByRole('button', { name: 'Bloquear ahora' }).click();
      await expect(page.locator('#block-police-report-error')).toHaveText('* Ingresa el número de parte o constancia de denuncia');
      await page.getByLabel('Número de parte o constancia de denuncia').fill('PT-2026-4411');
    }
    await page.getByRole('button', { name: 'Bloquear ahora' }).click();
    const result = page.getByTestId('block-result');
    await expect(result).toContainText('Listo: bloqueamos tu línea y tu equipo.');
    await expect(result).toContainText('Informamos el IMEI');
    let report = 'PT 2026 4411';
    if (facts.site === 'pe') {
      const text = await page.getByTestId('report-code').innerText();
      report = text.match(/código de reporte es (\S+)\./)![1]!;
    }
    await expect(page.getByTestId('line-blocked')).toBeVisible();
    await expect(page.getByTestId('blocks')).toContainText('La línea y el equipo');

    // the account home shows the line blocked
    await open(page, '/miandes/mi-cuenta');
    await expect(page.getByText('Postpago · Bloqueada')).toBeVisible();
    // a blocked line cannot renew its phone either
    await open(page, '/personas/mientel/equipo/renovacion-equipo');
    await expect(page.getByTestId('renewal-verdict')).toContainText('por ahora no puede renovar su equipo');
    await page.getByTestId('line-blocked').getByRole('link', { name: '¿Recuperaste tu equipo? Desbloquéalo' }).click();
    await ready(page);

    // unblocking: the e-mailed code and the theft report, only the holder
    await expect(page.getByRole('heading', { name: 'Desbloquea tu línea o tu equipo', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar código a mi correo' }).click();
    await expect(page.getByText(/Enviamos un código de 6 dígitos a an|Enviamos un código de 6 dígitos a jo/)).toBeVisible();
    await fillSentCode(page.getByLabel('Código recibido por correo'), who.email);
    const reportLabel = facts.site === 'cl' ? 'Número de parte o constancia de denuncia que diste al bloquear' : 'Código de reporte que te dimos al bloquear';
    await page.getByLabel(reportLabel).fill('000000');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.locator('#step-up-report-error')).toBeVisible();
    await page.getByLabel(reportLabel).fill(report);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('button', { name: 'Desbloquear ahora' }).click();
    await expect(page.getByText('Listo: desbloqueamos tu línea. Ya puedes usarla.')).toBeVisible();
    await expect(page.getByTestId('no-blocks')).toBeVisible();
    await expect(page.getByTestId('line-blocked')).toHaveCount(0);

    // the SIM change: the code alone is refused, then the code and the identity questions pass
    await open(page, '/personas/mientel/equipo/cambio-chip');
    await expect(page.getByRole('heading', { name: 'Cambia tu chip', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar código a mi correo' }).click();
    await fillSentCode(page.getByLabel('Código recibido por correo'), who.email);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Las respuestas no son correctas' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pedir chip nuevo' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Pedir un código nuevo' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
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
    await page.getByRole('radio', { name: 'eSIM (se activa al instante)' }).check();
    await page.getByRole('button', { name: 'Pedir chip nuevo' }).click();
    await expect(page.getByTestId('sim-result')).toContainText('Listo: tu línea ya funciona con el chip');
    await expect(page.getByTestId('sim-result')).toContainText('no podrás recuperar tu clave por SMS ni transferir saldo');
    await expect(page.getByTestId('sim-history')).toContainText('eSIM');

    const steps = (await recordedEvents(page)).filter((e) => e.event === 'device_step').map((e) => `${e.flow}:${e.step}`);
    for (const step of [
      'renewal:view',
      'block:view',
      'block:blocked',
      'unblock:code_sent',
      'unblock:verified',
      'unblock:unblocked',
      'sim_change:code_sent',
      'sim_change:verified',
      'sim_change:requested',
      'sim_change:activated',
    ]) {
      expect(steps).toContain(step);
    }
    expect(await recordedEvents(page)).toContainEqual(
      expect.objectContaining({ event: 'app_error', error_key: 'device.error.stepUp.identity', error_where: 'device_step_up' }),
    );

    // a bank asks the SIM Swap API
    const check = await page.request.post('/sim-swap/v1/check', {
      headers: { authorization: `Bearer ${SIM_SWAP_TOKEN}` },
      data: { phoneNumber: `${who.prefix}${who.phone}`, maxAge: 1 },
    });
    expect(await check.json()).toEqual({ swapped: true });

    // a stranger (or a fraudster holding the new SIM) cannot recover the secret by SMS during the cool-down
    const other = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
    await other.goto('/personas/recuperar-clave');
    await ready(other);
    await other.getByLabel(facts.site === 'cl' ? 'RUT' : 'DNI').pressSequentially(who.document);
    await other.getByLabel('Número de celular').fill(who.phone);
    await other.getByRole('button', { name: 'Enviar código' }).click();
    await expect(other.getByRole('dialog')).toContainText('Esta línea cambió de chip hace poco');
    await other.close();
  });

  // after the journey above (a file's tests run in order): this one leaves the line blocked
  test('blocks before JavaScript loads: a refusal shows the page again with the message, then the block is made', async ({
    page,
    facts,
    browser,
  }, testInfo) => {
    const who = holders[facts.site];
    await signIn(page, '/personas/mientel/equipo/bloqueo', who.login, who.secret);
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    await noScript.addCookies(await page.context().cookies());
    const bare = await noScript.newPage();
    await bare.goto('/personas/mientel/equipo/bloqueo');
    await bare.getByRole('button', { name: 'Bloquear ahora' }).click();
    await expect(bare.getByRole('alert')).toContainText('Revisa los datos ingresados.');
    await bare.getByRole('radio', { name: 'Quiero bloquearlo por otro motivo personal' }).check();
    await bare.getByRole('radio', { name: 'Solo la línea (chip)' }).check();
    await bare.getByRole('button', { name: 'Bloquear ahora' }).click();
    await expect(bare).toHaveURL(/\/personas\/mientel\/equipo\/bloqueo\?bloqueo=\d+$/);
    await expect(bare.getByTestId('block-result')).toContainText('Listo: bloqueamos tu línea.');
    await expect(bare.getByTestId('line-blocked')).toBeVisible();
    await noScript.close();
  });
});
