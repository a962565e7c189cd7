import { emptyCart, expect, ready, test } from './fixtures.ts';

const PHONE = '/personas/producto/Equipos/PO_EQ_MOTOROLA_MOTO_G85_5G';
/** A customer no other journey shops with, so parallel journeys never share this cart. */
const buyers = {
  cl: { login: '20961605K', secret: '5678' },
  pe: { login: '934512792', secret: '531864' },
} as const;
const places = {
  cl: { region: 'Metropolitana de Santiago', province: null, commune: 'Providencia', store: /Tienda Providencia/ },
  pe: { region: 'Lima', province: 'Lima', commune: 'Miraflores', store: /Tienda Miraflores/ },
} as const;

test('a signed-in customer buys a phone with store pickup', async ({ page, facts }) => {
  await page.goto('/inicio-sesion');
  await ready(page);
  await page.getByLabel(facts.loginLabel).pressSequentially(buyers[facts.site].login);
  await page.getByLabel(facts.secretLabel).fill(buyers[facts.site].secret);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();
  await emptyCart(page);

  await page.goto(PHONE);
  await ready(page);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('radio', { name: 'Solo Equipo' }).check();
  await page.getByRole('button', { name: 'Añadir al carro' }).click();
  await expect(page).toHaveURL(/\/carrito-compra$/);
  await ready(page);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line').filter({ hasText: name })).toHaveCount(1);

  await page.getByRole('button', { name: 'Ir a pagar' }).click();
  await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
  await ready(page);
  await page.getByRole('tab', { name: 'Retiro en tienda' }).click();
  const place = places[facts.site];
  await page.getByLabel(facts.site === 'cl' ? 'Región' : 'Departamento').selectOption({ label: place.region });
  if (place.province) {
    await expect(page.getByLabel('Provincia').locator('option', { hasText: place.province })).toHaveCount(1);
    await page.getByLabel('Provincia').selectOption({ label: place.province });
  }
  const commune = page.getByLabel(facts.site === 'cl' ? 'Comuna' : 'Distrito');
  await expect(commune.locator('option', { hasText: new RegExp(`^${place.commune}$`) })).toHaveCount(1);
  await commune.selectOption({ label: place.commune });
  await page.getByRole('radio', { name: place.store }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Resumen de compra', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Pagar / }).click();
  await page.waitForURL(/token_ws=/);
  await page.locator('#card').fill('4051885600446623');
  await page.locator('button[name="action"][value="pay"]').click();
  await expect(page.getByRole('heading', { name: '¡Gracias por tu compra!' })).toBeVisible();
  await expect(page.getByText(place.store).first()).toBeVisible();

  // the follow-up page shows the pickup path in the market's words, paid so far
  const number = (await page.getByTestId('order-number').textContent())!.replace('Número de orden: ', '');
  await page.getByRole('link', { name: 'Ver el estado de tu orden' }).click();
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline.getByRole('listitem')).toHaveCount(6);
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Pagada');
  await expect(timeline).toContainText(facts.site === 'cl' ? 'Lista para retiro (pendiente)' : 'Lista para recojo en tienda (pendiente)');
  // the store gets it ready (sandbox logistics), and the page follows
  for (const step of ['preparing', 'ready_for_pickup']) {
    const res = await page.request.post('/sandbox/logistics/advance', { data: { order: number } });
    expect((await res.json()).status).toBe(step);
  }
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText(facts.site === 'cl' ? 'Lista para retiro' : 'Lista para recojo en tienda');
  await expect(timeline.locator('.order-step-done')).toHaveCount(5);
});
