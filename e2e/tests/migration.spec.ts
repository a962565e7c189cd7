import type { Page } from '@playwright/test';
import { test, expect, ready, axeViolations, recordDataLayer, recordedEvents, signIn } from './fixtures.ts';

/** The prepaid demo customer of each market (README), and a pair of document and line that do not match. */
const people = {
  cl: { login: '154321985', secret: '4321', phone: '987654321', document: '154321985', shownDocument: '15.432.198-5', otherLine: '912345678' },
  pe: { login: '912345678', secret: '654321', phone: '912345678', document: '70123456', shownDocument: '70123456', otherLine: '987654321' },
};

/** A requester and two addresses per market: one the network covers and one it does not. */
const mobile = {
  cl: {
    document: '760864285',
    region: ['Región', '13'],
    province: null,
    commune: ['Comuna', '13101'],
    uncovered: { region: '05', province: null, commune: '05102' },
  },
  pe: {
    document: '40404040',
    region: ['Departamento', '15'],
    province: ['Provincia', '1501'],
    commune: ['Distrito', '150101'],
    uncovered: { region: '15', province: '1502', commune: '150202' },
  },
} as const;

const APPROVE = '4051885600446623';
const REJECT = '5186059559590568';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens a signed-in page anonymously: the login page comes first and then returns here. */
async function signInAt(page: Page, path: string, login: string, secret: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`/inicio-sesion\\?successurl=${escape(encodeURIComponent(path))}`));
  await ready(page);
  await page.locator('#field-username').pressSequentially(login);
  await page.locator('#field-password').fill(secret);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(new RegExp(`${escape(path)}$`));
  await ready(page);
}

/** Chooses a plan, goes to the summary and on to the gateway's page, where it pays with a card. */
async function migrateWithCard(page: Page, plan: string, card: string) {
  await expect(page.getByRole('button', { name: 'Continuar al pago' })).toBeDisabled();
  await page.getByRole('button', { name: `Elegir ${plan}` }).click();
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
  await expect(page).toHaveURL(/\/personas\/migra-a-plan\/pago\?linea=\d{9}&plan=/);
  await ready(page);
  await expect(page.getByTestId('migration-summary')).toContainText(plan);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
  await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
  await page.getByLabel('Número de tarjeta').fill(card);
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
}

test.describe.configure({ mode: 'serial' });

test.describe('prepaid to plan migration', () => {
  test('a rejected card goes to the failure page and the line stays prepaid', async ({ page, facts }) => {
    const who = people[facts.site];
    await signInAt(page, '/personas/migra-a-plan/seleccionar-plan', who.login, who.secret);
    await expect(page.getByRole('heading', { level: 1, name: 'Cámbiate de prepago a plan' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await migrateWithCard(page, 'Plan Libre 30 GB', REJECT);
    await expect(page).toHaveURL(/\/personas\/migra-a-plan\/fallar\?resultado=rejected/);
    await expect(page.getByTestId('migration-failure')).toContainText('El pago fue rechazado. Tu línea sigue igual');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/personas/tus-lineas');
    await expect(page.getByTestId('lines').getByRole('row').filter({ hasText: 'Prepago' })).toHaveCount(1);
  });

  test('an approved card moves the line to the plan, shown in the account', async ({ page, facts }) => {
    const who = people[facts.site];
    await recordDataLayer(page);
    await signInAt(page, '/personas/migra-a-plan/seleccionar-plan', who.login, who.secret);
    await migrateWithCard(page, 'Plan Controlado 25 GB', APPROVE);
    await expect(page).toHaveURL(/\/personas\/migra-a-plan\/exito\?resultado=approved&orden=MG/);
    await expect(page.getByTestId('migration-success')).toContainText('ahora tiene el Plan Controlado 25 GB');
    expect(await axeViolations(page)).toEqual([]);
    await expect
      .poll(() => recordedEvents(page))
      .toContainEqual(
        expect.objectContaining({
          event: 'purchase',
          flow: 'migration',
          ecommerce: expect.objectContaining({ items: [expect.objectContaining({ item_id: 'PO_PLAN_CONTROLADO_25' })] }),
        }),
      );
    expect(await recordedEvents(page)).toContainEqual(expect.objectContaining({ event: 'checkout_step', checkout_step: 4, flow: 'migration' }));
    // a reload of the outcome does not change anything again
    await page.reload();
    await expect(page.getByTestId('migration-success')).toBeVisible();
    await page.goto('/miandes/mi-cuenta');
    await expect(page.getByText('Controlado 25 GB').first()).toBeVisible();
    await page.goto('/personas/tus-lineas');
    const row = page.getByTestId('lines').getByRole('row').filter({ hasText: 'Controlado 25 GB' });
    await expect(row).toContainText('Controlado');
    expect(await axeViolations(page)).toEqual([]);
    // the line has a plan now: the migration has nothing to offer and points to the profiled offer
    await page.goto('/personas/migra-a-plan');
    await expect(page.getByTestId('migration-no-prepaid')).toBeVisible();
    await page.getByRole('link', { name: 'Ver ofertas para mis líneas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ofertas para ti' })).toBeVisible();
    await expect(page.getByTestId(`offers-${who.phone}`)).toContainText('Hoy tienes: Controlado 25 GB');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('line pages for everybody', () => {
  test('the ownership check answers a visitor only with the code texted to the line', async ({ page, facts }) => {
    const who = people[facts.site];
    await page.goto('/personas/consulta-titularidad-linea');
    await ready(page);
    const document = facts.site === 'cl' ? 'RUT' : 'DNI';
    await page.getByLabel(document, { exact: true }).pressSequentially(who.document);
    await page.getByLabel('Número de celular').fill(who.phone);
    await page.getByRole('button', { name: 'Consultar' }).click();
    // no answer yet: whose line it is goes only to whoever has it
    await expect(page.getByTestId('ownership-code-sent')).toContainText(`terminado en ${who.phone.slice(-3)}`);
    await expect(page.getByTestId('ownership-result')).toBeEmpty();
    await expect(page.getByLabel('Código recibido por SMS')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    const sms = (await (await page.request.get(`/sandbox/outbox?recipient=${who.phone}&limit=1`)).json()).messages[0].body as string;
    await page.getByLabel('Código recibido por SMS').fill(/\b(\d{6})\b/.exec(sms)![1]!);
    await page.getByRole('button', { name: 'Ver respuesta' }).click();
    await expect(page.getByTestId('ownership-result')).toContainText(`está a nombre del ${document} ${who.shownDocument}`);
    await expect(page.getByTestId('ownership-result')).not.toContainText('no está');
  });

  test('the ownership check answers a signed-in customer at once for their own line, and asks the code for another', async ({ page, facts }) => {
    const who = people[facts.site];
    await signIn(page, '/personas/consulta-titularidad-linea', who.login, who.secret);
    const document = facts.site === 'cl' ? 'RUT' : 'DNI';
    await page.getByLabel(document, { exact: true }).pressSequentially(who.document);
    await page.getByLabel('Número de celular').fill(who.phone);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByTestId('ownership-result')).toContainText(`está a nombre del ${document} ${who.shownDocument}`);
    await page.getByLabel('Número de celular').fill(who.otherLine);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByTestId('ownership-code-sent')).toContainText(`terminado en ${who.otherLine.slice(-3)}`);
    await expect(page.getByTestId('ownership-result')).toBeEmpty();
  });

  test('the regular offer lists the plans to everybody', async ({ page }) => {
    await page.goto('/personas/oferta-regular');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuestros planes' })).toBeVisible();
    await expect(page.locator('article.plan-card').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a visitor requests a SIM with a plan: no coverage fails, a covered address succeeds', async ({ page, facts }) => {
    const m = mobile[facts.site];
    await recordDataLayer(page);
    await page.goto('/personas/oferta-regular');
    await ready(page);
    await page.getByRole('button', { name: 'Pedir chip con Plan Libre 30 GB' }).click();
    await expect(page).toHaveURL(/\/personas\/movil\/entrega$/);
    await ready(page);
    await expect(page.getByTestId('mobile-plan')).toContainText('Plan Libre 30 GB');
    expect(await axeViolations(page)).toEqual([]);

    const fill = async (place: { region: string; province: string | null; commune: string }) => {
      await page.getByLabel('Nombre y apellido').fill('Ana Pérez');
      await page.getByLabel(facts.site === 'cl' ? 'RUT' : 'DNI', { exact: true }).pressSequentially(m.document);
      await page.getByLabel('Correo electrónico').fill('ana@example.com');
      await page.getByLabel('Celular').fill('955512345');
      await page.getByLabel(m.region[0]).selectOption(place.region);
      if (m.province && place.province) await page.getByLabel(m.province[0]).selectOption(place.province);
      await page.getByLabel(m.commune[0]).selectOption(place.commune);
      await page.getByLabel('Calle').fill('Av. Los Leones');
      await page.getByLabel('Número', { exact: true }).fill('123');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(page).toHaveURL(/\/personas\/movil\/confirmacion$/);
      await expect(page.getByTestId('mobile-summary')).toContainText('Av. Los Leones 123');
    };

    await fill(m.uncovered);
    await page.getByRole('button', { name: 'Confirmar solicitud' }).click();
    await expect(page).toHaveURL(/\/personas\/movil\/confirmacion\/fallo\?motivo=coverage/);
    await expect(page.getByTestId('mobile-failure')).toContainText('Aún no tenemos cobertura');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Cambiar la dirección' }).click();
    await ready(page);
    await fill({ region: m.region[1], province: m.province?.[1] ?? null, commune: m.commune[1] });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirmar solicitud' }).click();
    await expect(page).toHaveURL(/\/personas\/movil\/exito\?solicitud=MOV-/);
    await expect(page.getByTestId('mobile-success')).toContainText(`Tu solicitud MOV-${facts.site.toUpperCase()}-`);
    expect(await axeViolations(page)).toEqual([]);
    await expect.poll(() => recordedEvents(page)).toContainEqual(expect.objectContaining({ event: 'checkout_step', checkout_step: 5, flow: 'mobile' }));
  });
});
