import type { Page } from '@playwright/test';
import { axeViolations, emptyCart, expect, pageScrollWidth, ready, recordDataLayer, recordedEvents, signIn, test } from './fixtures.ts';

const APPROVE = '4051885600446623';

const facts = {
  cl: {
    catalogue: '/personas/catalogo/postpago',
    typed: '185855430',
    region: 'Metropolitana de Santiago',
    province: null,
    commune: 'Providencia',
    store: /Tienda Providencia/,
  },
  pe: {
    catalogue: '/catalogo/postpago',
    typed: '40112233',
    region: 'Lima',
    province: 'Lima',
    commune: 'Miraflores',
    store: /Tienda Miraflores/,
  },
} as const;

type Place = (typeof facts)['cl' | 'pe'];

/**
 * The customer kept for these journeys (README demo table): adding a line and renewing a phone change
 * their cart and lines, which no other journey reads. Sandbox identity answers are the document's last
 * and first two digits; its credit check approves (docs/sandbox.md).
 */
const customer = {
  cl: {
    login: '135792462',
    secret: '3690',
    document: '13.579.246-2',
    lastTwo: '46',
    firstTwo: '13',
    phone: '934512764',
    shownPhone: '9 3451 2764',
    shownBlueLine: '9 3451 2780',
  },
  pe: {
    login: '934512763',
    secret: '135790',
    document: '43218765',
    lastTwo: '65',
    firstTwo: '43',
    phone: '934512763',
    shownPhone: '934 512 763',
    shownBlueLine: '934 512 781',
  },
} as const;
const RENEWAL_PHONE = 'PO_EQ_SAMSUNG_GALAXY_S24_ULTRA';

async function pickArea(page: Page, site: 'cl' | 'pe', place: Place) {
  await page.getByLabel(site === 'cl' ? 'Región' : 'Departamento').selectOption({ label: place.region });
  if (place.province) {
    await expect(page.getByLabel('Provincia').locator('option', { hasText: place.province })).toHaveCount(1);
    await page.getByLabel('Provincia').selectOption({ label: place.province });
  }
  const commune = page.getByLabel(site === 'cl' ? 'Comuna' : 'Distrito');
  await expect(commune.locator('option', { hasText: new RegExp(`^${place.commune}$`) })).toHaveCount(1);
  await commune.selectOption({ label: place.commune });
}

/** From 'Datos de despacho': pickup at the place's store, then the summary's pay button and an approved card at the gateway. */
async function pickUpInStoreAndPay(page: Page, site: 'cl' | 'pe', place: Place) {
  await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
  await ready(page);
  await page.getByRole('tab', { name: 'Retiro en tienda' }).click();
  await pickArea(page, site, place);
  await page.getByRole('radio', { name: place.store }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de compra', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Pagar / }).click();
  await page.waitForURL(/token_ws=/);
  await page.locator('#card').fill(APPROVE);
  await page.locator('button[name="action"][value="pay"]').click();
}

test.describe('plan sales', () => {
  test('the plan catalogue lists the groups in tabs, three plans per view, and passes axe', async ({ page, facts: site }) => {
    await recordDataLayer(page);
    await page.goto(facts[site.site].catalogue);
    await ready(page);
    await expect(page.getByRole('heading', { name: 'Planes móviles Andes', level: 1 })).toBeVisible();
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Blue', 'Libres', 'Controlado']);
    await expect(page.getByRole('tab', { name: 'Libres' })).toHaveAttribute('aria-selected', 'true');
    const cards = page.getByRole('tabpanel').getByRole('article');
    await expect(cards).toHaveCount(3);
    // the catalogue sells new numbers: a promotion for port-ins is said once, with the lines it is for, and is not the card's price
    const promoted = cards.filter({ hasText: 'Plan Libre 40 GB' });
    await expect(promoted.locator('.plan-discount')).toHaveText(/^Si traes tu número: 50% dcto\. por 6 meses: .+\/mes, luego .+\/mes$/);
    await expect(promoted.locator('.plan-price-before')).toHaveCount(0);
    // the multi_ plan is not listed in the activation flow; the others follow with the chevron
    await page.getByRole('button', { name: 'Otros planes' }).click();
    await expect(cards.filter({ hasText: 'Plan BAM 20 GB' })).toHaveCount(1);
    await expect(cards.filter({ hasText: 'Plan BAM 20 GB' }).getByText('No incluye')).toHaveCount(3);
    await expect(page.getByText(/Dúo/)).toHaveCount(0);
    // keyboard: arrow keys move between tabs
    await page.getByRole('tab', { name: 'Libres' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Controlado' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Controlado' })).toHaveAttribute('aria-selected', 'true');
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect(cards).toHaveCount(2);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(cards).toHaveCount(3);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Ver detalle: Plan Controlado 45 GB' }).click();
    await expect(page.getByRole('dialog', { name: 'Detalle del Plan Controlado 45 GB' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cerrar detalle' }).click();
    const events = await recordedEvents(page);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'view_item_list', checkout_step: 0, ecommerce: expect.objectContaining({ item_list_id: facts[site.site].catalogue }) }),
    );
    expect(events).toContainEqual(expect.objectContaining({ event: 'plan_landing_click', click_target: 'otherPlans' }));
    expect(events).toContainEqual(expect.objectContaining({ event: 'plan_landing_click', click_target: 'detail', plan_id: 'PO_PLAN_CONTROLADO_45' }));
  });

  test('on a 360 px phone the plan cards fit the screen in every tab (the allowances wrap)', async ({ page, facts: site }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(facts[site.site].catalogue);
    await ready(page);
    for (const tab of ['Blue', 'Libres', 'Controlado']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect(await pageScrollWidth(page), `${site.site} ${tab}`).toBeLessThanOrEqual(360);
    }
  });

  test('the plan selector marks only the chosen plan, and passes axe', async ({ page }) => {
    await page.goto('/personas/planes/tuplan');
    await ready(page);
    await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
    await page.getByRole('button', { name: 'Elegir Plan Libre 30 GB' }).click();
    await expect(page.getByRole('button', { name: 'Plan elegido' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Elegir Plan Libre 80 GB' }).click();
    await expect(page.getByRole('button', { name: 'Plan elegido' })).toHaveCount(1);
    await expect(page.getByRole('article').filter({ hasText: 'Plan Libre 80 GB' }).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Elegiste el Plan Libre 80 GB.')).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/personas\/planesV2\/identificacionV2$/);
    await expect(page.getByRole('complementary').getByRole('heading', { name: 'Plan Libre 80 GB' })).toBeVisible();
  });

  test('a visitor contracts a plan with a new line, pays, and gets a new number', async ({ page, facts: site }) => {
    const place = facts[site.site];
    await recordDataLayer(page);
    await page.goto(place.catalogue);
    await ready(page);
    await page.getByRole('tab', { name: 'Controlado' }).click();
    await page.getByRole('button', { name: 'Contratar: Plan Controlado 25 GB' }).click();

    await expect(page).toHaveURL(/\/personas\/planesV2\/identificacionV2$/);
    await expect(page.getByRole('heading', { name: 'Tus datos', level: 1 })).toBeVisible();
    await ready(page);
    await expect(page.getByRole('radio', { name: 'Quiero un número nuevo' })).toBeChecked();
    await page.getByLabel('Nombre y apellido').fill('Bruno Díaz');
    await page.getByLabel(site.site === 'cl' ? /^RUT/ : /^DNI/).pressSequentially(place.typed);
    await page.getByLabel('Correo electrónico').fill('bruno@example.com');
    await page.getByLabel(/^Celular/).fill('912345671');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(page.getByRole('heading', { name: 'Ahora puedes configurar tu nuevo plan', level: 1 })).toBeVisible();
    await ready(page);
    const bill = site.site === 'cl' ? 'boleta' : 'recibo de servicios';
    const proceed = page.getByRole('button', { name: 'Continuar' });
    await expect(proceed).toBeDisabled();
    await page.getByRole('checkbox', { name: `Recibir mi ${bill} por correo electrónico` }).check();
    const email = page.getByRole('textbox', { name: 'Correo electrónico' });
    await expect(email).toHaveValue('bruno@example.com');
    await email.fill('bruno@example');
    await expect(proceed).toBeDisabled();
    await email.fill('bruno@example.com');
    await page.getByRole('checkbox', { name: `Recibir mi ${bill} por SMS` }).check();
    await expect(page.getByLabel('Número de celular')).toHaveValue('912345671');
    await expect(proceed).toBeEnabled();
    expect(await axeViolations(page)).toEqual([]);
    await proceed.click();

    if (site.site === 'cl') {
      // Chile, not signed in: the cart comes next
      await expect(page).toHaveURL(/\/carrito-compra$/);
      await expect(page.getByTestId('cart-line').filter({ hasText: 'Controlado 25 GB' })).toHaveCount(1);
      await ready(page);
      await page.getByRole('button', { name: 'Ir a pagar' }).click();
    } else {
      await expect(page).toHaveURL(/\/personas\/planesV2\/carrito-comparV2$/);
      await expect(page.getByText('Recibirás tu recibo de servicios en: SMS al 912345671 · correo bruno@example.com')).toBeVisible();
      await page.getByRole('link', { name: 'Continuar' }).click();
      await expect(page.getByRole('heading', { name: 'Revisa la cobertura en tu zona' })).toBeVisible();
      await ready(page);
      await pickArea(page, site.site, place);
      await page.getByRole('button', { name: 'Revisar cobertura' }).click();
      await expect(page.getByText(/Tenemos cobertura .* en Miraflores/)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Continuar con la entrega' }).click();
    }

    await pickUpInStoreAndPay(page, site.site, place);

    await expect(page).toHaveURL(/\/personas\/planesV2\/success\?order=/);
    await expect(page.getByRole('heading', { name: '¡Tu plan está contratado!' })).toBeVisible();
    await expect(page.getByTestId('new-number')).toHaveText(/^Tu nuevo número es 9[\d ]+$/);
    await expect(page.getByText('Plan: Plan Controlado 25 GB')).toBeVisible();
    await expect(page.getByText(/Creamos tu cuenta Andes/)).toBeVisible();

    await expect.poll(async () => (await recordedEvents(page)).some((e) => e.event === 'purchase' && e.checkout_step === 6)).toBe(true);
    const events = await recordedEvents(page);
    // SPEC §2 checkout steps of the journey: 2 identification, 3(.x) shipping, 4 payment, 5 new line with plan, 6 purchase
    const steps = [
      ...new Set(
        events
          .map((e) => e.checkout_step)
          .filter((n): n is number => typeof n === 'number' && n > 0)
          .map(Math.floor),
      ),
    ].sort((a, b) => a - b);
    expect(steps).toEqual([2, 3, 4, 5, 6]);
    // the plan journey's labels (SPEC §4) travel with its steps, under one name: flow_tag
    const labels = { journey_kind: 'onlySimActivtion', delivery_flow: 'Linea Nueva', selected_option: 'newLine', flow_tag: 'flow-plans' };
    expect(events.find((e) => e.event === 'checkout_step' && e.checkout_step === 2)).toMatchObject(labels);
    expect(events.find((e) => e.event === 'checkout_step' && e.checkout_step === 5)).toMatchObject(labels);
    expect(events.filter((e) => e.event === 'checkout_step').some((e) => 'flow' in e)).toBe(false);
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'select_item',
        ecommerce: expect.objectContaining({ items: [expect.objectContaining({ item_id: 'PO_PLAN_CONTROLADO_25', quantity: 1 })] }),
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'add_to_cart',
        ecommerce: expect.objectContaining({ items: [expect.objectContaining({ item_id: 'PO_PLAN_CONTROLADO_25', item_category: 'hybridPlans' })] }),
      }),
    );

    // once the SIM is on its way the order has moved past 'paid': the success page still shows it
    const order = new URL(page.url()).searchParams.get('order')!;
    expect((await page.request.post('/sandbox/logistics/advance', { data: { order } })).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: '¡Tu plan está contratado!' })).toBeVisible();

    // the SIM arrives and its holder activates the line on the captive host the network sends it to (decision 023 addendum)
    await expect(page.getByTestId('activate-hint')).toContainText('Tu línea se activa cuando la uses por primera vez');
    const newLine = (await page.getByTestId('new-number').textContent())!.replace(/\D/g, '');
    await page.setExtraHTTPHeaders({ 'x-msisdn': newLine });
    const captive = new URL('/activacionpost', page.url());
    captive.hostname = 'portal.localhost';
    await page.goto(captive.toString());
    await expect(page.getByTestId('captive-summary')).toContainText('del plan Controlado 25 GB');
    await page.getByRole('button', { name: 'Activar mi línea' }).click();
    await expect(page).toHaveURL(/\/activacionpost\/confirmacion\?linea=activada$/);
    await expect(page.getByTestId('captive-done')).toContainText(/está activa desde el \d{1,2} de \p{L}+ de \d{4}/u);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a signed-in customer adds a line: identity questions, credit check, billing, coverage, payment, and the line is on the account', async ({
    page,
    facts: site,
  }) => {
    const place = facts[site.site];
    const me = customer[site.site];
    await recordDataLayer(page);
    await signIn(page, '/personas/planes/lineasadicionales', me.login, me.secret);
    await emptyCart(page);
    await expect(page.getByRole('heading', { name: 'Suma una línea adicional', level: 1 })).toBeVisible();
    // additional lines are not offered Controlado plans
    await expect(page.getByRole('tab', { name: 'Controlado' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Elegir Plan Libre 80 GB' }).click();
    await expect(page.getByRole('button', { name: 'Plan elegido' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar con este plan' }).click();

    // 2.1: the customer's own identity questions, then the additional line's credit check
    await expect(page).toHaveURL(/\/personas\/planesV2\/validacion-identidad$/);
    await ready(page);
    const bar = page.getByRole('navigation', { name: 'Pasos de tu solicitud' });
    await expect(bar.getByRole('listitem')).toHaveText(['Validación de Identidad', 'Línea adicional']);
    await expect(page.getByLabel(site.site === 'cl' ? 'Tu RUT' : 'Tu DNI')).toHaveValue(me.document);
    await page.getByRole('button', { name: 'Comenzar' }).click();
    await page
      .getByRole('group', { name: /dos últimos dígitos/ })
      .getByLabel(me.lastTwo, { exact: true })
      .check();
    await page
      .getByRole('group', { name: /dos primeros dígitos/ })
      .getByLabel(me.firstTwo, { exact: true })
      .check();
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/personas\/equipos\/lineas\/solicitud$/);
    await ready(page);
    await expect(bar.locator('[aria-current="step"]')).toHaveText('Línea adicional');
    await page.getByRole('button', { name: 'Evaluar' }).click();
    await expect(page.getByRole('status').filter({ hasText: '¡Tu solicitud fue aprobada!' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continuar' }).click();

    // billing delivery: the SMS goes by default to the customer's line
    await expect(page.getByRole('heading', { name: 'Ahora puedes configurar tu nuevo plan', level: 1 })).toBeVisible();
    await ready(page);
    await page.getByRole('checkbox', { name: `Recibir mi ${site.site === 'cl' ? 'boleta' : 'recibo de servicios'} por SMS` }).check();
    await expect(page.getByLabel('Número de celular')).toHaveValue(me.phone);
    await page.getByRole('button', { name: 'Continuar' }).click();
    if (site.site === 'cl') {
      // Chile, signed in: the plans cart comes next; Peru goes straight to coverage
      await expect(page).toHaveURL(/\/personas\/planesV2\/carrito-comparV2$/);
      await page.getByRole('link', { name: 'Continuar' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Revisa la cobertura en tu zona' })).toBeVisible();
    await ready(page);
    await pickArea(page, site.site, place);
    await page.getByRole('button', { name: 'Revisar cobertura' }).click();
    await page.getByRole('button', { name: 'Continuar con la entrega' }).click();

    await pickUpInStoreAndPay(page, site.site, place);

    // an additional line ends on its own request page
    await expect(page).toHaveURL(/\/personas\/planes\/lineasadicionales\/solicitud\/exito\?order=/);
    await expect(page.getByRole('heading', { name: '¡Tu plan está contratado!' })).toBeVisible();
    const announced = await page.getByTestId('new-number').textContent();
    const newLine = announced!.replace(/\D/g, '');
    expect(newLine).toMatch(/^9\d{8}$/);
    await expect(page.getByText(/Creamos tu cuenta/)).toHaveCount(0);
    await expect.poll(async () => (await recordedEvents(page)).some((e) => e.event === 'purchase')).toBe(true);

    // the new line is the customer's: in their lines and in the account's line switcher
    await page.goto('/personas/tus-lineas');
    const row = page
      .getByTestId('lines')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: announced!.replace(/^Tu nuevo número es /, '') }) });
    await expect(row).toContainText('Libre 80 GB');
    // its SIM waits for its holder to activate it (the captive host's /activacionpost)
    await expect(row).toContainText('Por activar');
    await page.goto('/miandes/mi-cuenta');
    await ready(page);
    await expect(page.getByLabel('Línea').locator(`option[value="${newLine}"]`)).toHaveCount(1);
    await page.getByLabel('Línea').selectOption(newLine);
    await page.getByRole('button', { name: 'Cambiar de línea' }).click();
    await expect(page.getByTestId('current-line')).toContainText(announced!.replace(/^Tu nuevo número es /, ''));

    const events = await recordedEvents(page);
    // SPEC §2 steps of this journey: 2.1 identity validation, 3 shipping, 4 payment, 5 new line with plan, 6 purchase
    const steps = [...new Set(events.map((e) => e.checkout_step).filter((n): n is number => typeof n === 'number' && n > 0))].sort((a, b) => a - b);
    expect(steps.filter((n) => n !== 3.1 && n !== 3.2)).toEqual([2.1, 3, 4, 5, 6]);
    const labels = { journey_kind: 'onlySimActivtion', delivery_flow: 'LLAA - LN', selected_option: 'newLine', flow_tag: 'flow-llaa-new-line' };
    expect(events.find((e) => e.event === 'checkout_step' && e.checkout_step === 5)).toMatchObject(labels);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'identity_validation', checkout_step: 2.1, outcome: 'passed' }),
        expect.objectContaining({ event: 'credit_check', purpose: 'additionalLine', outcome: 'approved' }),
        expect.objectContaining({
          event: 'add_to_cart',
          ecommerce: expect.objectContaining({ items: [expect.objectContaining({ item_id: 'PO_PLAN_LIBRE_80' })] }),
        }),
        expect.objectContaining({ event: 'purchase', checkout_step: 6 }),
      ]),
    );
  });

  test('a customer renews a phone: the renewal plan catalogue, the renewal list with the chosen plan, the line renewed (a Blue phone before month 12 cannot), the renewal price and labels in the cart, the line on the checkout and the order', async ({
    page,
    facts: site,
  }) => {
    const me = customer[site.site];
    await recordDataLayer(page);
    // renewing is for customers: a visitor coming from the renewal list is asked to sign in
    await page.goto(`/personas/producto/Equipos/${RENEWAL_PHONE}?flujo=renovacion`);
    await expect(page.getByTestId('renewal-sign-in')).toContainText('inicia sesión para ver tu precio de renovación');

    await signIn(page, '/personas/catalogo/postpago/renovacion', me.login, me.secret);
    await emptyCart(page);
    await page.getByRole('button', { name: 'Contratar: Plan Libre 80 GB' }).click();
    await expect(page).toHaveURL(/\/personas\/catalogo\/renovacion$/);
    await expect(page.getByTestId('renewal-plan')).toContainText('Plan elegido para tu renovación: Plan Libre 80 GB');
    await page.getByRole('checkbox', { name: 'Samsung', exact: true }).check();
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByTestId('product-card').filter({ hasText: 'Galaxy S24 Ultra' }).getByRole('link').click();

    await expect(page).toHaveURL(new RegExp(`/personas/producto/Equipos/${RENEWAL_PHONE}\\?flujo=renovacion$`));
    await ready(page);
    // the page opens on the product's default sku: its renewal cash price is shown, the normal price named
    const { defaultSkuId } = (await (await page.request.get(`/restpp/catalogue/product/${RENEWAL_PHONE}`)).json()).product as { defaultSkuId: string };
    const prices = (await (await page.request.get(`/restpp/equipments/prices/${RENEWAL_PHONE}`)).json()).prices as Array<{
      skuId: string;
      priceContadoRN: number;
      prices: { price: { formatted: string } };
      renewalPrices: { price: { formatted: string } };
    }>;
    const sku = prices.find((p) => p.skuId === defaultSkuId)!;
    await expect(page.locator('.price-main').first()).toContainText(sku.renewalPrices.price.formatted);
    await expect(page.getByTestId('renewal-price')).toContainText(`Precio normal: ${sku.prices.price.formatted}`);
    await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link')).toHaveText('Renueva tu equipo');
    await page.getByRole('radio', { name: 'Solo Equipo' }).check();
    // the line renewed: the customer's Blue phone bought 4 months ago cannot renew before month 12, and the page says why
    const lines = page.getByRole('group', { name: 'Línea cuyo equipo renuevas' });
    const blueLine = lines.getByRole('radio', { name: new RegExp(`^Línea ${me.shownBlueLine}`) });
    await expect(blueLine).toBeDisabled();
    await expect(blueLine).toHaveAccessibleDescription(
      new RegExp(`^El equipo de la línea ${me.shownBlueLine} es Andes Blue: podrás renovarlo desde el mes 12, el \\d{2} de \\w+ de \\d{4}\\.$`),
    );
    const myLine = lines.getByRole('radio', { name: new RegExp(`^Línea ${me.shownPhone}`) });
    await expect(myLine).toBeEnabled();
    // the add-a-line journey above gives this customer another line with a plan, which may renew too: the line is named
    await myLine.check();
    await expect(myLine).toBeChecked();
    // one renewed phone: the stepper stays at 1
    await expect(page.getByRole('button', { name: 'Agregar uno' })).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Añadir al carro' }).click();
    await page.waitForURL('**/carrito-compra');

    const cart = await page.evaluate(async () => (await fetch('/restpp/order/shoppingCart')).json());
    expect(cart.items).toEqual([expect.objectContaining({ id: sku.skuId, renewal: true, price: sku.priceContadoRN, quantity: 1, planPhoneNumber: me.phone })]);
    const forLine = `Renovación para la línea ${me.shownPhone}`;
    await expect(page.getByTestId('cart-line').getByTestId('renewal-for')).toHaveText(forLine);
    const events = await recordedEvents(page);
    const labels = { journey_kind: 'onlyEquipment', delivery_flow: 'Contado - Reno', selected_option: 'renovacion', flow_tag: 'flow-renovation' };
    expect(events.filter((e) => e.event === 'sale_option').at(-1)).toMatchObject(labels);
    expect(events.find((e) => e.event === 'add_to_cart')).toMatchObject({
      ...labels,
      ecommerce: { items: [expect.objectContaining({ item_id: sku.skuId, quantity: 1 })] },
    });

    // the checkout's summary and the order keep the line renewed
    await page.goto('/checkout/flujo-compra');
    await ready(page);
    await expect(page.getByRole('heading', { name: 'Continúa tu compra', level: 1 })).toBeVisible();
    await expect(page.getByTestId('renewal-for')).toHaveText(forLine);
    await page.getByRole('button', { name: 'Continuar' }).click();
    // the order is made; the next step is delivery, or payment when the cart kept an earlier journey's delivery
    await expect(page).toHaveURL(/\/personas\/flujo-compra\/(datos-despacho|detalle-pago)$/);
    const { order } = await (await page.request.get('/restpp/order')).json();
    expect(order.lines).toEqual([expect.objectContaining({ id: sku.skuId, renewal: true, planPhoneNumber: me.phone })]);
    await page.goto(`/checkout/confirmacion-orden?order=${encodeURIComponent(order.number)}`);
    await expect(page.getByRole('heading', { name: 'Estado de tu orden', level: 1 })).toBeVisible();
    await expect(page.getByTestId('renewal-for')).toHaveText(forLine);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a customer whose only line is cut for an overdue bill sees why it cannot renew, and no add button the server would refuse', async ({
    page,
    facts: site,
  }) => {
    // README: Valentina (Chile) and Andrea (Peru) keep a line cut for debt; viewing the page changes nothing
    const cut =
      site.site === 'cl'
        ? { login: '20961605K', secret: '5678', shown: '9 7654 3210', bill: 'boleta' }
        : { login: '934512765', secret: '975310', shown: '934 512 765', bill: 'recibo de servicios' };
    await signIn(page, `/personas/producto/Equipos/${RENEWAL_PHONE}?flujo=renovacion`, cut.login, cut.secret);
    await ready(page);
    await page.getByRole('radio', { name: 'Solo Equipo' }).check();
    const line = page.getByRole('group', { name: 'Línea cuyo equipo renuevas' }).getByRole('radio', { name: new RegExp(`^Línea ${cut.shown}`) });
    await expect(line).toBeDisabled();
    await expect(line).toHaveAccessibleDescription(`La línea ${cut.shown} está suspendida por deuda: paga tu ${cut.bill} para renovar su equipo.`);
    await expect(page.getByTestId('renewal-none')).toHaveText('Ninguna de tus líneas puede renovar su equipo ahora.');
    await expect(page.getByRole('button', { name: 'Añadir al carro' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a customer with a Libre and a Controlado line renews either: both listed with their plan, none chosen for them, the add waits for a choice', async ({
    page,
    facts: site,
  }) => {
    // README: the demo customer keeps a postpaid (Libre) and a Controlado line; this journey only reads the page
    const lines =
      site.site === 'cl'
        ? { libre: '9 1234 5678', librePlan: 'Libre 80 GB', controlado: '9 9887 7665' }
        : { libre: '987 654 321', librePlan: 'Libre 40 GB', controlado: '943 215 678' };
    await signIn(page, `/personas/producto/Equipos/${RENEWAL_PHONE}?flujo=renovacion`, site.customer.login, site.customer.secret);
    await ready(page);
    await page.getByRole('radio', { name: 'Solo Equipo' }).check();
    const group = page.getByRole('group', { name: 'Línea cuyo equipo renuevas' });
    const libre = group.getByRole('radio', { name: `Línea ${lines.libre} · ${lines.librePlan}` });
    const controlado = group.getByRole('radio', { name: `Línea ${lines.controlado} · Controlado 25 GB` });
    await expect(libre).toBeEnabled();
    await expect(controlado).toBeEnabled();
    // two lines may renew: the customer names one before the add
    await expect(libre).not.toBeChecked();
    await expect(controlado).not.toBeChecked();
    const add = page.getByRole('button', { name: 'Añadir al carro' });
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription('Elige la línea para añadir el equipo al carro.');
    await controlado.check();
    await expect(controlado).toBeChecked();
    await expect(add).toBeEnabled();
    expect(await axeViolations(page)).toEqual([]);
  });
});
