import { test, expect, ready, emptyCart, recordDataLayer, recordedEvents, signIn, axeViolations, fillSentCode } from './fixtures.ts';

/** Issue 15 part 4: the phone purchase's own steps, the V1 equipment list and Chile's first PIN. */

const PHONE = { id: 'PO_EQ_SAMSUNG_GALAXY_S24', name: 'Samsung Galaxy S24' };
/** Customers only these journeys use (README demo accounts). */
const BUYER = { cl: { login: '174392560', secret: '4826', phone: '934512840' }, pe: { login: '934512843', secret: '826415', phone: '934512843' } } as const;
const NEWCOMER = { login: '19264738K', phone: '934512841', firstName: 'Tomás' };

test.describe('the last missing routes', () => {
  test('a phone purchase goes through /personas/producto/identificacion and /personas/producto/agregar-seguro', async ({ page, facts }) => {
    const buyer = BUYER[facts.site];
    // the buyer's own cart starts empty, then the visit shops signed out as a new visitor would
    await signIn(page, '/carrito-compra', buyer.login, buyer.secret);
    await emptyCart(page);
    await page.context().clearCookies();

    await page.goto(`/personas/producto/Equipos/${PHONE.id}`);
    await ready(page);
    await page.getByRole('radio', { name: 'Solo Equipo' }).check();
    await page.getByRole('button', { name: 'Añadir al carro' }).click();
    await expect(page).toHaveURL(/\/carrito-compra$/);
    await ready(page);
    await page.getByRole('button', { name: 'Ir a pagar' }).click();

    await expect(page).toHaveURL(/\/personas\/producto\/identificacion$/);
    await expect(page.getByRole('heading', { name: 'Identifícate para continuar' })).toBeVisible();
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await ready(page);
    await page.getByLabel(facts.loginLabel).pressSequentially(buyer.login);
    await page.getByLabel(facts.secretLabel).fill(buyer.secret);
    await recordDataLayer(page);
    await page.getByRole('button', { name: 'Ingresar' }).click();

    await expect(page).toHaveURL(/\/personas\/producto\/agregar-seguro$/);
    await expect(page.getByRole('heading', { name: 'Agrega un seguro a tu equipo', level: 1 })).toBeVisible();
    await ready(page);
    const phone = page.getByTestId('insurable-phone');
    await expect(phone.getByRole('heading', { name: new RegExp(PHONE.name) })).toBeVisible();
    if (facts.site === 'pe') {
      // SPEC §6: a phone without a plan is not insured in Peru; the step says so and goes on
      await expect(phone).toContainText('Los seguros para equipos sin plan no están disponibles en Perú.');
      await expect(phone.getByRole('checkbox')).toHaveCount(0);
    } else {
      await phone.getByRole('checkbox', { name: /Seguro Robo/ }).check();
    }
    expect(await axeViolations(page)).toEqual([]);
    const stored = facts.site === 'cl' ? page.waitForResponse((r) => r.url().includes('/restpp/order/insurances')) : null;
    await page.getByRole('button', { name: 'Continuar' }).click();
    if (stored) {
      const saved = await stored;
      expect(saved.status()).toBe(200);
      expect(saved.request().headers()['atg_phonenumber']).toBe(buyer.phone);
    }
    await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
    const cart = await (await page.request.get('/restpp/order/shoppingCart')).json();
    const line = (cart.items as Array<{ productId: string; insurances: Array<{ id: string }> }>).find((i) => i.productId === PHONE.id)!;
    expect(line.insurances.map((i) => i.id)).toEqual(facts.site === 'cl' ? ['INS_ROBO'] : []);
    const shown = (await recordedEvents(page)).filter((e) => e.event === 'insurance_step');
    expect(shown).toEqual(expect.arrayContaining([expect.objectContaining({ step: 'shown', offered: facts.site === 'cl' ? 1 : 0 })]));
  });

  test('/personas/productoV1/equipos lists the phones', async ({ page }) => {
    const phones = (await (await page.request.get('/restpp/catalogue/products?kind=phones')).json()).records as Array<{ displayName: string }>;
    expect(phones.length).toBeGreaterThan(0);
    const res = await page.goto('/personas/productoV1/equipos');
    expect(res?.status()).toBe(200);
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(phones.length);
    for (const phone of phones.slice(0, 3)) await expect(cards.filter({ hasText: phone.displayName }).first()).toBeVisible();
    await expect(cards.filter({ hasText: /JBL/ })).toHaveCount(0);
  });

  test("Chile's first PIN is created with the SMS code and signs in; Peru's page is its unique password", async ({ page, facts }) => {
    await page.goto('/inicio-sesion');
    if (facts.site === 'pe') {
      // Peru already had /personas/creacion-clave (its clave única, auth.spec.ts): it stays
      await page.getByRole('link', { name: 'Crea tu clave única' }).click();
      await expect(page.getByRole('heading', { name: 'Crea tu clave única', level: 1 })).toBeVisible();
      return;
    }
    await page.getByRole('link', { name: '¿Primera vez? Crea tu clave' }).click();
    await expect(page).toHaveURL(/\/personas\/creacion-clave$/);
    await expect(page.getByRole('heading', { name: 'Crea tu clave', level: 1 })).toBeVisible();
    await ready(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('RUT').pressSequentially(NEWCOMER.login);
    await page.getByLabel('Número de celular').fill(NEWCOMER.phone);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByText('Si el número corresponde al documento ingresado, enviamos un código al celular terminado en 841.')).toBeVisible();
    await fillSentCode(page.getByLabel('Código de 6 dígitos'), NEWCOMER.phone);
    await page.getByRole('button', { name: 'Validar código' }).click();
    await page.getByLabel('Nueva clave', { exact: true }).fill('7394');
    await page.getByLabel('Repite la nueva clave').fill('7394');
    await page.getByRole('button', { name: 'Guardar clave' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tu clave fue actualizada' })).toBeVisible();
    await page.getByRole('link', { name: 'Ingresar' }).last().click();
    await ready(page);
    await page.getByLabel(facts.loginLabel).pressSequentially(NEWCOMER.login);
    await page.getByLabel(facts.secretLabel).fill('7394');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByTestId('greeting')).toHaveText(`Hola, ${NEWCOMER.firstName}`);
  });
});
