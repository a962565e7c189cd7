import type { Page } from '@playwright/test';
import { test, expect, axeViolations, dataLayer, ready } from './fixtures.ts';

/**
 * The captive portal's host (decision 023): the network sends a line that ran out of balance or data
 * to `portal.localhost` (CAPTIVE_HOST's sandbox default; Chromium resolves *.localhost to this machine,
 * the sandbox's network proxy), naming the line in `x-msisdn`. No sign-in.
 */
const CAPTIVE_HOST = 'portal.localhost';

/** Demo prepaid lines only this file buys with (README), each with balance. */
const BUYER = {
  cl: { line: '934512886', shown: '9 3451 2886', bag: 'Viajero América 2 GB + 100 min', price: '$12.990' },
  pe: { line: '934512887', shown: '934 512 887', bag: 'Viajero América 2 GB + 100 min', price: 'S/ 39.90' },
};

/** Demo prepaid lines only this file moves to a plan (README). */
const MOVER = { cl: '934512888', pe: '934512889' };
const PLAN = 'Plan Libre 30 GB';
const APPROVE = '4051885600446623';
const REJECT = '5186059559590568';

/** The same server, reached by the captive host's name. */
function captiveUrl(baseURL: string | undefined, path: string): string {
  const url = new URL(path, baseURL);
  url.hostname = CAPTIVE_HOST;
  return url.toString();
}

async function asNetwork(page: Page, line: string | null) {
  await page.setExtraHTTPHeaders(line ? { 'x-msisdn': line } : {});
}

test('buys a roaming bag on the captive host with the line the network names', async ({ page, facts, baseURL }) => {
  const buyer = BUYER[facts.site];
  await asNetwork(page, buyer.line);
  await page.goto(captiveUrl(baseURL, '/roamingpostbolsas'));
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Bolsas de roaming' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ingresar' })).toHaveCount(0);
  await page.getByRole('link', { name: `Elegir ${buyer.bag}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Confirma tu compra' })).toBeVisible();
  await expect(page.getByTestId('captive-summary')).toContainText(buyer.bag);
  await expect(page.getByTestId('captive-summary')).toContainText(buyer.price);
  await expect(page.getByRole('radio', { name: 'Con el saldo de tu línea' })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  // by keyboard: the confirmation's button is reachable and presses with Enter
  await page.getByRole('button', { name: `Comprar por ${buyer.price}` }).focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/roamingpostbolsas\/confirmacion\?bolsa=\d+/);
  const done = page.getByTestId('captive-done');
  await expect(done).toContainText(`Compraste ${buyer.bag}`);
  await expect(done).toContainText(/Puedes usarla hasta el \d{1,2} de \p{L}+ de \d{4}/u);
  expect(await axeViolations(page)).toEqual([]);
  await ready(page);
  await expect
    .poll(async () => (await dataLayer(page)).filter((e) => e.event === 'captive_purchase'))
    .toEqual([expect.objectContaining({ site: facts.site, captive_flow: 'roaming', offer_id: 'BAG_VIAJERO_AMERICA' })]);
});

test('pays a roaming bag by card: a refused card lands on the error page, an approved one back on the captive host', async ({ page, facts, baseURL }) => {
  const buyer = BUYER[facts.site];
  await asNetwork(page, buyer.line);
  const payByCard = async (card: string) => {
    await page.goto(captiveUrl(baseURL, '/roamingpostbolsas?oferta=BAG_VIAJERO_EUROPA'));
    await ready(page);
    await page.getByRole('radio', { name: 'Con tarjeta de crédito o débito' }).check();
    const button = page.getByRole('button', { name: /^Comprar por / });
    const price = (await button.textContent())!.replace('Comprar por ', '');
    await button.click();
    await expect(page).toHaveURL(new RegExp(`^http://${CAPTIVE_HOST}:\\d+/sandbox/webpay/pay\\?token_ws=`));
    await page.getByLabel('Número de tarjeta').fill(card);
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    return price;
  };
  await payByCard(REJECT);
  await expect(page).toHaveURL(/\/roamingpostbolsas\/error\?motivo=pago$/);
  await expect(page.getByTestId('captive-failed')).toContainText('El pago no se completó');

  const price = await payByCard(APPROVE);
  await expect(page).toHaveURL(/\/roamingpostbolsas\/confirmacion\?orden=BG\w+&oferta=BAG_VIAJERO_EUROPA$/);
  const done = page.getByTestId('captive-done');
  await expect(done).toContainText('Compraste Viajero Europa');
  await expect(done).toContainText(/Puedes usarla hasta el \d{1,2} de \p{L}+ de \d{4}/u);
  // the price shown on the confirmation is the one the card paid
  await expect(done).toContainText(`Pagaste ${price} con tarjeta.`);
  expect(await axeViolations(page)).toEqual([]);
});

test('a balance short of the bag goes to the error page and buys nothing', async ({ page, facts, baseURL }) => {
  // the line moved to a plan below has less balance than any roaming bag
  await asNetwork(page, MOVER[facts.site]);
  await page.goto(captiveUrl(baseURL, '/roamingpostbolsas?oferta=BAG_VIAJERO_MUNDO'));
  await ready(page);
  await page.getByRole('button', { name: /^Comprar por / }).click();
  await expect(page).toHaveURL(/\/roamingpostbolsas\/error\?motivo=saldo$/);
  await expect(page.getByTestId('captive-failed')).toContainText('Tu saldo no alcanza para esta bolsa');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Volver a las bolsas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bolsas de roaming' })).toBeVisible();
});

test('moves the network’s prepaid line to a plan, paying at the gateway and back on the captive host', async ({ page, facts, baseURL }) => {
  await asNetwork(page, MOVER[facts.site]);
  await page.goto(captiveUrl(baseURL, '/activacionpost'));
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Cámbiate a plan' })).toBeVisible();
  await page.getByRole('link', { name: `Elegir ${PLAN}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirma tu compra' })).toBeVisible();
  const summary = page.getByTestId('captive-summary');
  await expect(summary).toContainText(PLAN);
  const price = (await summary.textContent())!.match(/Pagas hoy (.+) con tarjeta/)![1]!;
  await page.getByRole('button', { name: `Pagar ${price} con tarjeta` }).click();

  await expect(page).toHaveURL(new RegExp(`^http://${CAPTIVE_HOST}:\\d+/sandbox/webpay/pay\\?token_ws=`));
  await page.getByLabel('Número de tarjeta').fill(APPROVE);
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();

  await expect(page).toHaveURL(/\/activacionpost\/confirmacion\?orden=MG/);
  await expect(page.getByTestId('captive-done')).toContainText(`ya está en el plan ${PLAN}. Pagaste ${price}`);
  expect(await axeViolations(page)).toEqual([]);
  await ready(page);
  await expect
    .poll(async () => (await dataLayer(page)).filter((e) => e.event === 'captive_purchase'))
    .toEqual([expect.objectContaining({ site: facts.site, captive_flow: 'activation' })]);
  // the line has a plan now: the page says why it cannot move again
  await page.goto(captiveUrl(baseURL, '/activacionpost'));
  await expect(page.getByTestId('captive-blocked')).toContainText('solo las líneas prepago');
});

test('refuses a visit the network did not name a line for, in Spanish', async ({ page, baseURL }) => {
  await asNetwork(page, null);
  const res = await page.goto(captiveUrl(baseURL, '/roamingpostbolsas'));
  expect(res?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'No pudimos identificar tu línea' })).toBeVisible();
  await expect(page.getByTestId('captive-refused')).toContainText('desactiva el Wi-Fi');
  await expect(page.getByTestId('captive-offers')).toHaveCount(0);
  // from the proxy but naming a number this market does not have: the same refusal
  await asNetwork(page, '999999999');
  expect((await page.goto(captiveUrl(baseURL, '/activacionpost')))?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'No pudimos identificar tu línea' })).toBeVisible();
});

test('each host answers only its own pages', async ({ page, facts, baseURL }) => {
  await asNetwork(page, BUYER[facts.site].line);
  expect((await page.goto(captiveUrl(baseURL, '/')))?.status()).toBe(404);
  expect((await page.goto(captiveUrl(baseURL, '/personas/catalogo/postpago')))?.status()).toBe(404);
  expect((await page.goto('/roamingpostbolsas'))?.status()).toBe(404);
  expect((await page.goto('/roamingpostbolsas/confirmacion'))?.status()).toBe(404);
  expect((await page.goto('/activacionpost'))?.status()).toBe(404);
});
