import { expect, ready, test } from './fixtures.ts';
import { addToCart, deliverHome, identifyAsGuest } from './checkout-steps.ts';

test.describe('checkout payment methods', () => {
  test('a guest pays cash on delivery: the order is placed and waits for the money', async ({ page, facts }) => {
    await addToCart(page);
    await identifyAsGuest(page, facts.site);
    await deliverHome(page, facts.site);
    const methods = page.getByRole('group', { name: 'Medio de pago' });
    await expect(methods.getByRole('radio', { name: /Webpay/ })).toBeChecked();
    await expect(methods.getByRole('radio', { name: 'Pago en tienda' })).toBeDisabled();
    await expect(methods.getByRole('radio', { name: /^Puntos/ })).toBeDisabled();
    await expect(methods.getByRole('radio', { name: 'Onepay' })).toHaveCount(facts.site === 'cl' ? 1 : 0);
    await methods.getByRole('radio', { name: 'Pago contra entrega' }).check();
    // a guest's order that holds stock unpaid waits for the reCAPTCHA (sandbox widget)
    const place = page.getByRole('button', { name: /^Confirmar pedido por / });
    await expect(place).toBeDisabled();
    await page.getByRole('checkbox', { name: 'No soy un robot' }).check();
    await expect(page.getByRole('checkbox', { name: 'No soy un robot' })).toBeDisabled();
    await place.click();

    await expect(page.getByRole('heading', { name: '¡Recibimos tu pedido!' })).toBeVisible();
    await expect(page.getByTestId('offline-payment')).toContainText('al recibir tu pedido');
    const number = (await page.getByTestId('order-number').textContent())!.replace('Número de orden: ', '');
    await page.getByRole('link', { name: 'Ver el estado de tu orden' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Esperando el pago');
    await expect(page.getByTestId('order-payment-method')).toHaveText('Medio de pago: Pago contra entrega');
    expect(new URL(page.url()).searchParams.get('order')).toBe(number);
    await page.goto('/carrito-compra');
    await expect(page.getByText('Tu carro está vacío.')).toBeVisible();
  });

  test('the checkout entry sends the visitor to the step the cart is at', async ({ page, facts }) => {
    await page.goto('/checkout/flujo-compra');
    await expect(page).toHaveURL(/\/carrito-compra$/);
    await addToCart(page);
    await page.goto('/checkout/flujo-compra');
    await expect(page.getByRole('heading', { name: 'Identifícate para continuar' })).toBeVisible();
    await page.goto('/carrito-compra');
    await ready(page);
    await identifyAsGuest(page, facts.site);
    await page.goto('/checkout/flujo-compra');
    await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
    await ready(page);
    await deliverHome(page, facts.site);
    await page.goto('/checkout/flujo-compra');
    await expect(page.getByRole('heading', { name: 'Resumen de compra', level: 1 })).toBeVisible();
  });

  test('"Ir a pagar" works without JavaScript', async ({ page, browser }) => {
    await addToCart(page);
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noScript.newPage();
    await plain.goto('/carrito-compra');
    await plain.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(plain.getByRole('heading', { name: 'Identifícate para continuar' })).toBeVisible();
    await noScript.close();
  });
});

