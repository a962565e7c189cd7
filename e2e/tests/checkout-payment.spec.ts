import type { Page } from '@playwright/test';
import { axeViolations, expect, ready, test } from './fixtures.ts';
import { addToCart, deliverHome, identifyAsGuest } from './checkout-steps.ts';

const APPROVE = '4051885600446623';
const REJECT = '5186059559590568';
/** A colour no other journey buys, so the stock seen here moves only with this order. */
const RETRIED_SKU = 'sku_PO_AC_JBL_FLIP_6_2';

/** The cart line's stock as the cart answers it (not cached, unlike the public catalogue answers). */
async function cartStock(page: Page, sku: string): Promise<number> {
  const cart = await (await page.request.get('/restpp/order/shoppingCart')).json();
  return (cart.items as Array<{ id: string; stock: number }>).find((i) => i.id === sku)!.stock;
}

/** On the payment step: "Pagar", then the sandbox gateway's page with a test card (docs/sandbox.md); answers that page's text. */
async function payAtGateway(page: Page, card: string): Promise<string> {
  await page.getByRole('button', { name: /^Pagar / }).click();
  await page.waitForURL(/token_ws=/);
  const shown = await page.locator('main').innerText();
  await page.locator('#card').fill(card);
  await page.locator('button[name="action"][value="pay"]').click();
  await page.waitForURL(/\/personas\/flujo-compra\/(compra-exitosa|detalle-pago)/);
  return shown;
}

/** The e-mails the sandbox outbox holds for `email`, newest first. */
async function mailTo(page: Page, email: string): Promise<Array<{ subject: string; body: string }>> {
  return (await (await page.request.get(`/sandbox/outbox?recipient=${encodeURIComponent(email)}`)).json()).messages;
}

test('a rejected card, then another try: the same order is paid, its unit held all along, and the success page shows it', async ({ page, facts }) => {
  // a whole checkout and two trips to the gateway's page
  test.setTimeout(120_000);
  await addToCart(page, RETRIED_SKU);
  const stock = await cartStock(page, RETRIED_SKU);
  await identifyAsGuest(page, facts.site, `reintento-${facts.site}@example.com`);
  await deliverHome(page, facts.site);
  await payAtGateway(page, REJECT);
  await expect(page.getByRole('alert').first()).toContainText('Tu pago fue rechazado y no se hizo ningún cargo');
  // told once: the address forgets the gateway's answer, so a reload never replays it
  await expect(page).toHaveURL(/\/personas\/flujo-compra\/detalle-pago$/);
  const number = (await (await page.request.get('/restpp/order')).json()).order.number as string;
  expect(number).toMatch(/^(CL|PE)-\d+$/);
  // the order waits for the retry with its unit held
  expect(await cartStock(page, RETRIED_SKU)).toBe(stock - 1);
  await ready(page);
  await payAtGateway(page, APPROVE);
  await expect(page.getByRole('heading', { name: '¡Gracias por tu compra!' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(`Número de orden: ${number}`);
  await expect(page.getByTestId('payment-card')).toHaveText('terminada en 6623');
});

test('a card paid in installments: chosen on the payment step, carried by the gateway, shown with the payment facts and e-mailed', async ({ page, facts }) => {
  const email = `cuotas-${facts.site}@example.com`;
  await addToCart(page);
  await identifyAsGuest(page, facts.site, email);
  await deliverHome(page, facts.site);
  const choice = page.getByLabel('Cuotas sin interés con tarjeta de crédito');
  expect(await axeViolations(page)).toEqual([]);
  await expect(choice).toHaveValue('0');
  const six = choice.locator('option', { hasText: /^6 cuotas sin interés/ });
  await expect(six).toHaveCount(1);
  // Chile's consumer law: the total cost and the CAE with every installment offer; Peru says they carry no interest
  if (facts.site === 'cl') await expect(six).toHaveText(/Costo total \$[\d.]+, CAE 0%$/);
  else await expect(six).not.toHaveText(/Costo total/);
  const plan = (await six.textContent())!;
  await choice.selectOption({ label: plan });
  const gateway = await payAtGateway(page, APPROVE);
  expect(gateway).toContain('6 cuotas sin interés');

  await expect(page.getByRole('heading', { name: '¡Gracias por tu compra!' })).toBeVisible();
  const paid = page.getByTestId('payment-facts');
  await expect(paid.getByTestId('payment-installments')).toHaveText(plan);
  await expect(paid.getByTestId('payment-card')).toHaveText('terminada en 6623');
  await expect(paid.getByTestId('payment-authorization')).toHaveText(/^\d{6}$/);
  // the date and time in the market's zone, on the 24-hour clock
  await expect(paid.getByTestId('payment-date')).toHaveText(/^\d{2} de [a-z]+ de \d{4} a las \d{1,2}:\d{2}$/);
  await expect(paid.getByTestId('delivery-date')).toHaveText(/^Llega el \d{2} de [a-z]+ de \d{4}$/);
  await expect(page.getByTestId('confirmation-email')).toHaveText(`Te enviamos un correo a ${email} con el detalle de tu compra.`);
  expect(await axeViolations(page)).toEqual([]);
  const number = (await page.getByTestId('order-number').textContent())!.replace('Número de orden: ', '');
  const authorization = (await paid.getByTestId('payment-authorization').textContent())!;
  const [mail] = await mailTo(page, email);
  expect(mail!.subject).toContain(number);
  expect(mail!.body).toContain(authorization);
  expect(mail!.body).toContain(`Cuotas: ${plan}.`);
});

test("each market's payment methods, each once: Peru's own, never Webpay; the installments advertised as they are charged", async ({ page, facts }) => {
  await addToCart(page);
  await identifyAsGuest(page, facts.site, `medios-${facts.site}@example.com`);
  await deliverHome(page, facts.site);
  const methods = page.getByRole('group', { name: 'Medio de pago' }).getByRole('radio');
  const names = await methods.evaluateAll((radios) => radios.map((r) => r.closest('label')!.textContent!.trim()));
  expect(new Set(names).size).toBe(names.length);
  if (facts.site === 'pe') {
    expect(names).toEqual(['Tarjeta de crédito o débito', 'Pago en efectivo con código CIP', 'Pago contra entrega', 'Pago en tienda', 'Puntos Andes']);
    await expect(page.locator('main')).not.toContainText(/webpay/i);
  } else {
    expect(names.filter((n) => /Webpay/.test(n))).toEqual(['Tarjeta de crédito o débito (Webpay)']);
  }
  // the catalogue's offer: without interest in both markets, with the total cost and the CAE in Chile
  await page.goto('/lista-accesorios?brand=JBL');
  await ready(page);
  const offer = page.locator('.price-installments').first();
  // each installment and the last one add up to the price: 'de X' when they are equal, else 'X cada una y la última de Y'
  await expect(offer).toContainText(/^o \d+ cuotas sin interés(:| de)/);
  if (facts.site === 'cl') await expect(offer).toContainText(/Costo total \$[\d.]+, CAE 0%$/);
  else await expect(offer).toHaveText(/^o 18 cuotas sin interés(:| de) S\/ [\d,.]+( cada una y la última de S\/ [\d,.]+)?$/);
});
