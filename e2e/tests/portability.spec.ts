import type { Page } from '@playwright/test';
import { getMarket } from '@andes/domain/market';
import { isoDayInZone } from '@andes/domain/account-bills';
import { formatCalendarDay, formatDateInZone } from '@andes/domain/dates';
import { portWindowAfter } from '@andes/domain/delivery-promise';
import { axeViolations, dataLayer, expect, ready, recordDataLayer, recordedEvents, test, sentCode } from './fixtures.ts';

const PLAN = 'PO_PLAN_LIBRE_30';
/**
 * The plan with a 50% promotion for 6 months for port-in lines (seed): its card, cart, payment and
 * success pages say one monthly price, halved in minor units ($12.495, S/ 29.95), and the chip apart.
 */
const PROMOTED = {
  id: 'PO_PLAN_LIBRE_40_V2',
  name: 'Plan Libre 40 GB',
  cl: { promo: '$12.495', list: '$24.990', sim: '$2.990' },
  pe: { promo: 'S/ 29.95', list: 'S/ 59.90', sim: 'S/ 10' },
} as const;
/** The labelled amounts of a promoted port-in line (line-amounts.ts). */
const promotedAmounts = (prices: { promo: string; list: string; sim: string }) => [
  `Chip (SIM), pago único hoy: ${prices.sim}`,
  `Plan: 50% dcto. por 6 meses: ${prices.promo}/mes, luego ${prices.list}/mes`,
];

/** What a purchase summary says is paid next month ("A pagar el próximo mes"). */
const nextMonth = (page: Page) => page.locator('dt:has-text("A pagar el próximo mes") + dd');

const people = {
  cl: {
    typed: '760864285',
    document: /^RUT/,
    company: 'WOM',
    modality: null,
    rejected: '111111111',
    outage: '222222222',
    lastTwo: '28',
    firstTwo: '76',
    catalogue: '/personas/catalogo/postpago',
    buyer: '9068826K',
    store: /Tienda Providencia/,
    region: 'Metropolitana de Santiago',
    province: null,
    commune: 'Providencia',
  },
  pe: {
    typed: '12345678',
    document: /^DNI/,
    company: 'Bitel',
    modality: 'Prepago',
    rejected: '12345671',
    outage: '12345672',
    lastTwo: '78',
    firstTwo: '12',
    catalogue: '/catalogo/postpago',
    buyer: '40112299',
    store: /Tienda Miraflores/,
    region: 'Lima',
    province: 'Lima',
    commune: 'Miraflores',
  },
} as const;

/** Calls our API from the page with its token, as the plan selector does. */
async function api(page: Page, method: string, url: string, body: unknown): Promise<number> {
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

/** A visitor whose cart has a plan line that brings a number (what the plan selector adds). */
async function withPortabilityLine(page: Page, plan: string = PLAN) {
  await page.goto('/carrito-compra');
  await ready(page);
  expect(await api(page, 'POST', '/restpp/order/add', [{ type: 'plan', id: plan, quantity: 1, isPortability: true }])).toBe(200);
}

async function enterDataToPort(page: Page, site: 'cl' | 'pe', phone: string) {
  const p = people[site];
  await page.goto('/personas/planesV2/compania-origenV2');
  await ready(page);
  await expect(page.getByRole('heading', { name: 'Trae tu número a Andes' })).toBeVisible();
  await page.getByLabel('Número a portar').fill(phone);
  await page.getByLabel(p.document).pressSequentially(p.typed);
  await page.getByLabel('Compañía de origen').selectOption({ label: p.company });
  if (p.modality) await page.getByLabel('Tipo de línea actual').selectOption({ label: p.modality });
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('heading', { name: 'Ingresa el código de seguridad' })).toBeVisible();
  await ready(page);
}

async function submitCode(page: Page, code: string) {
  await page.getByLabel('Código de seguridad').fill(code);
  await page.getByRole('button', { name: 'Validar código' }).click();
}

test('a visitor brings a number from the plan catalogue: company of origin, code from the SMS outbox, identity (2.1), payment, and the port in progress', async ({
  page,
  facts,
}) => {
  const phone = '912340011';
  const p = people[facts.site];
  await recordDataLayer(page);
  const prices = PROMOTED[facts.site];
  await page.goto(p.catalogue);
  await ready(page);
  // the catalogue sells new numbers: the card's price is the list price, the promotion said with the lines it is for
  const card = page.locator('article', { has: page.getByRole('heading', { name: PROMOTED.name }) });
  await expect(card.locator('.plan-price')).toHaveText(`${prices.list} al mes`);
  await expect(card.getByTestId('plan-promotion-for')).toHaveText(`Si traes tu número: 50% dcto. por 6 meses: ${prices.promo}/mes, luego ${prices.list}/mes`);
  // the terms text of SPEC §9, its figures from the catalogue
  const terms = page.getByTestId('sales-terms');
  await expect(terms).toContainText(`Hasta 3 planes con 50% de descuento por ${facts.site === 'cl' ? 'RUT' : 'DNI'}.`);
  await expect(terms).toContainText(facts.site === 'cl' ? 'Planes desde $21.990.' : 'Planes desde S/ 29.90.');
  await expect(terms).toContainText(facts.site === 'cl' ? 'Bolsas desde $500.' : 'Bolsas desde S/ 3.');
  if (facts.site === 'cl') {
    await expect(terms).toContainText('Llamadas a hasta 300 números distintos o 1000 minutos por número al mes.');
    await expect(terms).toContainText('Minuto adicional: $99.');
    await expect(terms).toContainText('SMS adicional: $50 o $99.');
  }
  await expect(terms).toContainText('Recibirás una copia de tu contrato dentro de 5 días hábiles.');
  await expect(terms).toContainText(`El servicio se suspende 5 días después del vencimiento de tu ${facts.site === 'cl' ? 'boleta' : 'recibo de servicios'}.`);
  await page.screenshot({ path: test.info().outputPath(`catalogue-terms-${facts.site}.png`), fullPage: true });
  await page.getByRole('button', { name: 'Contratar: Plan Libre 40 GB' }).click();
  await expect(page.getByRole('heading', { name: 'Tus datos', level: 1 })).toBeVisible();
  await ready(page);
  await page.getByRole('radio', { name: 'Quiero traer mi número de otra compañía' }).check();
  await page.getByLabel('Nombre y apellido').fill('Carla Rojas');
  await page.getByLabel(p.document).pressSequentially(p.buyer);
  await page.getByLabel('Correo electrónico').fill('carla@example.com');
  await page.getByLabel(/^Celular/).fill('912345672');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Ahora puedes configurar tu nuevo plan', level: 1 })).toBeVisible();
  await ready(page);
  await page.getByRole('checkbox', { name: /por SMS$/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Datos a portar: the step bar shows the journey's own steps
  await expect(page).toHaveURL(/\/personas\/planesV2\/compania-origenV2$/);
  await expect(page.getByRole('heading', { name: 'Trae tu número a Andes' })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Pasos de tu solicitud' });
  await expect(bar.getByRole('listitem')).toHaveText(['Datos a portar', 'Validación de Identidad']);
  await expect(bar.locator('[aria-current="step"]')).toHaveText('Datos a portar');
  await ready(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Número a portar').fill(phone);
  await page.getByLabel(p.document).pressSequentially(p.typed);
  await page.getByLabel('Compañía de origen').selectOption({ label: p.company });
  if (p.modality) await page.getByLabel('Tipo de línea actual').selectOption({ label: p.modality });
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('heading', { name: 'Ingresa el código de seguridad' })).toBeVisible();
  await ready(page);
  await expect(page.getByText('terminado en 011')).toBeVisible();
  const code = await sentCode(page, phone);
  await submitCode(page, code === '000000' ? '111111' : '000000');
  await expect(page.getByRole('alert').filter({ hasText: 'El código no es válido o ya venció' })).toBeVisible();
  await submitCode(page, code);
  await expect(page.getByRole('heading', { name: '¡Tu número fue validado!' })).toBeVisible();
  await expect(page).toHaveURL(/\/personas\/planes\/portabilidad\/solicitud\/exito$/);
  await expect(page.getByText(/912 ?340 ?011|9 1234 0011/).first()).toBeVisible();
  await ready(page);
  await page.getByRole('button', { name: 'Continuar con tu solicitud' }).click();

  // 2.1: the holder answers the identity questions before the order is made
  await expect(page).toHaveURL(/\/personas\/planesV2\/validacion-identidad$/);
  await expect(page.getByRole('heading', { name: 'Validación de Identidad', level: 1 })).toBeVisible();
  await expect(bar.locator('[aria-current="step"]')).toHaveText('Validación de Identidad');
  await ready(page);
  await expect(page.getByLabel(facts.site === 'cl' ? 'Tu RUT' : 'Tu DNI')).toHaveValue(facts.site === 'cl' ? '76.086.428-5' : '12345678');
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page
    .getByRole('group', { name: /dos últimos dígitos/ })
    .getByLabel(p.lastTwo, { exact: true })
    .check();
  await page
    .getByRole('group', { name: /dos primeros dígitos/ })
    .getByLabel(p.firstTwo, { exact: true })
    .check();
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByText('Validamos tu identidad.')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // the order exists now: delivery, then payment
  await expect(page).toHaveURL(/\/personas\/planesV2\/datos-despacho$/);
  await expect(page.getByRole('heading', { name: 'Datos de despacho' })).toBeVisible();
  await ready(page);
  await page.getByRole('tab', { name: 'Retiro en tienda' }).click();
  await page.getByLabel(facts.site === 'cl' ? 'Región' : 'Departamento').selectOption({ label: p.region });
  if (p.province) {
    await expect(page.getByLabel('Provincia').locator('option', { hasText: p.province })).toHaveCount(1);
    await page.getByLabel('Provincia').selectOption({ label: p.province });
  }
  const commune = page.getByLabel(facts.site === 'cl' ? 'Comuna' : 'Distrito');
  await expect(commune.locator('option', { hasText: new RegExp(`^${p.commune}$`) })).toHaveCount(1);
  await commune.selectOption({ label: p.commune });
  await page.getByRole('radio', { name: p.store }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Resumen de compra', level: 1 })).toBeVisible();
  // the promotion the card offered is what the first bill charges, and every amount says what it is
  await expect(nextMonth(page)).toHaveText(prices.promo);
  await expect(page.getByTestId('line-amounts').getByRole('listitem')).toHaveText(promotedAmounts(prices));
  await expect(page.getByText(/\(\)/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath(`payment-amounts-${facts.site}.png`), fullPage: true });
  await page.getByRole('button', { name: /^Pagar / }).click();
  await page.waitForURL(/token_ws=/);
  await page.locator('#card').fill('4051885600446623');
  await page.locator('button[name="action"][value="pay"]').click();

  // paid: the line with the brought number is opened and waits for its port, set after the SIM is ready at the store
  await expect(page).toHaveURL(/\/personas\/planesV2\/success\?order=/);
  const ported = page.getByTestId('ported-number');
  await expect(ported).toHaveAttribute('data-status', 'porting');
  await expect(ported).toContainText(/Tu portabilidad está en curso: el número (912 ?340 ?011|9 1234 0011) pasará a Andes/);
  const number = new URL(page.url()).searchParams.get('order')!;
  const { order } = await (await page.request.get(`/restpp/order/status?order=${encodeURIComponent(number)}`)).json();
  const market = getMarket(facts.site);
  await expect(page.getByTestId('delivery-date')).toHaveText(
    `Listo para ${facts.site === 'cl' ? 'retirar' : 'recoger'} desde el ${formatCalendarDay(order.promisedFor, 'long')}`,
  );
  const portAt = portWindowAfter(market, order.promisedFor);
  expect(isoDayInZone(portAt, market.timeZone) > order.promisedFor).toBe(true);
  await expect(ported).toContainText(
    facts.site === 'cl'
      ? `el ${formatDateInZone(portAt, market.timeZone, 'long')} a las 9:00, un día después de que recibas tu SIM.`
      : `en la madrugada del ${formatDateInZone(portAt, market.timeZone, 'long')}, entre las 0:00 y las 3:00, un día después de que recibas tu SIM.`,
  );
  await expect(ported).not.toContainText(/a\. ?m\.|\.\./);
  await expect(nextMonth(page)).toHaveText(prices.promo);
  await expect(page.getByTestId('line-amounts').getByRole('listitem')).toHaveText(promotedAmounts(prices));
  await page.screenshot({ path: test.info().outputPath(`success-amounts-${facts.site}.png`), fullPage: true });
  // the order follow-up says the same
  await page.goto(`/checkout/confirmacion-orden?order=${encodeURIComponent(number)}`);
  await ready(page);
  await expect(page.getByTestId('line-amounts').getByRole('listitem')).toHaveText(promotedAmounts(prices));

  const events = await recordedEvents(page);
  expect(events.filter((e) => e.event === 'portability_step' && e.site === facts.site).map((e) => e.step)).toEqual(['company', 'code_sent', 'code_valid']);
  expect(events.filter((e) => e.event === 'portability_result').map((e) => e.state)).toEqual(['accepted']);
  expect(events).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ event: 'checkout_step', checkout_step: 2.1 }),
      expect.objectContaining({ event: 'identity_validation', outcome: 'passed' }),
    ]),
  );
  expect(events.find((e) => e.event === 'checkout_step' && e.checkout_step === 5)).toMatchObject({
    journey_kind: 'onlyProtability',
    delivery_flow: 'Porta',
    selected_option: 'portability',
    flow_tag: 'flow-plans-portability',
  });
  await expect.poll(async () => (await recordedEvents(page)).some((e) => e.event === 'purchase')).toBe(true);
});

test("the cart says the card's promotional price for next month, and a plan line shows no price change", async ({ page, facts }) => {
  await withPortabilityLine(page, PROMOTED.id);
  await page.reload();
  await ready(page);
  const line = page.getByTestId('cart-line').filter({ hasText: 'Libre 40 GB' });
  await expect(line).toBeVisible();
  await expect(line).not.toContainText('El precio cambió');
  await expect(nextMonth(page)).toHaveText(PROMOTED[facts.site].promo);
  await expect(line.getByTestId('line-amounts').getByRole('listitem')).toHaveText(promotedAmounts(PROMOTED[facts.site]));
  await expect(line).not.toContainText('Precio unitario');
  await page.screenshot({ path: test.info().outputPath(`cart-amounts-${facts.site}.png`), fullPage: true });
});

test('a new-number line pays the list price from the first month: the portability promotion is not its', async ({ page, facts }) => {
  const prices = PROMOTED[facts.site];
  await page.goto('/carrito-compra');
  await ready(page);
  expect(await api(page, 'POST', '/restpp/order/add', [{ type: 'plan', id: PROMOTED.id, quantity: 1 }])).toBe(200);
  await page.reload();
  await ready(page);
  const line = page.getByTestId('cart-line').filter({ hasText: 'Libre 40 GB' });
  await expect(line.getByTestId('line-amounts').getByRole('listitem')).toHaveText([
    `Chip (SIM), pago único hoy: ${prices.sim}`,
    `Plan mensual: ${prices.list}/mes`,
  ]);
  await expect(nextMonth(page)).toHaveText(prices.list);
  await expect(page.getByText(prices.promo)).toHaveCount(0);
  // the plan checkout's summary says the same, with the terms text under it
  await page.goto('/personas/planesV2/carrito-comparV2');
  await ready(page);
  await expect(page.getByTestId('line-amounts').getByRole('listitem')).toHaveText([
    `Chip (SIM), pago único hoy: ${prices.sim}`,
    `Plan mensual: ${prices.list}/mes`,
  ]);
  await expect(page.getByTestId('sales-terms')).toContainText(`Hasta 3 planes con 50% de descuento por ${facts.site === 'cl' ? 'RUT' : 'DNI'}.`);
  await page.screenshot({ path: test.info().outputPath(`plans-cart-${facts.site}.png`), fullPage: true });
});

test('the code page shows a visible wait while the registry answers', async ({ page, facts }) => {
  const phone = '912340016';
  await withPortabilityLine(page);
  await enterDataToPort(page, facts.site, phone);
  await submitCode(page, await sentCode(page, phone));
  const wait = page.getByRole('status').filter({ hasText: 'Estamos validando tu portabilidad' });
  await expect(wait).toBeVisible();
  await expect(wait).toContainText('150 segundos');
  await expect(page.getByRole('button', { name: 'Validar código' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: '¡Tu número fue validado!' })).toBeVisible();
});

test('a number the registry rejects shows the error page with the reason', async ({ page, facts }) => {
  const phone = '912340018';
  await withPortabilityLine(page);
  await enterDataToPort(page, facts.site, phone);
  await submitCode(page, await sentCode(page, phone));
  await expect(page.getByRole('heading', { name: 'No pudimos portar tu número' })).toBeVisible();
  await expect(page).toHaveURL(/\/personas\/planes\/portabilidad\/error$/);
  await expect(
    page.getByText(facts.site === 'cl' ? 'El documento ingresado no corresponde al titular de la línea.' : 'El DNI ingresado no está vinculado al número.'),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a port under review shows the in-progress state, also later on the status page', async ({ page, facts }) => {
  const phone = '912340019';
  await withPortabilityLine(page);
  await enterDataToPort(page, facts.site, phone);
  await submitCode(page, await sentCode(page, phone));
  await expect(page.getByRole('heading', { name: 'Tu portabilidad está en curso' })).toBeVisible();
  await expect(page).toHaveURL(/\/personas\/planes\/portabilidad\/encurso$/);
  const number = (await page.getByRole('status').filter({ hasText: 'PORT-' }).textContent())!.match(/PORT-[A-Z]{2}-\d{8}/)![0];
  // another visitor (a new session) follows the request by its number and phone
  const other = await page
    .context()
    .browser()!
    .newPage({ baseURL: new URL(page.url()).origin });
  await other.goto('/personas/planes/portabilidad');
  await ready(other);
  expect(await axeViolations(other)).toEqual([]);
  await other.getByLabel('Número de solicitud').fill(number);
  await other.getByLabel('Número a portar').fill(phone);
  await other.getByRole('button', { name: 'Consultar' }).click();
  await expect(other.getByRole('heading', { name: 'Estado de tu portabilidad' })).toBeVisible();
  await expect(other.getByTestId('portability-state')).toHaveText('En curso');
  expect(await axeViolations(other)).toEqual([]);
  await other.close();
});

test('paying a cart whose portability is not validated goes to the company-of-origin page', async ({ page, facts }) => {
  await withPortabilityLine(page);
  const guest = { name: 'Ana Pérez', document: people[facts.site].typed, email: 'ana@example.com', phoneNumber: '912345670' };
  expect(await api(page, 'PUT', '/restpp/order/customer/info', guest)).toBe(200);
  await page.reload();
  await ready(page);
  await page.getByRole('button', { name: 'Ir a pagar' }).click();
  await expect(page.getByRole('heading', { name: 'Trae tu número a Andes' })).toBeVisible();
  await expect(page).toHaveURL(/\/personas\/planesV2\/compania-origenV2$/);
});

test('identity questions pass with the right answers (step 2.1) and a credit rejection shows rejected-credit', async ({ page, facts }) => {
  const p = people[facts.site];
  const yourDocument = facts.site === 'cl' ? 'Tu RUT' : 'Tu DNI';
  await page.goto('/personas/planesV2/validacion-identidad');
  await ready(page);
  await page.getByLabel(yourDocument).pressSequentially(p.typed);
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page
    .getByRole('group', { name: /dos últimos dígitos/ })
    .getByLabel(p.lastTwo, { exact: true })
    .check();
  await page
    .getByRole('group', { name: /dos primeros dígitos/ })
    .getByLabel(p.firstTwo, { exact: true })
    .check();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByText('Validamos tu identidad.')).toBeVisible();
  const layer = await dataLayer(page);
  expect(layer).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ event: 'checkout_step', checkout_step: 2.1 }),
      expect.objectContaining({ event: 'identity_validation', outcome: 'passed', checkout_step: 2.1 }),
    ]),
  );

  await page.goto('/personas/equipos/lineas/solicitud');
  await ready(page);
  await page.getByLabel(yourDocument).pressSequentially(p.rejected);
  await page.getByRole('button', { name: 'Evaluar' }).click();
  await expect(page.getByRole('heading', { name: 'No pudimos aprobar tu solicitud' })).toBeVisible();
  await expect(page).toHaveURL(/\/personas\/equipos\/lineas\/solicitud\/rejected-credit$/);
  expect(await dataLayer(page)).toEqual(
    expect.arrayContaining([expect.objectContaining({ event: 'credit_check', outcome: 'rejected', purpose: 'additionalLine' })]),
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('financing a phone: a bureau outage shows the generic error page', async ({ page, facts }) => {
  await page.goto('/personas/planesV2/equipo-financiamiento');
  await ready(page);
  await expect(page.getByRole('navigation', { name: 'Pasos de tu solicitud' }).locator('[aria-current="step"]')).toHaveText('Financiamiento');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel(facts.site === 'cl' ? 'Tu RUT' : 'Tu DNI').pressSequentially(people[facts.site].outage);
  await page.getByRole('button', { name: 'Evaluar' }).click();
  await expect(page.getByRole('heading', { name: 'No pudimos completar tu solicitud' })).toBeVisible();
  await expect(page).toHaveURL(/\/personas\/equipos\/lineas\/solicitud\/generic-error$/);
  expect(await dataLayer(page)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ event: 'credit_check', outcome: 'error', purpose: 'financing' }),
      expect.objectContaining({ event: 'app_error', error_key: 'pp.error.credit.unavailable' }),
    ]),
  );
});
