import { readFileSync } from 'node:fs';
import type { Page, Response } from '@playwright/test';
import { test, expect, ready, signIn, dataLayer, axeViolations } from './fixtures.ts';

/** docs/sandbox.md: the sandbox claims system answers "not found" twice, and never for this document. */
const NOT_FOUND_TRIES = 2;
const NEVER_FOUND_DOCUMENT = '10000001';
/** The demo customer kept for this journey (README "Demo accounts"). */
const CUSTOMER = { login: '934512841', secret: '582046' };

const isStatus = (r: Response) => /\/restpp\/peru\/claims\/[A-Z]{2}-\d{4}-\d{6}\/status/.test(r.url());

/**
 * Moving the page's paused clock a second at a time, the whole seconds until the next status check
 * answered. The page sets its 10 s timer when it has read an answer, and this test hears of that answer
 * a moment later: on a busy machine one step can land between the two and count toward the previous
 * wait instead of the next, so one gap reads 11 and the next 9. {@link expectChecksApart} holds each
 * gap to at least 9 steps and their sum to 10 per gap (one step of slack).
 */
async function expectChecksApart(page: Page, answered: () => number, gaps: number): Promise<void> {
  const steps: number[] = [];
  for (let i = 0; i < gaps; i++) steps.push(await untilNextCheck(page, answered));
  expect(Math.min(...steps), steps.join(' ')).toBeGreaterThanOrEqual(9);
  expect(
    steps.reduce((a, b) => a + b, 0),
    steps.join(' '),
  ).toBeGreaterThanOrEqual(10 * gaps - 1);
}

async function untilNextCheck(page: Page, answered: () => number): Promise<number> {
  const before = answered();
  let seconds = 0;
  await expect
    .poll(
      async () => {
        if (answered() === before) {
          await page.clock.runFor(1_000);
          seconds += 1;
        }
        return answered();
      },
      { intervals: [25], timeout: 40_000 },
    )
    .toBeGreaterThan(before);
  return seconds;
}

async function fillSheet(page: Page, documentNumber: string) {
  await page.getByLabel('Nombre completo').fill('Ana Pérez Quispe');
  // SPEC §5 documentNumber cleaning: letters and digits only, whatever is typed between them
  await page.getByLabel('Número de documento').fill(`${documentNumber.slice(0, 4)}-${documentNumber.slice(4)} `);
  await expect(page.getByLabel('Número de documento')).toHaveValue(documentNumber);
  await page.getByLabel('Departamento').selectOption({ label: 'Lima' });
  await expect(page.getByLabel('Provincia').locator('option', { hasText: 'Lima' })).toHaveCount(1);
  await page.getByLabel('Provincia').selectOption({ label: 'Lima' });
  await expect(page.getByLabel('Distrito').locator('option', { hasText: /^Miraflores$/ })).toHaveCount(1);
  await page.getByLabel('Distrito').selectOption({ label: 'Miraflores' });
  await page.getByLabel('Dirección').fill('Av. Larco 345, dpto. 301');
  await page.getByLabel('Teléfono').pressSequentially('987650001');
  await page.getByLabel('Correo electrónico', { exact: true }).fill('ana.perez@example.pe');
  await page.getByLabel('Descripción del producto o servicio').fill('Plan Libre 30 GB');
  await page.getByLabel('Monto reclamado (S/)').fill('59.90');
  await page.getByLabel('Detalle').fill('Me cobraron dos veces el plan de octubre en el recibo.');
  await page.getByLabel('Pedido').fill('Devolución del cobro duplicado.');
  await page.getByRole('checkbox', { name: /Declaro que los datos/ }).check();
}

test.describe('Peru claims book and claims', () => {
  test.beforeEach(({ facts }) => {
    test.skip(facts.site !== 'pe', 'the claims book is Peru only');
  });

  test('the footer links the book; a sheet is filed, its PDF taken once, and its status checked every 10 s until registered', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Libro de Reclamaciones' }).click();
    await expect(page).toHaveURL(/\/libro-de-reclamaciones$/);
    await ready(page);
    await expect(page.getByText(/RUC 20100047218/)).toBeVisible();
    // a field left wrong says why, in Spanish, under it
    await page.getByLabel('Correo electrónico', { exact: true }).fill('ana@');
    await page.getByLabel('Correo electrónico', { exact: true }).blur();
    await expect(page.getByText('Ingresa un correo electrónico válido')).toBeVisible();
    await fillSheet(page, '40123456');
    expect(await axeViolations(page)).toEqual([]);

    await page.clock.pauseAt(Date.now() + 1_000);
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (isStatus(r)) statuses.push(r.status());
    });
    const first = page.waitForResponse(isStatus);
    await page.getByRole('button', { name: 'Enviar hoja de reclamación' }).click();
    await expect(page.getByTestId('claim-code')).toHaveText(/Código de seguimiento: LR-\d{4}-\d{6}/);
    await expect(page.getByTestId('claim-due')).toContainText('15 días hábiles');
    await first;
    await expect(page.getByTestId('claim-status')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar la hoja en PDF' }).click();
    const file = await (await download).path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    await page.clock.runFor(1);
    await expect(page.getByText('Ya descargaste la hoja')).toBeVisible();

    await expectChecksApart(page, () => statuses.length, NOT_FOUND_TRIES);
    const popup = page.getByRole('dialog', { name: 'Reclamación registrada' });
    await expect(popup).toContainText(/número SRC-LR-/);
    expect(statuses).toEqual([...Array<number>(NOT_FOUND_TRIES).fill(404), 200]);
    const events = await dataLayer(page);
    expect(events.find((e) => e.event === 'claim_filed')).toMatchObject({ claim_channel: 'book', claim_kind: 'reclamo', embedded: false });
    expect(events.some((e) => e.event === 'claim_pdf_download')).toBe(true);
    expect(events.find((e) => e.event === 'claim_status')).toMatchObject({ outcome: 'registered', tries: NOT_FOUND_TRIES + 1 });
  });

  test('the status check gives up after 10 retries, 10 s apart, with the error popup', async ({ page }) => {
    await page.clock.install();
    await page.goto('/reclamos-iframe');
    await ready(page);
    // embedded: the shop's own header and footer are left out
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await fillSheet(page, NEVER_FOUND_DOCUMENT);
    await page.clock.pauseAt(Date.now() + 1_000);
    let checks = 0;
    page.on('response', (r) => {
      if (isStatus(r)) checks += 1;
    });
    const first = page.waitForResponse(isStatus);
    await page.getByRole('button', { name: 'Enviar hoja de reclamación' }).click();
    await first;
    await expectChecksApart(page, () => checks, 10);
    await expect(page.getByRole('dialog')).toContainText('No pudimos confirmar el registro de tu reclamación');
    await page.clock.runFor(60_000);
    expect(checks).toBe(11);
    expect((await dataLayer(page)).find((e) => e.event === 'claim_status')).toMatchObject({ outcome: 'failed', tries: 11 });
  });

  test("a customer's claims: the answered one, and a new one about a line that the status check brings back to the list", async ({ page }) => {
    await signIn(page, '/personas/reclamaciones/', CUSTOMER.login, CUSTOMER.secret);
    const table = page.getByTestId('claims');
    await expect(table).toContainText('Facturación y cobro');
    await expect(table).toContainText('Fundado: anulamos el cargo');
    await page.clock.install();
    await page.getByLabel('Línea').selectOption('934512842');
    await page.getByLabel('Motivo').selectOption({ label: 'Calidad del servicio' });
    await page.getByLabel('Detalle').fill('Sin datos móviles en mi casa de Surco desde hace una semana.');
    await page.clock.pauseAt(Date.now() + 1_000);
    let checks = 0;
    page.on('response', (r) => {
      if (isStatus(r)) checks += 1;
    });
    const first = page.waitForResponse(isStatus);
    await page.getByRole('button', { name: 'Enviar reclamo' }).click();
    const filed = page.getByTestId('telecom-filed');
    await expect(filed).toContainText(/Registramos tu reclamo RT-\d{4}-\d{6}/);
    const code = /RT-\d{4}-\d{6}/.exec((await filed.textContent()) ?? '')![0];
    await expect(table).toContainText(code);
    await first;
    await expectChecksApart(page, () => checks, NOT_FOUND_TRIES - 1);
    // registered: the answer sends a signed-in customer to their claims, which now list it from the server
    const navigated = page.waitForEvent('framenavigated');
    await untilNextCheck(page, () => checks);
    await navigated;
    await expect(page.getByTestId('telecom-filed')).toHaveCount(0);
    await expect(page.getByTestId('claims').getByRole('row', { name: new RegExp(code) })).toContainText('Recibido');
  });
});

test('Chile has no claims book: its pages answer 404 and its footer does not link one', async ({ page, facts }) => {
  test.skip(facts.site !== 'cl', 'Chile only');
  for (const path of ['/libro-de-reclamaciones', '/reclamos-iframe', '/personas/reclamaciones/']) {
    expect((await page.goto(path))?.status()).toBe(404);
  }
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Ayuda y soporte' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Libro de Reclamaciones' })).toHaveCount(0);
});
