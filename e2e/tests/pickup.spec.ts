import { expect, ready, test } from './fixtures.ts';

const PHONE = '/personas/producto/Equipos/PO_EQ_MOTOROLA_MOTO_G85_5G';
const places = {
  cl: { region: 'Metropolitana de Santiago', province: null, commune: 'Providencia', store: /Tienda Providencia/ },
  pe: { region: 'Lima', province: 'Lima', commune: 'Miraflores', store: /Tienda Miraflores/ },
} as const;

test('a signed-in customer buys a phone with store pickup', async ({ page, facts }) => {
  await page.goto('/inicio-sesion');
  await ready(page);
  await page.getByLabel(facts.loginLabel).pressSequentially(facts.customer.login);
  await page.getByLabel(facts.secretLabel).fill(facts.customer.secret);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();

  await page.goto(PHONE);
  await ready(page);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('radio', { name: 'Solo Equipo' }).check();
  await page.getByRole('button', { name: 'Añadir al carro' }).click();
  await expect(page).toHaveURL(/\/carrito-compra$/);
  await ready(page);
  // other journeys of this customer may have left lines in the same cart
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
});
