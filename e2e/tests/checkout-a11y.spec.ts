import { axeViolations, expect, test } from './fixtures.ts';
import { addToCart, deliverHome, identifyAsGuest } from './checkout-steps.ts';

test('the cart and checkout steps have no axe violations', async ({ page, facts }) => {
  await addToCart(page);
  expect(await axeViolations(page), 'cart').toEqual([]);
  await identifyAsGuest(page, facts.site);
  expect(await axeViolations(page), 'datos-despacho').toEqual([]);
  await page.goto('/personas/flujo-compra/identificacion');
  await expect(page.getByRole('heading', { name: 'Identifícate para continuar' })).toBeVisible();
  expect(await axeViolations(page), 'identificacion').toEqual([]);
  await page.goto('/personas/flujo-compra/datos-despacho');
  await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
  await deliverHome(page, facts.site);
  expect(await axeViolations(page), 'detalle-pago').toEqual([]);
  await page.goto('/personas/flujo-compra/factibilidad');
  await expect(page.getByRole('heading', { name: 'Factibilidad técnica' })).toBeVisible();
  expect(await axeViolations(page), 'factibilidad').toEqual([]);
});
