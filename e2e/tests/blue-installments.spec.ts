import type { Page } from '@playwright/test';
import { expect, ready, signIn, test } from './fixtures.ts';
import { deliverHome } from './checkout-steps.ts';

const BLUE_PHONE = 'PO_EQ_SAMSUNG_GALAXY_S24_ULTRA';
const BLUE_PAGE = `/personas/producto/Equipos/${BLUE_PHONE}`;
const APPROVE = '4051885600446623';

/** Customers whose sandbox credit answer approves (as phone-plan.spec.ts). */
const FINANCED = {
  cl: { login: '225000034', secret: '7413', document: '22.500.003-4', lastTwo: '03', firstTwo: '22' },
  pe: { login: '934650013', secret: '741385', document: '46500003', lastTwo: '03', firstTwo: '46' },
} as const;

/** The demo customer's cart may hold what other journeys left: this purchase starts from an empty one. */
async function emptyCart(page: Page) {
  await page.evaluate(async () => {
    const token = (document.getElementById('f__key__') as HTMLInputElement).value;
    const cart = await (await fetch(`/restpp/order/shoppingCart?f__key__=${encodeURIComponent(token)}`)).json();
    for (const item of cart.items as Array<{ id: string }>) {
      await fetch(`/restpp/order/${encodeURIComponent(item.id)}?f__key__=${encodeURIComponent(token)}`, { method: 'DELETE' });
    }
  });
}

test('a Blue phone is sold as the Blue steps offer it: the initial quota today, the monthly quota with the plan on the new line’s next bill, Protección Total at 0', async ({
  page,
  facts,
}) => {
  test.setTimeout(120_000);
  const buyer = FINANCED[facts.site];
  // the sign-in page's own address ends with the phone too (its successurl): wait for the phone's page itself
  await signIn(page, BLUE_PAGE, buyer.login, buyer.secret);
  await emptyCart(page);

  const sequence = page.getByTestId('sale-sequence');
  const next = sequence.getByRole('button', { name: 'Continuar' });
  await page.getByRole('radio', { name: 'Equipo + plan' }).check();
  await page.getByRole('radio', { name: /^18 cuotas desde/ }).check();
  await next.click();
  await page.getByRole('button', { name: /^Elegir Plan Andes Blue 50 GB/ }).click();
  await next.click();
  await page.getByRole('checkbox', { name: `Recibir mi ${facts.site === 'cl' ? 'boleta' : 'recibo de servicios'} por SMS` }).check();
  await sequence.getByRole('button', { name: 'Continuar' }).click();

  // the program's protection comes with the phone, fixed and at 0; the covers it includes cannot be added
  const included = page.getByRole('checkbox', { name: /Seguro Protección Total/ });
  await expect(included).toBeChecked();
  await expect(included).toBeDisabled();
  await expect(included).toHaveAccessibleName(/^Seguro Protección Total — (\$0|S\/ 0) al mes Incluido sin costo en tu plan Blue\./);
  await expect(page.getByRole('checkbox', { name: /Seguro Robo/ })).toBeDisabled();
  const summary = page.locator('.sale-summary');
  await expect(summary).toContainText(/Cuotas: pie .* y 18 cuotas de/);
  const quotaText = (await summary.innerText()).match(/Cuotas: pie (.+) y 18 cuotas de (.+)/)!;
  const [initial, quota] = [quotaText[1]!.trim(), quotaText[2]!.trim()];
  await page.getByRole('button', { name: 'Agregar equipo y plan al carro' }).click();
  await page.waitForURL('**/carrito-compra');
  await ready(page);

  const phoneLine = page.getByTestId('cart-line').filter({ hasText: 'Galaxy S24 Ultra' });
  await expect(phoneLine.getByTestId('blue-today')).toHaveText(`Pie hoy: ${initial}`);
  await expect(phoneLine.getByTestId('blue-quotas')).toContainText(`18 cuotas de ${quota} al mes con el plan`);
  await expect(phoneLine).toContainText(/Seguro Protección Total: incluido en Blue, (\$0|S\/ 0) al mes/);
  await page.screenshot({ path: test.info().outputPath('blue-cart.png'), fullPage: true });

  await page.getByRole('button', { name: 'Ir a pagar' }).click();
  await expect(page).toHaveURL(/\/personas\/planesV2\/validacion-identidad$/);
  await ready(page);
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page
    .getByRole('group', { name: /dos últimos dígitos/ })
    .getByLabel(buyer.lastTwo, { exact: true })
    .check();
  await page
    .getByRole('group', { name: /dos primeros dígitos/ })
    .getByLabel(buyer.firstTwo, { exact: true })
    .check();
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/personas\/planesV2\/equipo-financiamiento$/);
  await ready(page);
  await page.getByRole('button', { name: 'Evaluar' }).click();
  await expect(page).toHaveURL(/\/personas\/flujo-compra\/datos-despacho$/);
  await ready(page);
  await deliverHome(page, facts.site, true);

  // the payment step charges the initial quota and the SIM, not the phone's price
  await expect(page.getByTestId('blue-quotas')).toContainText(`18 cuotas de ${quota}`);
  await page.getByRole('button', { name: /^Pagar / }).click();
  await page.waitForURL(/token_ws=/);
  await page.locator('#card').fill(APPROVE);
  await page.locator('button[name="action"][value="pay"]').click();
  await page.waitForURL(/\/personas\/flujo-compra\/compra-exitosa/);
  await ready(page);
  await expect(page.getByTestId('blue-quotas')).toContainText(`18 cuotas de ${quota}`);
  await page.screenshot({ path: test.info().outputPath('blue-success.png'), fullPage: true });

  // the new line: its phone on installments, and its next bill with the first quota in its total
  const orderNumber = new URL(page.url()).searchParams.get('order')!;
  const activation = await (await page.request.get(`/restpp/order/plan/activation?order=${encodeURIComponent(orderNumber)}`)).json();
  const phoneNumber = activation.lines[0].phoneNumber as string;
  await page.evaluate(async (phone) => {
    const token = (document.getElementById('f__key__') as HTMLInputElement).value;
    await fetch(`/restpp/assets/${phone}/select?f__key__=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  }, phoneNumber);
  await page.goto('/personas/mientel/mi-equipo');
  await ready(page);
  await expect(page.getByTestId('equipment-blue')).toBeVisible();
  await expect(page.getByText(`Cuota mensual: ${quota}`)).toBeVisible();
  await page.goto('/personas/mientel/boleta');
  await ready(page);
  const nextBill = page.getByTestId('next-bill');
  await expect(nextBill.getByTestId('next-bill-installment')).toHaveText(
    new RegExp(`^Cuota 1 de 18 del equipo .*Galaxy S24 Ultra.*: ${quota.replace(/[$.]/g, '\\$&')}$`),
  );
  await expect(nextBill).toContainText(`Total de cargos: ${quota}`);
  await page.screenshot({ path: test.info().outputPath('blue-next-bill.png'), fullPage: true });
});
