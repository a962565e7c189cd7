import type { Page } from '@playwright/test';
import { axeViolations, expect, ready, test } from './fixtures.ts';
import { addToCart, deliverHome, identifyAsGuest } from './checkout-steps.ts';

/** The order follow-up page's words for the states of an order paid at the door (message store, per market). */
const ORDER_WORDS = {
  cl: { placed: 'Confirmada, pagas al recibir', shipped: 'En camino', collected: 'Pagada al recibir', delivered: 'Entregada' },
  pe: { placed: 'Pedido confirmado, pagas al recibirlo', shipped: 'En ruta', collected: 'Pago recibido', delivered: 'Entregado' },
} as const;

/** A guest buyer's data, as the identification step sends it. */
const GUESTS = {
  cl: { name: 'Ana Pérez', document: '76.086.428-5', email: 'ana@example.com', phoneNumber: '912345670' },
  pe: { name: 'Ana Pérez', document: '12345678', email: 'ana@example.com', phoneNumber: '912345670' },
} as const;

/** A call of the page's own API with its token, as the request helper makes it; answers the status. */
async function callApi(page: Page, method: string, url: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = (document.getElementById('f__key__') as HTMLInputElement).value;
      const res = await fetch(`${url}?f__key__=${encodeURIComponent(token)}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { method, url, body },
  );
}

test.describe('checkout payment methods', () => {
  test('a guest pays cash on delivery: the order is placed, fulfilled, paid at the door and delivered', async ({ page, facts }) => {
    await addToCart(page);
    await identifyAsGuest(page, facts.site);
    await deliverHome(page, facts.site);
    const methods = page.getByRole('group', { name: 'Medio de pago' });
    // the default online method (the spec's webPay): Transbank's Webpay in Chile, Peru's own card payment
    await expect(methods.getByRole('radio', { name: facts.site === 'cl' ? /Webpay/ : 'Tarjeta de crédito o débito' })).toBeChecked();
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
    const words = ORDER_WORDS[facts.site];
    await expect(page.getByTestId('order-status')).toHaveText(words.placed);
    await expect(page.getByTestId('order-payment-method')).toHaveText('Medio de pago: Pago contra entrega');
    await expect(page.getByTestId('order-pay-on-hand-over')).toContainText('al recibir tu pedido');
    expect(new URL(page.url()).searchParams.get('order')).toBe(number);
    // the path of an order paid at the door, in the market's words: money after the courier, before the hand-over
    const timeline = page.getByTestId('order-timeline');
    await expect(timeline.getByRole('listitem')).toHaveCount(6);
    await expect(timeline).toContainText(`${words.collected} (pendiente)`);

    // the logistics system (sandbox) takes it to the door, the courier collects the money, then hands it over
    for (const step of ['preparing', 'shipped']) {
      const res = await page.request.post('/sandbox/logistics/advance', { data: { order: number } });
      expect((await res.json()).status).toBe(step);
    }
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(words.shipped);
    await expect(page.getByTestId('order-pay-on-hand-over')).toContainText('a más tardar el');
    for (const step of ['payment_collected', 'delivered']) {
      const res = await page.request.post('/sandbox/logistics/advance', { data: { order: number } });
      expect((await res.json()).status).toBe(step);
    }
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(words.delivered);
    await expect(timeline.locator('.order-step-done')).toHaveCount(6);
    await expect(timeline.locator('[aria-current="step"]')).toContainText(words.delivered);
    await expect(page.getByTestId('order-pay-on-hand-over')).toHaveCount(0);
    expect(await axeViolations(page), 'confirmacion-orden').toEqual([]);
    await page.goto('/carrito-compra');
    await expect(page.getByText('Tu carro está vacío.')).toBeVisible();
  });

  test('the checkout entry sends the visitor to the step the cart is at', async ({ page, facts }) => {
    await page.goto('/checkout/flujo-compra');
    await expect(page).toHaveURL(/\/carrito-compra$/);
    await addToCart(page);
    await page.goto('/checkout/flujo-compra');
    await expect(page.getByRole('heading', { name: 'Identifícate para continuar' })).toBeVisible();
    // the buyer is identified but has no order yet: the entry shows the cart and creates nothing on a GET
    await ready(page);
    expect(await callApi(page, 'PUT', '/restpp/order/customer/info', GUESTS[facts.site])).toBe(200);
    await page.goto('/checkout/flujo-compra');
    await expect(page.getByRole('heading', { name: 'Continúa tu compra', level: 1 })).toBeVisible();
    expect(await axeViolations(page), 'flujo-compra').toEqual([]);
    expect((await (await page.request.get('/restpp/order')).json()).order).toBeNull();
    // a post without the page token (a cross-site form) is refused and creates nothing
    expect((await page.request.post('/checkout/flujo-compra', { form: { go: '1' } })).status()).toBe(403);
    expect((await (await page.request.get('/restpp/order')).json()).order).toBeNull();
    await ready(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
    expect((await (await page.request.get('/restpp/order')).json()).order).toMatchObject({ status: 'created' });
    await page.goto('/checkout/flujo-compra');
    await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
    await ready(page);
    await deliverHome(page, facts.site);
    await page.goto('/checkout/flujo-compra');
    await expect(page.getByRole('heading', { name: 'Resumen de compra', level: 1 })).toBeVisible();
  });

  test('"Ir a pagar" works without JavaScript', async ({ page, browser, facts }) => {
    await addToCart(page);
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noScript.newPage();
    await plain.goto('/carrito-compra');
    await plain.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(plain.getByRole('heading', { name: 'Identifícate para continuar' })).toBeVisible();
    // once the buyer is identified, the same button creates the order (a tokened POST) and goes on to delivery
    expect(await callApi(page, 'PUT', '/restpp/order/customer/info', GUESTS[facts.site])).toBe(200);
    await plain.goto('/carrito-compra');
    await plain.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(plain.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
    expect((await (await page.request.get('/restpp/order')).json()).order).toMatchObject({ status: 'created' });
    await noScript.close();
  });
});
