import type { Page } from '@playwright/test';
import { test, expect, ready, axeViolations, recordDataLayer, recordedEvents } from './fixtures.ts';
import { formatCount } from '../../packages/domain/src/money.ts';

/** Postpaid demo customers (README): bills, points, a phone in installments. */
const people = {
  cl: { login: '123456785', secret: '1234', bill: 'boleta', paid: 'Pagada', bonusPoints: 800 },
  pe: { login: '987654321', secret: '123456', bill: 'recibo', paid: 'Pagado', bonusPoints: 250 },
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens an account page anonymously, signs in on the login page and comes back to it. */
async function signInAt(page: Page, path: string, login: string, secret: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/inicio-sesion\?successurl=/);
  await ready(page);
  await page.locator('#field-username').pressSequentially(login);
  await page.locator('#field-password').fill(secret);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(new RegExp(`${escape(path)}$`));
  await ready(page);
}

const pointsIn = async (page: Page) => Number(((await page.getByTestId('bonus-points').textContent()) ?? '').replace(/\D/g, ''));

test.describe("the customer's account: points, equipment, support and bill payment", () => {
  test('redeems points for a bonus: the points drop once and the bonus is active', async ({ page, facts }) => {
    const who = people[facts.site];
    await recordDataLayer(page);
    await signInAt(page, '/miandes/canje-bonos', who.login, who.secret);
    expect(await axeViolations(page)).toEqual([]);
    const before = await pointsIn(page);
    const active = page.getByTestId('active-bonuses').getByText('Bono 2 GB por 7 días');
    const listed = await active.count();
    await page.getByRole('button', { name: 'Canjear Bono 2 GB por 7 días' }).click();
    const left = formatCount(before - who.bonusPoints, facts.site === 'cl' ? 'CLP' : 'PEN');
    await expect(page.getByTestId('bonus-result')).toHaveText(`Canjeaste Bono 2 GB por 7 días. Te quedan ${left} puntos.`);
    await expect(active).toHaveCount(listed + 1);
    await expect.poll(() => recordedEvents(page)).toContainEqual(expect.objectContaining({ event: 'bonus_redeemed', offer_id: 'BONUS_GB_2_7D' }));
    // the server agrees, and the redemption shows in the points history and the benefits
    await page.reload();
    await ready(page);
    expect(await pointsIn(page)).toBe(before - who.bonusPoints);
    await expect(page.getByTestId('active-bonuses').getByText('Bono 2 GB por 7 días')).toHaveCount(listed + 1);
    for (const path of ['/personas/mientel/puntos/detalle', '/personas/mientel/beneficios/canjes']) {
      await page.goto(path);
      await ready(page);
      const row = page
        .getByTestId('points-history')
        .getByRole('row', { name: /Canje: Bono 2 GB por 7 días/ })
        .first();
      await expect(row).toBeVisible();
      // a redemption takes points: it reads with a minus on both pages
      await expect(row.getByRole('cell').last()).toHaveText(`−${formatCount(who.bonusPoints, facts.site === 'cl' ? 'CLP' : 'PEN')}`);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto('/personas/mientel/beneficios');
    await ready(page);
    await expect(page.getByTestId('discounts').getByRole('listitem').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the points expire on the same day on the home page, the account and the points page', async ({ page, facts }) => {
    const who = people[facts.site];
    await signInAt(page, '/personas/mientel/puntos/detalle', who.login, who.secret);
    const expiry = /(\d{2}\/\d{2}\/\d{4})/;
    const onPoints = expiry.exec((await page.getByText(/^Vencen el \d/).textContent()) ?? '')?.[1];
    expect(onPoints).toBeTruthy();
    await page.goto('/miandes/mi-cuenta');
    await ready(page);
    await expect(page.getByText(`Vencen el ${onPoints}`)).toBeVisible();
    await page.goto('/');
    await ready(page);
    await expect(page.getByText(`Vencen el ${onPoints}`)).toBeVisible();
  });

  test("shows the line's phone with the installments left", async ({ page, facts }) => {
    const who = people[facts.site];
    await signInAt(page, '/personas/mientel/mi-equipo', who.login, who.secret);
    const card = page.getByTestId('equipment').getByRole('listitem').first();
    await expect(card).toContainText(/IMEI: \d{15}/);
    await expect(card.getByTestId('installments-left')).toHaveText(/Te queda 1 cuota|Te quedan \d+ cuotas|Equipo pagado por completo/);
    if (facts.site === 'pe') await expect(card).toContainText(/de 18/);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/personas/mientel/mi-perfil');
    await ready(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Mi perfil' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/personas/mientel/notificacion');
    await ready(page);
    await expect(page.getByTestId('preferences')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('sends a support request and finds it in the requests with its status', async ({ page, facts }) => {
    const who = people[facts.site];
    await signInAt(page, '/personas/mientel/ayuda-soporte', who.login, who.secret);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.locator('#support-topic-error')).toContainText('Elige un tema');
    await page.getByLabel('Tema').selectOption('plan');
    await page.getByLabel('Tu consulta').fill('Quiero saber si puedo subir mi plan sin cambiar de número');
    await page.getByRole('radio', { name: 'Por teléfono' }).check();
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByTestId('support-sent')).toContainText(/Recibimos tu solicitud SR-\d{7}/);
    const number = /SR-\d{7}/.exec((await page.getByTestId('support-sent').textContent()) ?? '')![0];
    await page.getByRole('link', { name: 'Ver mis solicitudes' }).click();
    await ready(page);
    const row = page.getByTestId('requests').getByRole('row', { name: new RegExp(number) });
    await expect(row).toContainText('Mi plan');
    await expect(row).toContainText('Recibida');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('pays a bill by card through the gateway: the bill is paid once', async ({ page, facts }) => {
    const who = people[facts.site];
    await signInAt(page, '/personas/mientel/boleta', who.login, who.secret);
    const payButton = page
      .getByTestId('bills')
      .getByRole('button', { name: new RegExp(`^Pagar ${who.bill} `) })
      .first();
    const name = (await payButton.textContent()) ?? '';
    const number = name.replace(new RegExp(`^Pagar ${who.bill} `), '');
    await payButton.click();
    await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
    await page.getByLabel('Número de tarjeta').fill('4051885600446623');
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/personas\/mientel\/boleta\?resultado=approved&orden=BP/);
    await expect(page.getByTestId('bill-payment-result')).toContainText(`Pagaste tu ${who.bill} de`);
    const row = page.getByTestId('bills').getByRole('row', { name: new RegExp(escape(number)) });
    await expect(row).toContainText(who.paid);
    await expect(row.getByRole('button')).toHaveCount(0);
    // coming back to the same address changes nothing more: one payment of this bill
    await page.reload();
    await expect(page.getByTestId('bills').getByRole('row', { name: new RegExp(escape(number)) })).toContainText(who.paid);
  });
});
