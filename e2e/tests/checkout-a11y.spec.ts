import { axeViolations, expect, test } from './fixtures.ts';
import { addToCart, deliverHome, identifyAsGuest } from './checkout-steps.ts';

test('the cart and checkout steps have no axe violations', async ({ page, facts }) => {
  await addToCart(page);
  expect(await axeViolations(page), 'cart').toEqual([]);
  // headings go down one level at a time (axe's heading-order, a best practice outside the WCAG tags run above)
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
  expect(
    levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1),
    `cart headings ${levels.join(' ')}`,
  ).toEqual([]);
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
