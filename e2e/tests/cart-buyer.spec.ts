import { test, expect, ready, signIn } from './fixtures.ts';

// SPEC §7 customer user info: read on the cart path for a signed-in customer only
test('the cart names a signed-in buyer from their user info, and no one for a visitor', async ({ page, facts }) => {
  const asked: string[] = [];
  await page.goto('/carrito-compra');
  await ready(page);
  await expect(page.getByRole('heading', { name: 'Carro de compra' })).toBeVisible();
  await expect(page.getByTestId('cart-buyer')).toHaveCount(0);

  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await signIn(page, '/carrito-compra', facts.customer.login, facts.customer.secret);
  // Chile's RUT as formatted, Peru's DNI
  const document = facts.site === 'cl' ? facts.customer.shown.replace(/\./g, '\\.') : '\\d{8}';
  await expect(page.getByTestId('cart-buyer')).toHaveText(new RegExp(`^Compras como .+ \\(${document}\\)\\.$`));
  // read during the page's render, not by the browser
  expect(asked).not.toContain('/restpp/order/v2/userInfo');
});
