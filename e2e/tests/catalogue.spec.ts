import { test, expect, ready, axeViolations, emptyCart, recordDataLayer, recordedEvents } from './fixtures.ts';

const PHONE = 'PO_EQ_SAMSUNG_GALAXY_S24_ULTRA';
const PHONE_PATH = `/personas/producto/Equipos/${PHONE}`;
/** Customers only this journey shops with (Peru's only checks that no offer is made). */
const INSURED = { cl: { login: '154321985', secret: '4321', phone: '987654321' }, pe: { login: '934512793', secret: '642097', phone: '934512793' } } as const;

test.describe('catalogue and equipment sale page', () => {
  test('the first screenful of every catalogue is in the server HTML', async ({ request }) => {
    const api = await request.get('/restpp/catalogue/products?kind=phones');
    const names: string[] = (await api.json()).records.map((r: { displayName: string }) => r.displayName);
    const html = await (await request.get('/lista-productos')).text();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names.slice(0, 6)) expect(html).toContain(name);
    for (const path of [
      '/lista-accesorios',
      '/lista-seminuevos',
      '/personas/catalogo/liberados',
      '/personas/catalogo/accesorios',
      '/personas/catalogo/renovacion',
    ]) {
      const page = await request.get(path);
      expect(page.status(), path).toBe(200);
      expect(await page.text(), path).toContain('data-testid="product-card"');
    }
    const json = await request.get('/lista-accesorios?contentType=ppEquipmentList&format=json-rest&parentCategoryName=Accesorios');
    expect(json.headers()['content-type']).toContain('application/json');
    expect((await json.json()).kind).toBe('accessories');
  });

  test('filtering by brand narrows the list, without and with JS', async ({ page }) => {
    await recordDataLayer(page);
    await page.goto('/lista-productos');
    await ready(page);
    const cards = page.getByTestId('product-card');
    const before = await page.getByRole('heading', { level: 2, name: /productos$/ }).textContent();
    await page.getByRole('checkbox', { name: 'Apple', exact: true }).check();
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/brand=Apple/);
    await expect(cards.first()).toBeVisible();
    const brands = await page.locator('.product-card .product-brand').allTextContents();
    expect(new Set(brands)).toEqual(new Set(['Apple']));
    expect(await page.getByRole('heading', { level: 2, name: /productos$/ }).textContent()).not.toBe(before);
    await expect
      .poll(() => recordedEvents(page))
      .toContainEqual(expect.objectContaining({ event: 'view_item_list', checkout_step: 0, ecommerce: expect.objectContaining({ item_list_id: 'phones' }) }));
  });

  test('opens a product, picks a colour, steps the quantity and adds to the cart', async ({ page, facts }) => {
    await recordDataLayer(page);
    await page.goto(`/lista-productos?brand=Samsung&sort=price-desc`);
    await ready(page);
    await page
      .getByRole('link', { name: /Galaxy S24 Ultra/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${PHONE}$`));
    await ready(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy S24 Ultra' })).toBeVisible();
    const events = await recordedEvents(page);
    expect(events).toContainEqual(expect.objectContaining({ event: 'select_item', ecommerce: expect.objectContaining({ item_list_id: 'phones' }) }));
    expect(events).toContainEqual(expect.objectContaining({ event: 'view_item', site: facts.site }));

    // colours come first, each swatch named by its colour; pick an in-stock colour and storage
    const pick = await page.evaluate(async (id) => {
      const body = await (await fetch(`/restpp/catalogue/product/${id}`)).json();
      const skus = body.product.skus as Array<{ id: string; color: string; storage: string; inStock: boolean }>;
      return skus.filter((s) => s.inStock).at(-1)!;
    }, PHONE);
    const swatch = page.getByRole('radio', { name: pick.color });
    await swatch.check({ force: true });
    await expect(swatch).toBeChecked();
    await expect(page.getByText(`Color: ${pick.color}`)).toBeVisible();
    await expect(page.getByRole('img', { name: new RegExp(`color ${pick.color}`) })).toBeVisible();
    await page.getByRole('radio', { name: pick.storage }).check();
    await expect(page.getByTestId('stock-state')).toHaveText('Disponible');
    if (facts.site === 'pe') await expect(page.getByText(/18 cuotas sin interés/).first()).toBeVisible();

    await page.getByRole('radio', { name: 'Equipo + plan' }).check();
    await expect(page.getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', '/personas/catalogo/postpago');

    await page.getByRole('radio', { name: 'Solo Equipo' }).check();
    const quantity = page.getByTestId('quantity');
    await expect(quantity).toHaveText('1');
    await page.getByRole('button', { name: 'Quitar uno' }).click();
    await expect(quantity).toHaveText('1');
    await page.getByRole('button', { name: 'Agregar uno' }).click();
    await page.getByRole('button', { name: 'Agregar uno' }).click();
    await expect(quantity).toHaveText('3');
    await page.getByRole('button', { name: 'Quitar uno' }).click();
    await expect(quantity).toHaveText('2');

    const skuId = pick.id;
    const addButton = page.getByRole('button', { name: 'Añadir al carro' });
    const sent = page.waitForRequest((r) => r.url().includes('/restpp/order/add') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().includes('/restpp/order/add'));
    await addButton.click();
    const req = await sent;
    expect(req.url()).toContain('f__key__=');
    // the line carries the price the page showed, so a changed price is refused, never added silently
    expect(req.postDataJSON()).toEqual([{ type: 'equipment', id: skuId, quantity: 2, price: expect.any(Number) }]);
    const res = await answered;
    expect(res.status()).toBe(200);
    await expect(page).toHaveURL(/\/carrito-compra$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    // two skus of one phone may share a colour: the line names the storage chosen too
    await expect(page.getByTestId('cart-line')).toContainText(`Color: ${pick.color}`);
    await expect(page.getByTestId('cart-line')).toContainText(`Almacenamiento: ${pick.storage}`);
    await expect
      .poll(() => recordedEvents(page))
      .toContainEqual(
        expect.objectContaining({
          event: 'add_to_cart',
          ecommerce: expect.objectContaining({ items: [expect.objectContaining({ item_id: skuId, quantity: 2 })] }),
        }),
      );
  });

  test('a warehouse that cannot be reached shows the integration error in the add-to-cart modal', async ({ page }) => {
    // docs/sandbox.md: JBL Wave Beam in Beige stands for the warehouse being unreachable
    await page.goto('/personas/producto/accesorios/PO_AC_JBL_WAVE_BEAM');
    await ready(page);
    await page.getByRole('radio', { name: 'Beige' }).check({ force: true });
    await page.getByRole('radio', { name: 'Solo Equipo' }).check();
    await page.getByRole('button', { name: 'Añadir al carro' }).click();
    const dialog = page.getByRole('dialog', { name: 'No pudimos agregar el producto' });
    await expect(dialog).toContainText('No pudimos conectarnos con el servicio. Inténtalo nuevamente en unos minutos.');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page).toHaveURL(/PO_AC_JBL_WAVE_BEAM$/);
    expect((await (await page.request.get('/restpp/order/shoppingCart')).json()).items).toEqual([]);
  });

  test('the blue-rental path redirects to the generic one for a product without blue info', async ({ page }) => {
    await page.goto('/personas/producto/Equipos/arriendo-blue/PO_EQ_SAMSUNG_GALAXY_S24_FE');
    await expect(page).toHaveURL(/\/personas\/producto\/Equipos\/PO_EQ_SAMSUNG_GALAXY_S24_FE$/);
    await page.goto(`/personas/producto/Equipos/arriendo-blue/${PHONE}`);
    await expect(page).toHaveURL(new RegExp(`arriendo-blue/${PHONE}$`));
    await expect(page.getByText(/Plan Blue|Blue/).first()).toBeVisible();
  });

  test('signed-in customers of Chile get the insurance offer; total protection disables what it excludes', async ({ page, facts }) => {
    // a customer no other journey shops with (the cart is theirs alone), emptied first
    const buyer = INSURED[facts.site];
    await page.goto('/inicio-sesion');
    await ready(page);
    await page.getByLabel(facts.loginLabel).pressSequentially(buyer.login);
    await page.getByLabel(facts.secretLabel).fill(buyer.secret);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByTestId('greeting')).toBeVisible();
    await emptyCart(page);
    await page.goto(PHONE_PATH);
    await ready(page);
    await page.getByRole('radio', { name: 'Solo Equipo' }).check();
    const total = page.getByRole('checkbox', { name: /Seguro Protección Total/ });
    if (facts.site === 'pe') {
      await expect(page.getByTestId('quantity')).toHaveText('1');
      await expect(page.getByRole('group', { name: 'Selecciona el seguro que más te acomode' })).toHaveCount(0);
      return;
    }
    const robo = page.getByRole('checkbox', { name: /Seguro Robo/ });
    const dano = page.getByRole('checkbox', { name: /Seguro Daño Total/ });
    const pantalla = page.getByRole('checkbox', { name: /Seguro Pantalla/ });
    await pantalla.check();
    await total.check();
    await expect(total).toBeChecked();
    await expect(robo).toBeDisabled();
    await expect(robo).not.toBeChecked();
    await expect(dano).toBeDisabled();
    await expect(pantalla).toBeChecked();
    await total.uncheck();
    await expect(robo).toBeEnabled();
    await expect(dano).toBeEnabled();
    // the exclusion works both ways: theft cover disables total protection
    await robo.check();
    await expect(total).toBeDisabled();

    // the phone goes into the cart, then the choice is attached to it for the customer's own line
    const sent = page.waitForRequest((r) => r.url().includes('/restpp/order/add') && r.method() === 'POST');
    const stored = page.waitForResponse((r) => r.url().includes('/restpp/order/insurances'));
    await page.getByRole('button', { name: 'Añadir al carro' }).click();
    expect((await sent).postDataJSON()[0].insurances).toBeUndefined();
    const saved = await stored;
    expect(saved.request().headers()['atg_phonenumber']).toBe(buyer.phone);
    expect(saved.status()).toBe(200);
    await expect(page).toHaveURL(/\/carrito-compra$/);
    const cart = await (await page.request.get('/restpp/order/shoppingCart')).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].insurances.map((i: { id: string }) => i.id).sort()).toEqual(['INS_PANTALLA', 'INS_ROBO']);
    expect(cart.items[0].insuredPhoneNumber).toBe(buyer.phone);
  });

  test('the product list and the product page have no accessibility violations', async ({ page, facts }) => {
    for (const path of ['/lista-productos', PHONE_PATH]) {
      await page.goto(path);
      await ready(page);
      if (path === PHONE_PATH) await page.getByRole('radio', { name: 'Solo Equipo' }).check();
      expect(await axeViolations(page), `${facts.site} ${path}`).toEqual([]);
    }
  });
});
