import type { Page } from '@playwright/test';
import { axeViolations, expect, ready, recordDataLayer, recordedEvents, test } from './fixtures.ts';

const BLUE_PHONE = 'PO_EQ_SAMSUNG_GALAXY_S24_ULTRA';
const OTHER_PHONE = 'PO_EQ_SAMSUNG_GALAXY_S24_FE';
const CAMPAIGN = 'CMP_BLUE_RENOVACION';
const BLUE_PAGE = `/personas/producto/Equipos/${BLUE_PHONE}?campaignID=${CAMPAIGN}`;
const PICKER = `/personas/productoV1/equiposPeru?campaignID=${CAMPAIGN}`;
const bill = { cl: 'boleta', pe: 'recibo de servicios' } as const;

async function noAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Signs in through the login page, coming back to `path`. */
async function signIn(page: Page, path: string, login: string, secret: string) {
  await page.goto(`/inicio-sesion?successurl=${encodeURIComponent(path)}`);
  await ready(page);
  await page.locator('#field-username').pressSequentially(login);
  await page.locator('#field-password').fill(secret);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(new RegExp(`${BLUE_PHONE}\\?campaignID=${CAMPAIGN}$`));
  await ready(page);
}

/** One plan per cart: a plan another journey left in the demo customer's cart is taken out first. */
async function removePlanLines(page: Page) {
  await page.evaluate(async () => {
    const token = (document.getElementById('f__key__') as HTMLInputElement).value;
    const cart = await (await fetch(`/restpp/order/shoppingCart?f__key__=${encodeURIComponent(token)}`)).json();
    for (const item of cart.items as Array<{ id: string; type: string }>) {
      if (item.type === 'plan') await fetch(`/restpp/order/${encodeURIComponent(item.id)}?f__key__=${encodeURIComponent(token)}`, { method: 'DELETE' });
    }
  });
}

/**
 * Customers whose sandbox credit answer approves (docs/sandbox.md: the last digit of the document;
 * Peru's postpaid demo DNI ends in 2, the bureau outage): Chile's postpaid demo and Peru's prepaid demo.
 */
const FINANCED = {
  cl: { login: '123456785', secret: '1234', document: '12.345.678-5', lastTwo: '78', firstTwo: '12' },
  pe: { login: '912345678', secret: '654321', document: '70123456', lastTwo: '56', firstTwo: '70' },
} as const;

test.describe('a phone with a plan', () => {
  test('a signed-in customer buys a Blue phone with installments, plan and insurance, the cart shows them, and identity and financing come before delivery', async ({
    page,
    facts,
  }) => {
    const buyer = FINANCED[facts.site];
    await recordDataLayer(page);
    await signIn(page, BLUE_PAGE, buyer.login, buyer.secret);
    await removePlanLines(page);
    const sequence = page.getByTestId('sale-sequence');

    await page.getByRole('radio', { name: 'Equipo + plan' }).check();
    await expect(page.getByRole('heading', { name: 'Configura tus cuotas' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Andes Blue, Programa de Renovación Anticipada' })).toBeVisible();
    await expect(page.getByText('Renueva tu equipo al mes 12')).toBeVisible();
    await page.getByRole('button', { name: 'Beneficio siguiente' }).click();
    await expect(page.getByText('Seguro de protección incluido')).toBeVisible();
    await page.getByRole('button', { name: 'Beneficio siguiente' }).click();
    await expect(page.getByText('Pagas desde el mes siguiente')).toBeVisible();
    const next = sequence.getByRole('button', { name: 'Continuar' });
    await expect(next).toBeDisabled();
    await expect(page.getByText('Elige el número de cuotas para continuar.')).toBeVisible();
    await noAxeViolations(page);
    await page.getByRole('radio', { name: /^12 cuotas desde/ }).check();
    await next.click();

    await expect(page.getByRole('heading', { name: 'Selecciona el plan Blue que más te acomode' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Libres' })).toHaveCount(0);
    await expect(next).toBeDisabled();
    await page.getByRole('button', { name: /^Elegir Plan Andes Blue 120 GB/ }).click();
    await expect(page.getByText(/Pie .* y 12 cuotas de/).first()).toBeVisible();
    await noAxeViolations(page);
    await next.click();

    await expect(page.getByRole('heading', { name: 'Ahora puedes configurar tu nuevo plan' })).toBeFocused();
    await page.getByRole('checkbox', { name: `Recibir mi ${bill[facts.site]} por SMS` }).check();
    // the mobile number defaults to the customer's line
    await expect(page.getByLabel('Número de celular')).toHaveValue(/^9\d{8}$/);
    await noAxeViolations(page);
    await sequence.getByRole('button', { name: 'Continuar' }).click();

    await expect(page.getByRole('heading', { name: 'Selecciona el seguro que más te acomode' })).toBeFocused();
    // the heading names the insurances' group: its words are not said twice in a row
    await expect(page.getByRole('group', { name: 'Selecciona el seguro que más te acomode' })).toBeVisible();
    await expect(page.getByText('Selecciona el seguro que más te acomode')).toHaveCount(1);
    await page.getByRole('checkbox', { name: /Seguro Protección Total/ }).check();
    await expect(page.getByRole('checkbox', { name: /Seguro Robo/ })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Equipo seleccionado' })).toBeVisible();
    const add = page.getByRole('button', { name: 'Agregar equipo y plan al carro' });
    await expect(add).toBeDisabled();
    await page.getByRole('button', { name: 'Pausar carrusel' }).click();
    await expect(page.getByRole('button', { name: 'Reanudar carrusel' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('checkbox', { name: 'Acepto las condiciones comerciales' }).check();
    await noAxeViolations(page);
    await add.click();
    await expect(page.getByRole('status').filter({ hasText: 'Tu equipo y tu plan están en el carro' })).toBeVisible();
    const shownAt = Date.now();
    await page.waitForURL('**/carrito-compra');
    // the sequence continues to the cart after 2 seconds (the status was seen shortly after adding)
    expect(Date.now() - shownAt).toBeGreaterThan(1200);

    const lines = page.getByTestId('cart-line');
    await expect(lines.filter({ hasText: 'Andes Blue 120 GB' })).toHaveCount(1);
    await expect(lines.filter({ hasText: 'Galaxy S24 Ultra' })).toContainText('Seguro Protección Total');
    const nextMonth = page.locator('dt', { hasText: 'A pagar el próximo mes' }).locator('xpath=following-sibling::dd[1]');
    await expect(nextMonth).toHaveText(/[1-9]/);
    const cart = await page.evaluate(async () => (await fetch('/restpp/order/shoppingCart')).json());
    const planLine = cart.items.find((i: { type: string }) => i.type === 'plan');
    const phoneLine = cart.items.find((i: { id: string }) => i.id.startsWith(`sku_${BLUE_PHONE}`));
    expect(planLine).toMatchObject({ id: 'PO_PLAN_BLUE_120', campaignID: CAMPAIGN, billing_msisdn: expect.stringMatching(/^9\d{8}$/) });
    expect(phoneLine.insurances.map((i: { id: string }) => i.id)).toEqual(['INS_PROTECCION_TOTAL']);
    // next month: the plan and the insurance (and whatever else the customer's cart holds)
    expect(cart.nextMonthPrice).toBeGreaterThanOrEqual(planLine.monthlyPrice + phoneLine.insurances[0].monthlyValue);

    const events = await recordedEvents(page);
    const steps = events.filter((e) => e.event === 'sale_step').map((e) => e.sale_step);
    expect(steps).toEqual(['installments', 'plan', 'billing', 'insurance']);
    expect(events.find((e) => e.event === 'sale_step')).toMatchObject({
      journey_kind: 'equipmentWithSimActivtion',
      delivery_flow: 'LLAA - LN',
      selected_option: 'newLine',
      flow_tag: 'flow-llaa-new-line',
      site: facts.site,
    });
    expect(events.find((e) => e.event === 'checkout_step' && e.checkout_step === 5)).toMatchObject({ flow_tag: 'flow-llaa-new-line' });
    const added = events.find((e) => e.event === 'add_to_cart' && (e.ecommerce as { items?: unknown[] } | undefined)?.items?.length === 2) as
      { ecommerce: { items: Array<{ item_id: string }> } } | undefined;
    // a signed-in customer's journey is a transaction (SPEC §4)
    expect(added).toMatchObject({ journey_type: 'transaccion' });
    expect(added?.ecommerce.items.map((i) => i.item_id)).toEqual([expect.stringMatching(new RegExp(`^sku_${BLUE_PHONE}_`)), 'PO_PLAN_BLUE_120']);

    // paying a financed phone: the identity questions (2.1), then the financing credit check, then delivery
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    await expect(page).toHaveURL(/\/personas\/planesV2\/validacion-identidad$/);
    await ready(page);
    const bar = page.getByRole('navigation', { name: 'Pasos de tu solicitud' });
    await expect(bar.getByRole('listitem')).toHaveText(['Validación de Identidad', 'Financiamiento']);
    const document = page.getByLabel(facts.site === 'cl' ? 'Tu RUT' : 'Tu DNI');
    await expect(document).toHaveValue(buyer.document);
    await page.getByRole('button', { name: 'Comenzar' }).click();
    await page
      .getByRole('group', { name: /dos últimos dígitos/ })
      .getByLabel(buyer.lastTwo, { exact: true })
      .check();
    await page
      .getByRole('group', { name: /dos primeros dígitos/ })
      .getByLabel(buyer.firstTwo, { exact: true })
      .check();
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/personas\/planesV2\/equipo-financiamiento$/);
    await ready(page);
    await expect(bar.locator('[aria-current="step"]')).toHaveText('Financiamiento');
    await expect(bar.getByRole('listitem').first()).toContainText('(completado)');
    await noAxeViolations(page);
    await expect(page.getByLabel(facts.site === 'cl' ? 'Tu RUT' : 'Tu DNI')).toHaveValue(buyer.document);
    await page.getByRole('button', { name: 'Evaluar' }).click();
    await expect(page).toHaveURL(/\/personas\/flujo-compra\/datos-despacho$/);
    await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
    const after = await recordedEvents(page);
    expect(after).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'identity_validation', outcome: 'passed' }),
        expect.objectContaining({ event: 'credit_check', purpose: 'financing', outcome: 'approved' }),
      ]),
    );
  });

  test('a visitor chooses to bring the number with a phone: portability plans and labels, and a portability plan line in the cart', async ({ page, facts }) => {
    await recordDataLayer(page);
    await page.goto(`/personas/producto/Equipos/${OTHER_PHONE}`);
    await ready(page);
    await page.getByRole('radio', { name: 'Equipo + plan' }).check();
    await page.getByRole('radio', { name: 'Quiero traer mi número de otra compañía' }).check();
    // the portability plans replace the list (and its page) when they arrive: page through those
    await expect(page.getByText(/de descuento por \d+ meses en portabilidad/).first()).toBeVisible();
    // a brought number needs voice: the BAM plan is not offered
    await page.getByRole('button', { name: /^Elegir Plan Libre 30 GB/ }).click();
    await page.getByRole('button', { name: 'Otros planes' }).click();
    await expect(page.getByRole('button', { name: /^Elegir Plan Libre Ilimitado/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Elegir Plan BAM/ })).toHaveCount(0);
    const sequence = page.getByTestId('sale-sequence');
    await sequence.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('checkbox', { name: `Recibir mi ${bill[facts.site]} por SMS` }).check();
    await page.getByRole('textbox', { name: 'Número de celular' }).fill('912345679');
    await sequence.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Agregar equipo y plan al carro' }).click();
    await page.waitForURL('**/carrito-compra');
    const cart = await page.evaluate(async () => (await fetch('/restpp/order/shoppingCart')).json());
    expect(cart.items.find((i: { type: string }) => i.type === 'plan')).toMatchObject({ id: 'PO_PLAN_LIBRE_30', isPortability: true });
    const events = await recordedEvents(page);
    const labels = {
      journey_kind: 'equipmentWithPortability',
      delivery_flow: 'Contado - Porta',
      selected_option: 'portability',
      flow_tag: 'flow-pack-portability',
    };
    expect(events.filter((e) => e.event === 'sale_option').at(-1)).toMatchObject(labels);
    expect(events.find((e) => e.event === 'checkout_step' && e.checkout_step === 5)).toMatchObject(labels);
  });

  test('a visitor goes through the plan steps of another phone, back and cancel reset the sequence', async ({ page }) => {
    await recordDataLayer(page);
    await page.goto(`/personas/producto/Equipos/${OTHER_PHONE}`);
    await ready(page);
    const withPlan = page.getByRole('radio', { name: 'Equipo + plan' });
    await withPlan.check();
    await expect(page.getByRole('heading', { name: 'Selecciona el plan que más te acomode' })).toBeFocused();
    await expect(page.getByText('Paso 1 de 3: Plan')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Blue' })).toHaveCount(0);
    await page.getByRole('button', { name: /^Elegir Plan Libre 30 GB/ }).click();
    await page.getByTestId('sale-sequence').getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Ahora puedes configurar tu nuevo plan' })).toBeVisible();
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page.getByText('Paso 1 de 3: Plan')).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByTestId('sale-sequence')).toHaveCount(0);
    await expect(withPlan).not.toBeChecked();
    await expect(page.getByRole('radio', { name: 'Solo Equipo' })).not.toBeChecked();
    // choosing again starts from the first step
    await withPlan.check();
    await expect(page.getByText('Paso 1 de 3: Plan')).toBeVisible();
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page.getByTestId('sale-sequence')).toHaveCount(0);
    const events = await recordedEvents(page);
    expect(events.filter((e) => e.event === 'sale_cancel')).toHaveLength(1);
    expect(events.find((e) => e.event === 'sale_step')).toMatchObject({
      delivery_flow: 'Contado - LN',
      flow_tag: 'flow-pack-new-line',
      sale_step: 'plan',
      sale_step_index: 0,
    });
  });

  test("'Equipo + plan' is fetched when the customer reaches for it, not with the page; a failed fetch is told and tried again", async ({ page }) => {
    const SEQUENCE_SCRIPT = /\/assets\/phone-plan-sequence-[\w-]+\.js$/;
    // the sequence's own stylesheet: it is fetched with the script, and the connection may drop on it alone
    const SEQUENCE_STYLES = /\/assets\/plans-[\w-]+\.css$/;
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (SEQUENCE_SCRIPT.test(new URL(r.url()).pathname)) fetched.push(r.url());
    });
    await page.route(SEQUENCE_STYLES, (route) => route.abort('internetdisconnected'));
    await page.goto(`/personas/producto/Equipos/${OTHER_PHONE}`);
    await ready(page);
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    const withPlan = page.getByRole('radio', { name: 'Equipo + plan' });
    await withPlan.check();
    await expect(page.getByRole('alert')).toContainText('No pudimos cargar los planes. Revisa tu conexión e inténtalo de nuevo.');
    expect(fetched.length).toBeGreaterThan(0);
    await page.unroute(SEQUENCE_STYLES);
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByText('Paso 1 de 3: Plan')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Selecciona el plan que más te acomode' })).toBeFocused();
    // the import links its own stylesheet, not the page's a second time (dynamic-import-css.ts)
    const sheets = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((l) => new URL(l.href).pathname));
    expect(sheets.some((s) => SEQUENCE_STYLES.test(s))).toBe(true);
    expect(sheets).toEqual([...new Set(sheets)]);
    // closing the sequence says so and gives focus back to the option it came from
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cancelaste la compra con plan. Elige nuevamente una opción.' })).toBeVisible();
    await expect(withPlan).toBeFocused();
  });

  test("a customer who moves on while 'Equipo + plan' is fetched keeps their place", async ({ page }) => {
    await page.route(/\/assets\/phone-plan-sequence-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`/personas/producto/Equipos/${OTHER_PHONE}`);
    await ready(page);
    await page.getByRole('radio', { name: 'Equipo + plan' }).check();
    await expect(page.getByRole('status').filter({ hasText: 'Cargando…' })).toBeVisible();
    const elsewhere = page.getByRole('link').last();
    await elsewhere.focus();
    await expect(page.getByText('Paso 1 de 3: Plan')).toBeVisible();
    await expect(elsewhere).toBeFocused();
  });

  test('a visitor adds a phone with a plan without campaign and sees both in the cart', async ({ page, facts }) => {
    await page.goto(`/personas/producto/Equipos/${OTHER_PHONE}`);
    await ready(page);
    await page.getByRole('radio', { name: 'Equipo + plan' }).check();
    await page.getByRole('button', { name: /^Elegir Plan Libre 80 GB/ }).click();
    const sequence = page.getByTestId('sale-sequence');
    await sequence.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('checkbox', { name: `Recibir mi ${bill[facts.site]} por correo electrónico` }).check();
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('ana@example.com');
    await sequence.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Selecciona el seguro que más te acomode' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Equipo seleccionado' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Agregar equipo y plan al carro' }).click();
    await page.waitForURL('**/carrito-compra');
    const lines = page.getByTestId('cart-line');
    await expect(lines.filter({ hasText: 'Libre 80 GB' })).toHaveCount(1);
    await expect(lines.filter({ hasText: 'Galaxy S24 FE' })).toHaveCount(1);
  });

  test('the campaign carousel advances every 7 seconds until paused', async ({ page, facts }) => {
    await page.clock.install();
    await page.goto(BLUE_PAGE);
    await ready(page);
    // page timers stand still from here; runFor moves them
    await page.clock.pauseAt(new Date(Date.now() + 5_000));
    await page.getByRole('radio', { name: 'Equipo + plan' }).check();
    await page.getByRole('radio', { name: /^18 cuotas desde/ }).check();
    const sequence = page.getByTestId('sale-sequence');
    await sequence.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: /^Elegir Plan Andes Blue 50 GB/ }).click();
    await sequence.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('checkbox', { name: `Recibir mi ${bill[facts.site]} por SMS` }).check();
    await page.getByRole('textbox', { name: 'Número de celular' }).fill('912345678');
    await sequence.getByRole('button', { name: 'Continuar' }).click();
    const carousel = page.getByTestId('campaign-carousel');
    const current = carousel.locator('[aria-roledescription="diapositiva"]:not([hidden])');
    // it opens at the customer's phone
    await expect(current).toContainText('Galaxy S24 Ultra');
    await expect(current).toContainText('Tu equipo');
    const first = await current.getAttribute('aria-label');
    await page.clock.runFor(6_900);
    await expect(current).toHaveAttribute('aria-label', first!);
    await page.clock.runFor(200);
    await expect(current).not.toHaveAttribute('aria-label', first!);
    await page.getByRole('button', { name: 'Pausar carrusel' }).click();
    const paused = await current.getAttribute('aria-label');
    await page.clock.runFor(15_000);
    await expect(current).toHaveAttribute('aria-label', paused!);
  });

  test("Peru's equipment picker continues to the chosen equipment after 3 seconds", async ({ page, facts }) => {
    const res = await page.goto(PICKER);
    if (facts.site === 'cl') {
      expect(res?.status()).toBe(404);
      return;
    }
    await ready(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Elige un equipo asociado al plan seleccionado' })).toBeVisible();
    await expect(page.getByText('Plan seleccionado: Andes Blue 120 GB')).toBeVisible();
    const next = page.getByRole('button', { name: 'Continuar' });
    await expect(next).toBeDisabled();
    await page.getByRole('radio', { name: /Galaxy S24 Ultra/ }).check();
    await expect(next).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Acepto las condiciones comerciales' }).check();
    await noAxeViolations(page);
    await next.click();
    await expect(page.getByRole('status').filter({ hasText: 'Te llevamos al detalle del equipo' })).toBeVisible();
    const shownAt = Date.now();
    await page.waitForURL(`**/personas/productoV1/equiposDetailsPeru/${BLUE_PHONE}?campaignID=${CAMPAIGN}`);
    expect(Date.now() - shownAt).toBeGreaterThan(2200);
    await expect(page.getByRole('heading', { level: 1, name: /Galaxy S24 Ultra/ })).toBeVisible();
  });
});
