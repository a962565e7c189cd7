import type { Page } from '@playwright/test';
import { test, expect, ready, signIn, axeViolations, pageScrollWidth } from './fixtures.ts';

/**
 * Customers whose only line is cut for a bill unpaid more than 5 days past its due date (README),
 * kept for this journey: paying the bill here leaves the other cut demo customers cut.
 */
const cutCustomers = {
  cl: { login: '193572464', secret: '7531', phone: '934512767', bill: 'boleta', paid: 'Pagada' },
  pe: { login: '934512766', secret: '864201', phone: '934512766', bill: 'recibo', paid: 'Pagado' },
};

const BAG = 'Bolsa 500 MB por 1 día';
const BONUS = 'Bono 2 GB por 7 días';

async function open(page: Page, path: string) {
  await page.goto(path);
  await ready(page);
}

test.describe('a line cut for an overdue bill', () => {
  test('says why it cannot buy or redeem, pays the bill by card and gets the line and its buttons back', async ({ page, facts }) => {
    const who = cutCustomers[facts.site];
    const notice = page.getByTestId('line-cut');
    const offer = page.getByTestId(`offer-BAG_500MB_1D`);
    const bonuses = page.getByTestId('bonus-offers');

    await signIn(page, '/miandes/mi-cuenta', who.login, who.secret);
    await expect(notice).toContainText('Tu línea está suspendida por deuda');
    await expect(notice.getByRole('link', { name: `Pagar mi ${who.bill}` })).toHaveAttribute('href', '/personas/mientel/boleta');
    await expect(page.getByText('Postpago · Suspendida por deuda')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // the offers stay to read, with no button the server would refuse
    await open(page, '/personas/mientel/bolsas');
    await expect(notice).toContainText('para volver a comprar o canjear');
    await expect(offer.getByRole('heading', { name: BAG })).toBeVisible();
    await expect(page.locator('[data-testid^="offer-"]').getByRole('button')).toHaveCount(0);
    await open(page, '/miandes/zona-andes/canje-bolsas');
    await expect(notice).toBeVisible();
    await expect(page.locator('[data-testid^="offer-"]').getByRole('button')).toHaveCount(0);
    await open(page, '/miandes/canje-bonos');
    await expect(notice).toContainText('para volver a comprar o canjear');
    await expect(bonuses.getByRole('heading', { name: BONUS })).toBeVisible();
    await expect(bonuses.getByRole('button')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // from the notice to the bills: pay the overdue one through the sandbox gateway
    await notice.getByRole('link', { name: `Pagar mi ${who.bill}` }).click();
    await expect(page).toHaveURL(/\/personas\/mientel\/boleta$/);
    await ready(page);
    const overdue = page.getByTestId('bills').getByRole('row').filter({ hasText: 'servicio suspendido' });
    await expect(overdue).toHaveCount(1);
    const number = ((await overdue.getByRole('rowheader').textContent()) ?? '').trim().split(' ')[0]!;
    await overdue.getByRole('button', { name: `Pagar ${who.bill} ${number}` }).click();
    await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
    // the sandbox gateway's card form fits a 360 px phone too
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByLabel('Número de tarjeta').fill('4051885600446623');
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/personas\/mientel\/boleta\?resultado=approved&orden=BP/);
    await expect(page.getByTestId('bill-payment-result')).toContainText(`Pagaste tu ${who.bill} de`);
    await expect(page.getByTestId('bills').getByRole('row', { name: new RegExp(number) })).toContainText(who.paid);
    await expect(page.getByTestId('bills').getByRole('row').filter({ hasText: 'servicio suspendido' })).toHaveCount(0);

    // the server has the line active again, and every screen follows
    const plan = await (await page.request.get(`/REST/asset/${who.phone}/plan`)).json();
    expect(plan.status).toBe('active');
    await open(page, '/miandes/mi-cuenta');
    await expect(page.getByText('Postpago · Activa')).toBeVisible();
    await expect(notice).toHaveCount(0);
    await open(page, '/personas/mientel/bolsas');
    await expect(notice).toHaveCount(0);
    await expect(offer.getByRole('button', { name: `Pagar con tarjeta: ${BAG}` })).toBeVisible();
    await expect(offer.getByRole('button', { name: `Cargar a mi ${who.bill}: ${BAG}` })).toBeVisible();
    await open(page, '/miandes/canje-bonos');
    await expect(notice).toHaveCount(0);
    await expect(bonuses.getByRole('button', { name: `Canjear ${BONUS}` })).toBeVisible();
  });
});
