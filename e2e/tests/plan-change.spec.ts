import { test, expect, ready, signIn, axeViolations, recordDataLayer, recordedEvents } from './fixtures.ts';

/** Issue 13's plan change and installments journeys' own demo customers (README). */
const holders = {
  cl: { planLogin: '223000010', planSecret: '6241', payLogin: '223000029', paySecret: '5183', bill: 'boleta' },
  pe: { planLogin: '934630001', planSecret: '418263', payLogin: '934630003', paySecret: '529374', bill: 'recibo' },
};

const PLAN_PAGE = '/personas/mientel/mi-plan/cambio-plan';
const INSTALLMENTS_PAGE = '/personas/mientel/equipo/quotas-pagar';

test.describe('plan change and installments', () => {
  // first in the file: it leaves the period free (a cancelled change), so the upgrade below may follow
  test('schedules a cheaper plan for the cycle day and cancels it, before JavaScript loads', async ({ browser, facts }, testInfo) => {
    const who = holders[facts.site];
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto(`/inicio-sesion?successurl=${encodeURIComponent(PLAN_PAGE)}`);
    await page.locator('#field-username').fill(who.planLogin);
    await page.locator('#field-password').fill(who.planSecret);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => url.pathname === PLAN_PAGE);
    const cheaper = page.getByTestId('plan-change-plans').locator('[data-plan="PO_PLAN_LIBRE_30"]');
    await cheaper.getByRole('link', { name: 'Elegir Libre 30 GB' }).click();
    const confirm = page.getByTestId('plan-change-confirm');
    await expect(confirm).toContainText('Pasarás al plan Libre 30 GB el');
    await confirm.getByRole('button', { name: 'Confirmar el cambio' }).click();
    await expect(page.getByTestId('plan-change-result')).toContainText('Listo: tu plan cambiará a Libre 30 GB el');
    await expect(page.getByTestId('plan-change-pending')).toContainText('Tienes un cambio programado: pasarás al plan Libre 30 GB');
    await page.getByRole('button', { name: 'Cancelar el cambio programado' }).click();
    await expect(page.getByTestId('plan-change-result')).toContainText('Cancelaste el cambio programado');
    await expect(page.getByTestId('plan-change-pending')).toHaveCount(0);
    await expect(page.getByTestId('plan-change-history')).toContainText('cancelado');
    await context.close();
  });

  test('moves the line to a dearer plan now, and the next bill shows both plans prorated by days', async ({ page, facts }) => {
    const who = holders[facts.site];
    await recordDataLayer(page);
    await signIn(page, PLAN_PAGE, who.planLogin, who.planSecret);
    await expect(page.getByRole('heading', { name: 'Cambia tu plan', level: 1 })).toBeVisible();
    await expect(page.getByTestId('plan-change-current')).toContainText('Tu plan actual: Libre 80 GB');
    expect(await axeViolations(page)).toEqual([]);

    // a cheaper plan waits for the cycle day; the dearer one is today, with the next bill's two parts
    const plans = page.getByTestId('plan-change-plans');
    await expect(plans.locator('[data-plan="PO_PLAN_LIBRE_30"]')).toContainText('Baja de plan: el cambio es el');
    const card = plans.locator('[data-plan="PO_PLAN_LIBRE_ILIMITADO"]');
    await expect(card).toContainText('Sube de plan: el cambio es hoy');
    const estimate = ((await card.getByText(`Tu ${facts.site === 'cl' ? 'próxima boleta' : 'próximo recibo'}`).textContent()) ?? '').trim();
    const total = /en total (.+)\.$/.exec(estimate)?.[1];
    expect(total).toBeTruthy();

    // by keyboard: the choice moves the focus to the confirmation
    await card.getByRole('link', { name: 'Elegir Libre Ilimitado' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByTestId('plan-change-confirm');
    await expect(confirm.getByRole('heading', { name: 'Confirma tu cambio de plan' })).toBeFocused();
    await expect(confirm.getByTestId('plan-change-estimate')).toHaveText(estimate);
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Confirmar el cambio' }).click();
    await expect(page.getByTestId('plan-change-result')).toContainText('Listo: ya tienes el plan Libre Ilimitado.');
    await expect(page.getByTestId('plan-change-this-period')).toBeVisible();
    await expect(page.getByTestId('plan-change-history')).toContainText('Libre 80 GB → Libre Ilimitado');

    // the bills page says what the next bill charges: each plan by its days, the total the page showed
    await page
      .getByTestId('plan-change-result')
      .getByRole('link', { name: `Ver mis ${who.bill}s` })
      .click();
    await expect(page).toHaveURL(/\/personas\/mientel\/boleta$/);
    await ready(page);
    const next = page.getByTestId('next-bill-plan-change');
    await expect(next).toContainText('cobra cada plan por sus días');
    await expect(next).toContainText(`en total ${total}`);
    const steps = (await recordedEvents(page)).filter((e) => e.event === 'plan_change_step').map((e) => e.step);
    expect(steps).toEqual(expect.arrayContaining(['view', 'selected', 'changed']));
  });

  test('pays the next installments of the phone by card through the gateway, and sees them paid', async ({ page, facts }) => {
    const who = holders[facts.site];
    await recordDataLayer(page);
    await signIn(page, INSTALLMENTS_PAGE, who.payLogin, who.paySecret);
    await expect(page.getByRole('heading', { name: 'Paga cuotas de tu equipo', level: 1 })).toBeVisible();
    const phone = page.getByTestId('installments-phone');
    const summary = ((await phone.getByTestId('installments-summary').textContent()) ?? '').trim();
    const paidBefore = Number(/^(\d+) de/.exec(summary)?.[1]);
    expect(await axeViolations(page)).toEqual([]);

    await phone.getByLabel('Cuántas cuotas pagar (las siguientes, en orden)').selectOption('2');
    const total = ((await phone.getByTestId('installments-total').textContent()) ?? '').replace('Total a pagar: ', '').trim();
    await phone.getByRole('button', { name: `Pagar ${total} con tarjeta` }).click();
    await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
    // the gateway charges the total the page showed
    await expect(page.getByText(total.replace(/\s/g, ' '), { exact: false }).first()).toBeVisible();
    await page.getByLabel('Número de tarjeta').fill('4051885600446623');
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/personas\/mientel\/equipo\/quotas-pagar\?resultado=approved&orden=IP/);
    await ready(page);
    await expect(page.getByTestId('installments-result')).toContainText('Pago aprobado');
    await expect(phone.getByTestId('installments-summary')).toContainText(`${paidBefore + 2} de`);
    await expect(page.getByTestId('installments-history')).toContainText(`2 cuotas desde la cuota ${paidBefore + 1}, ${total}`);
    const steps = (await recordedEvents(page)).filter((e) => e.event === 'installments_step').map((e) => e.step);
    expect(steps).toEqual(expect.arrayContaining(['view', 'paid']));
  });
  test('pays the next installment by card before JavaScript loads', async ({ browser, facts }, testInfo) => {
    const who = holders[facts.site];
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto(`/inicio-sesion?successurl=${encodeURIComponent(INSTALLMENTS_PAGE)}`);
    await page.locator('#field-username').fill(who.payLogin);
    await page.locator('#field-password').fill(who.paySecret);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => url.pathname === INSTALLMENTS_PAGE);
    const phone = page.getByTestId('installments-phone');
    const paidBefore = Number(/^(\d+) de/.exec(((await phone.getByTestId('installments-summary').textContent()) ?? '').trim())?.[1]);
    await phone.getByRole('button', { name: /^Pagar .+ con tarjeta$/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
    await page.getByLabel('Número de tarjeta').fill('4051885600446623');
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/personas\/mientel\/equipo\/quotas-pagar\?resultado=approved&orden=IP/);
    await expect(page.getByTestId('installments-result')).toContainText('Pago aprobado');
    await expect(phone.getByTestId('installments-summary')).toContainText(`${paidBefore + 1} de`);
    await context.close();
  });
});
