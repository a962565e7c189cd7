import { test, expect, ready, axeViolations } from './fixtures.ts';

/** The page shell of both markets: header, footer, error pages, welcome carousel, overlays. */
test.describe('page shell', () => {
  test('every header, footer and home link leads to a live page; WhatsApp sales only in Peru', async ({ page, facts }) => {
    const res = await page.goto('/');
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'.*frame-ancestors 'self'/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Carro de compras' })).toHaveAttribute('href', '/carrito-compra');
    await expect(header.getByRole('link', { name: 'Mi cuenta' })).toHaveCount(0);
    const whatsapp = page.getByRole('contentinfo').getByRole('link', { name: 'Compra por WhatsApp' });
    await expect(whatsapp).toHaveCount(facts.site === 'pe' ? 1 : 0);
    if (facts.site === 'pe') await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/51\d{9}$/);

    const paths = await page
      .locator('header a[href^="/"], footer a[href^="/"], main a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    expect(paths).toEqual(expect.arrayContaining(['/carrito-compra', '/ayuda', '/tiendas', '/lista-productos', '/personas/catalogo/postpago']));
    for (const path of paths) expect((await page.request.get(path)).status(), path).toBe(200);
  });

  test("the page reads its texts files before it starts, tries once more when one fails, and a navigation brings the next page's texts", async ({ page }) => {
    const requests: string[] = [];
    await page.route('**/assets/texts/*.json', async (route) => {
      requests.push(new URL(route.request().url()).pathname);
      // the head's preload of the first file fails, so the first read (answered by that preload) fails too
      return requests.length === 1 ? route.abort() : route.continue();
    });
    await page.goto('/lista-productos');
    await ready(page);
    // the second try went to the network for the file that failed
    expect(requests.filter((r) => r === requests[0])).toHaveLength(2);
    // a client-side navigation: the product page's texts come with its data, no file is read
    const before = requests.length;
    const data = page.waitForResponse((r) => new URL(r.url()).pathname === '/inicio-sesion.data');
    await page.getByRole('banner').getByRole('link', { name: 'Ingresar' }).click();
    await data;
    await expect(page.getByRole('heading', { name: 'Inicia sesión', level: 1 })).toBeVisible();
    expect(requests.length).toBe(before);
  });

  test('an unknown address answers 404 with a titled, accessible page', async ({ page, facts }) => {
    expect((await page.goto('/no-existe/esta-pagina'))?.status()).toBe(404);
    await ready(page);
    await expect(page).toHaveTitle('No encontramos esta página | Andes');
    await expect(page.getByRole('heading', { name: 'No encontramos esta página', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(await axeViolations(page), `${facts.site} 404`).toEqual([]);
  });

  test('the welcome carousel shows on the first visit only, with a one-year cookie', async ({ page, context }) => {
    await page.goto('/');
    await ready(page);
    const welcome = page.getByRole('region', { name: 'Bienvenida' });
    await expect(welcome).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'welcome_views');
    expect(cookie?.value).toBe('1');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await welcome.getByRole('button', { name: 'Siguiente' }).click();
    await welcome.getByRole('button', { name: 'Siguiente' }).click();
    await welcome.getByRole('button', { name: 'Cerrar' }).click();
    await expect(welcome).toHaveCount(0);

    await page.reload();
    await ready(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(welcome).toHaveCount(0);
  });

  test('loading overlay with its message while its request is in flight, gone with the answer', async ({ page }) => {
    await page.goto('/personas/producto/accesorios/PO_AC_JBL_TUNE_520BT');
    await ready(page);
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    // the price check waits until the overlay has been seen, then fails: the overlay ends with it (lib/busy.ts)
    await page.route(/\/restpp\/order\/v2\/priceRange\/validate/, async (route) => {
      await held;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          response: { systemMessage: [{ exceptionKey: 'pp.error.generic', messages: ['No pudimos revisar el precio'] }] },
        }),
      });
    });
    await page.getByRole('radio', { name: 'Solo Equipo' }).check();
    await page.getByRole('button', { name: 'Añadir al carro' }).click();
    const overlay = page.getByRole('status').filter({ hasText: 'Agregando al carro…' });
    await expect(overlay).toHaveClass('loading-overlay');
    answer();
    await expect(overlay).toHaveCount(0);
    await expect(page.getByText('No pudimos revisar el precio')).toBeVisible();
    await expect(page).toHaveURL(/\/PO_AC_JBL_TUNE_520BT$/);
  });

  test('alerts closing after 6000 ms, and a dialog that keeps the focus', async ({ page }) => {
    await page.clock.install();
    await page.goto('/ayuda');
    await ready(page);
    // the page-wide UI signals of app/lib/ui-events.ts, as any screen or the request helper sends them
    const signal = (name: string, detail: unknown) =>
      page.evaluate(([n, d]) => window.dispatchEvent(new CustomEvent(n as string, { detail: d })), [name, detail] as const);

    await page.clock.pauseAt(Date.now() + 60_000);
    await signal('app:alert', { kind: 'info', message: 'Guardamos tus datos' });
    const alert = page.getByRole('status').filter({ hasText: 'Guardamos tus datos' });
    await expect(alert).toBeVisible();
    await page.clock.runFor(5_900);
    await expect(alert).toBeVisible();
    await page.clock.runFor(100);
    await expect(alert).toHaveCount(0);
    await page.clock.resume();

    const opener = page.getByRole('contentinfo').getByRole('link', { name: 'Encuentra tu tienda' });
    await opener.focus();
    await signal('app:error', [{ key: 'x', message: 'No pudimos guardar', detail: 'El servicio no respondió' }]);
    const dialog = page.getByRole('dialog', { name: 'Algo salió mal' });
    const close = dialog.getByRole('button', { name: 'Cerrar' });
    await expect(close).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Ver detalle' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});
