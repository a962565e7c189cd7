import type { Page } from '@playwright/test';
import { expect, ready } from './fixtures.ts';

/** Checkout steps shared by the checkout-*.spec.ts journeys. */
export const ACCESSORY = 'sku_PO_AC_JBL_FLIP_6_1';

const places = {
  cl: { region: 'Metropolitana de Santiago', province: null, commune: 'Providencia', typed: '760864285' },
  pe: { region: 'Lima', province: 'Lima', commune: 'Miraflores', typed: '12345678' },
} as const;

/** Adds a line the way the product page does (POST /restpp/order/add with the page token), then shows the cart. */
export async function addToCart(page: Page, sku = ACCESSORY) {
  await page.goto('/carrito-compra');
  await ready(page);
  const status = await page.evaluate(async (id) => {
    const token = (document.getElementById('f__key__') as HTMLInputElement).value;
    const res = await fetch(`/restpp/order/add?f__key__=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ type: 'equipment', id, quantity: 1 }]),
    });
    return res.status;
  }, sku);
  expect(status).toBe(200);
  await page.reload();
  await ready(page);
}

/** From the cart: identifies as a guest (with `email`, so a journey can read its own mail) and lands on the delivery step. */
export async function identifyAsGuest(page: Page, site: 'cl' | 'pe', email = 'ana@example.com') {
  await page.getByRole('button', { name: 'Ir a pagar' }).click();
  await expect(page.getByRole('heading', { name: 'Identifícate para continuar' })).toBeVisible();
  await ready(page);
  await page.getByLabel('Nombre y apellido').fill('Ana Pérez');
  await page.getByLabel(site === 'cl' ? /^RUT/ : /^DNI/).pressSequentially(places[site].typed);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Celular/).fill('912345670');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
  await ready(page);
}

/** On the delivery step: home delivery to a Providencia / Miraflores address, on to the payment step. */
export async function deliverHome(page: Page, site: 'cl' | 'pe', newLine = false) {
  const place = places[site];
  await page.getByLabel(site === 'cl' ? 'Región' : 'Departamento').selectOption({ label: place.region });
  if (place.province) {
    await expect(page.getByLabel('Provincia').locator('option', { hasText: place.province })).toHaveCount(1);
    await page.getByLabel('Provincia').selectOption({ label: place.province });
  }
  const commune = page.getByLabel(site === 'cl' ? 'Comuna' : 'Distrito');
  await expect(commune.locator('option', { hasText: new RegExp(`^${place.commune}$`) })).toHaveCount(1);
  await commune.selectOption({ label: place.commune });
  await page.getByLabel('Calle').fill('Av. Providencia');
  await page.getByLabel('Número').fill('2124');
  await page.getByRole('button', { name: 'Continuar' }).click();
  // a new line's address is checked for coverage first (the feasibility step), then the payment step
  if (newLine) {
    await expect(page.getByRole('heading', { name: 'Factibilidad técnica', level: 1 })).toBeVisible();
    await ready(page);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Resumen de compra', level: 1 })).toBeVisible();
  await ready(page);
}
