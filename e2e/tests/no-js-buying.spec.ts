import type { Page } from '@playwright/test';
import { formatMoney, parseMoney } from '../../packages/domain/src/money.ts';
import { test, expect } from './fixtures.ts';

/**
 * Buying before JavaScript loads (issue 11): the product page, the cart, the plan card and the bag
 * purchase are forms that post to their route's action. The browser here runs no script at all.
 */
test.use({ javaScriptEnabled: false });

const currency = { cl: 'CLP', pe: 'PEN' } as const;

// an accessory no other journey buys, in a colour other than the one the page shows first
const ACCESSORY = { path: '/personas/producto/accesorios/PO_AC_JBL_TUNE_520BT', id: 'PO_AC_JBL_TUNE_520BT', name: 'JBL Tune 520BT' };
// a phone sold 'Solo Equipo', in a colour and a storage other than the ones the page shows first
const PHONE = { path: '/personas/producto/Equipos/PO_EQ_SAMSUNG_GALAXY_S24', id: 'PO_EQ_SAMSUNG_GALAXY_S24', name: 'Samsung Galaxy S24' };
// docs/sandbox.md: JBL Wave Beam in Beige stands for the warehouse being unreachable
const UNREACHABLE = '/personas/producto/accesorios/PO_AC_JBL_WAVE_BEAM';

/** Demo customers only this file signs in with (README), each a prepaid line with balance. */
const BAG_BUYER = {
  cl: { login: '18.246.935-1', secret: '9753', bag: 'Bolsa 500 MB por 1 día', price: 500 },
  pe: { login: '934512795', secret: '319752', bag: 'Bolsa 500 MB por 1 día', price: 300 },
};

const BAGS = '/personas/mientel/bolsas/inmediatas';

/** A guest no demo customer is (a known document would be asked to sign in instead). */
const GUEST = {
  cl: { document: '21.345.679-2', phone: '912345681' },
  pe: { document: '40918273', phone: '912345681' },
};

/** The login page's own form, posted by the browser, back to `path`. */
async function signInAt(page: Page, path: string, who: { login: string; secret: string }) {
  await page.goto(`/inicio-sesion?successurl=${encodeURIComponent(path)}`);
  await page.locator('#field-username').fill(who.login);
  await page.locator('#field-password').fill(who.secret);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Today's price of a product's colour (and storage), as the API answers it. */
async function priceOf(page: Page, productId: string, colour: string, storage: string | null = null): Promise<number> {
  const product = (await (await page.request.get(`/restpp/catalogue/product/${productId}`)).json()) as {
    product: { skus: Array<{ id: string; color: string; storage: string | null }> };
  };
  const sku = product.product.skus.find((s) => s.color === colour && s.storage === storage)!;
  const prices = (await (await page.request.get(`/restpp/equipments/prices/${productId}`)).json()) as { prices: Array<{ skuId: string; listPrice: number }> };
  return prices.prices.find((p) => p.skuId === sku.id)!.listPrice;
}

/** 'Solo Equipo' → the choices (colour, storage) → 'Añadir al carro', on the server's HTML alone. */
async function addFromPage(page: Page, path: string, ...choices: string[]) {
  await page.goto(path);
  // no script ran: the page is the server's HTML
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  // the form is there before the option is chosen, shown once it is (as with JavaScript)
  const add = page.getByRole('button', { name: 'Añadir al carro' });
  await expect(add).toBeHidden();
  await page.getByRole('radio', { name: 'Solo Equipo' }).check();
  await expect(add).toBeVisible();
  for (const choice of choices) await page.getByRole('radio', { name: choice, exact: true }).check({ force: true });
  await add.click();
}

test.describe('buying without JavaScript', () => {
  test('an accessory: added in the colour chosen, its quantity changed, removed and added again, on to the checkout', async ({ page, facts }) => {
    const money = (minor: number) => formatMoney(minor, currency[facts.site]);
    const blue = await priceOf(page, ACCESSORY.id, 'Azul');
    await addFromPage(page, ACCESSORY.path, 'Azul');
    await expect(page).toHaveURL(/\/carrito-compra$/);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(ACCESSORY.name);
    await expect(line).toContainText('Color: Azul');
    await expect(line).toContainText(`Precio unitario: ${money(blue)}`);
    await expect(line.getByTestId('quantity')).toHaveText('1');

    await page.getByRole('button', { name: `Agregar una unidad de ${ACCESSORY.name}` }).click();
    await expect(page).toHaveURL(/\/carrito-compra$/);
    await expect(line.getByTestId('quantity')).toHaveText('2');
    await expect(line).toContainText(`Total: ${money(2 * blue)}`);
    await page.getByRole('button', { name: `Agregar una unidad de ${ACCESSORY.name}` }).click();
    await expect(line.getByTestId('quantity')).toHaveText('3');
    // a fourth unit is refused by the server's rule: the message shows and the cart keeps three
    await page.getByRole('button', { name: `Agregar una unidad de ${ACCESSORY.name}` }).click();
    await expect(page.getByTestId('form-refusal')).toHaveText('Alcanzaste la cantidad máxima permitida para este producto.');
    await expect(line.getByTestId('quantity')).toHaveText('3');
    await page.getByRole('button', { name: `Quitar una unidad de ${ACCESSORY.name}` }).click();
    await expect(page).toHaveURL(/\/carrito-compra$/);
    await expect(line.getByTestId('quantity')).toHaveText('2');

    await page.getByRole('button', { name: `Eliminar ${ACCESSORY.name} del carro` }).click();
    await expect(page.getByText('Tu carro está vacío.')).toBeVisible();
    await expect(line).toHaveCount(0);

    const white = await priceOf(page, ACCESSORY.id, 'Blanco');
    await addFromPage(page, ACCESSORY.path, 'Blanco');
    await expect(page).toHaveURL(/\/carrito-compra$/);
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('Color: Blanco');
    await expect(line).toContainText(`Precio unitario: ${money(white)}`);
    const cart = (await (await page.request.get('/restpp/order/shoppingCart')).json()) as {
      items: Array<{ color: string; quantity: number; price: number }>;
      totalPrice: number;
    };
    expect(cart.items.map((i) => [i.color, i.quantity, i.price])).toEqual([['Blanco', 1, white]]);

    // 'Ir a pagar' posts to the checkout's entry, which sends a visitor not yet identified to identify
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(page).toHaveURL(/\/personas\/flujo-compra\/identificacion$/);
  });

  test('a phone "Solo Equipo": the colour and storage chosen reach the cart at their price', async ({ page, facts }) => {
    const price = await priceOf(page, PHONE.id, 'Gris Mármol', '256 GB');
    await addFromPage(page, PHONE.path, 'Gris Mármol', '256 GB');
    await expect(page).toHaveURL(/\/carrito-compra$/);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(PHONE.name);
    await expect(line).toContainText('Color: Gris Mármol');
    await expect(line).toContainText('Almacenamiento: 256 GB');
    await expect(line).toContainText(`Precio unitario: ${formatMoney(price, currency[facts.site])}`);
    const cart = (await (await page.request.get('/restpp/order/shoppingCart')).json()) as { items: Array<{ productOfferingID: string; price: number }> };
    const skus = (await (await page.request.get(`/restpp/catalogue/product/${PHONE.id}`)).json()) as {
      product: { skus: Array<{ id: string; color: string; storage: string | null }> };
    };
    const chosen = skus.product.skus.find((s) => s.color === 'Gris Mármol' && s.storage === '256 GB')!;
    expect(cart.items.map((i) => [i.productOfferingID, i.price])).toEqual([[chosen.id, price]]);
  });

  test('a refused add shows the message on the page, with the colour and the option still chosen', async ({ page }) => {
    await page.goto(UNREACHABLE);
    await page.getByRole('radio', { name: 'Solo Equipo' }).check();
    await page.getByRole('radio', { name: 'Beige' }).check({ force: true });
    await page.getByRole('button', { name: 'Añadir al carro' }).click();
    await expect(page.getByTestId('form-refusal')).toHaveText('No pudimos conectarnos con el servicio. Inténtalo nuevamente en unos minutos.');
    await expect(page.getByRole('radio', { name: 'Beige' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Solo Equipo' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Añadir al carro' })).toBeVisible();
    expect((await (await page.request.get('/restpp/order/shoppingCart')).json()).items).toEqual([]);
  });

  test('a quantity posted as anything but a whole count is refused on the page, the cart as it was', async ({ page }) => {
    await page.goto(ACCESSORY.path);
    const token = await page.locator('#f__key__').inputValue();
    const skuId = await page.locator('input[name=skuId]').inputValue();
    for (const quantity of ['abc', '-1', '1e400', '0x2', '1.5']) {
      const answer = await page.request.post(`${ACCESSORY.path}?f__key__=${encodeURIComponent(token)}`, {
        form: { intent: 'add', skuId, quantity },
        headers: { accept: 'text/html' },
      });
      expect(answer.status(), quantity).toBe(400);
      expect(await answer.text(), quantity).toContain('La cantidad debe ser al menos 1.');
    }
    expect((await (await page.request.get('/restpp/order/shoppingCart')).json()).items).toEqual([]);
  });

  test('a plan card\'s "Contratar", "Tus datos" and "Recibir boleta" put the plan in the cart', async ({ page, facts }) => {
    const guest = GUEST[facts.site];
    await page.goto('/personas/catalogo/postpago');
    await page.getByRole('button', { name: 'Contratar: Plan Libre 40 GB' }).click();
    await expect(page).toHaveURL(/\/personas\/planesV2\/identificacionV2$/);
    await expect(page.getByRole('radio', { name: 'Quiero un número nuevo' })).toBeChecked();

    // the server refuses a bad e-mail beside its field and keeps what was typed
    await page.getByLabel('Nombre y apellido').fill('Rosa Ibáñez');
    await page.getByLabel(facts.site === 'cl' ? /^RUT/ : /^DNI/).fill(guest.document);
    await page.getByLabel('Correo electrónico').fill('rosa@example');
    await page.getByLabel(/^Celular/).fill(guest.phone);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.locator('#field-email-error')).toHaveText('* Ingresa un correo electrónico válido');
    await expect(page.getByLabel('Nombre y apellido')).toHaveValue('Rosa Ibáñez');
    await expect(page.getByLabel(/^Celular/)).toHaveValue(guest.phone);
    await page.getByLabel('Correo electrónico').fill('rosa@example.com');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(page).toHaveURL(/\/personas\/planesV2\/recibir-boleta$/);
    const bill = facts.site === 'cl' ? 'boleta' : 'recibo de servicios';
    // no channel ticked: refused, nothing in the cart
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByTestId('form-refusal')).toBeVisible();
    await page.getByRole('checkbox', { name: `Recibir mi ${bill} por correo electrónico` }).check();
    await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('rosa@example.com');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(page).toHaveURL(facts.site === 'cl' ? /\/carrito-compra$/ : /\/personas\/planesV2\/carrito-comparV2$/);
    const cart = (await (await page.request.get('/restpp/order/shoppingCart')).json()) as { items: Array<{ id: string; type: string; quantity: number }> };
    expect(cart.items.filter((i) => i.type === 'plan').map((i) => [i.id, i.quantity])).toEqual([['PO_PLAN_LIBRE_40_V2', 1]]);
  });

  test('a signed-in customer buys a bag paid from the balance: asked first, charged once, told by the offer', async ({ page, facts }) => {
    const who = BAG_BUYER[facts.site];
    await signInAt(page, BAGS, who);
    const before = parseMoney((await page.getByTestId('bags-balance').textContent()) ?? '', currency[facts.site])!;
    const price = formatMoney(who.price, currency[facts.site]);

    await page.getByRole('button', { name: `Comprar con saldo: ${who.bag}` }).click();
    const dialog = page.getByRole('dialog', { name: `¿Comprar ${who.bag}?` });
    await expect(dialog.getByTestId('bag-confirm-terms')).toHaveText(`Pagas ${price} con tu saldo. Tu saldo es ${formatMoney(before, currency[facts.site])}.`);
    // 'No, volver' charges nothing
    await dialog.getByRole('button', { name: 'No, volver' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('bags-balance')).toHaveText(formatMoney(before, currency[facts.site]));

    await page.getByRole('button', { name: `Comprar con saldo: ${who.bag}` }).click();
    await dialog.getByRole('button', { name: 'Sí, comprar' }).click();
    const after = formatMoney(before - who.price, currency[facts.site]);
    await expect(page.getByTestId('offer-BAG_500MB_1D').getByTestId('bags-result')).toHaveText(`Compraste ${who.bag}. Tu saldo es ${after}.`);
    await expect(page.getByTestId('bags-balance')).toHaveText(after);
    await expect(page.getByTestId('active-bags').getByRole('heading', { name: who.bag })).toHaveCount(1);
    // the page's address tells what was bought; opening it again charges nothing
    await page.reload();
    await expect(page.getByTestId('bags-balance')).toHaveText(after);
  });

  test('a bag paid by card: the payment button goes to the gateway, which comes back with the bag bought', async ({ page, facts }) => {
    const who = BAG_BUYER[facts.site];
    await signInAt(page, BAGS, who);
    const bag = 'Internet ilimitado por 7 días';
    await page.getByRole('button', { name: `Pagar con tarjeta: ${bag}` }).click();
    await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
    await page.getByLabel('Número de tarjeta').fill('4051885600446623');
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/personas\/mientel\/bolsas\?resultado=approved&orden=BG/);
    await expect(page.getByTestId('bags-result')).toHaveText(`Compraste ${bag} con tarjeta: ya está activa en tu línea.`);
  });
});
