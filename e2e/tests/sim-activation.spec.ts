import type { Page } from '@playwright/test';
import { iccidOf } from '@andes/domain/iccid';
import { getMarket } from '@andes/domain/market';
import { formatRut, rutCheckDigit } from '@andes/domain/rut';
import { test, expect, ready, axeViolations, recordDataLayer, recordedEvents, fillSentCode } from './fixtures.ts';

/** A sandbox chip of the market by its small serial (docs/sandbox.md "SIM activation"): 1–60 sold plan chips, 201–205 active. */
const chip = (site: 'cl' | 'pe', n: number) => iccidOf(getMarket(site), String(1_000_000_000_000 + n));

/** The holders of these journeys (this branch's document range) and an address each market's network covers. */
const holders = {
  cl: {
    body: '22145678',
    document: formatRut(`22145678${rutCheckDigit('22145678')}`),
    region: '13',
    province: null,
    commune: '13123',
    street: 'Avenida Providencia',
  },
  pe: { body: '46145678', document: '46145678', region: '15', province: '1501', commune: '150122', street: 'Avenida José Larco' },
} as const;

/** The holders of the prepaid-chip journeys (document range 22.5xx.xxx / 4465xxxx). */
const prepaidHolders = {
  cl: { ...holders.cl, body: '22545678', document: formatRut(`22545678${rutCheckDigit('22545678')}`) },
  pe: { ...holders.pe, body: '44655678', document: '44655678' },
} as const;

const APPROVE = '4051885600446623';

/** The chip, the holder with the identity questions, and a covered address, on the start page. */
type Holder = { body: string; document: string; region: string; province: string | null; commune: string; street: string };

async function startAndIdentify(page: Page, site: 'cl' | 'pe', serial: number, who: Holder = holders[site]) {
  await page.getByLabel('Código del chip (ICCID)').fill(
    chip(site, serial)
      .replace(/(\d{4})/g, '$1 ')
      .trim(),
  );
  await page.getByRole('button', { name: 'Revisar mi chip' }).click();
  await expect(page.getByTestId('chip-ok')).toContainText(`•••• ${chip(site, serial).slice(-4)}`);
  await page.getByLabel(site === 'cl' ? 'RUT' : 'DNI').fill(who.document);
  await page.getByLabel('Nombre y apellido').fill('Valentina Muñoz');
  await page.getByLabel('Correo electrónico').fill(`valentina.${who.body}@example.com`);
  await page.getByLabel('Teléfono de contacto').fill('934610101');
  await page.getByRole('button', { name: 'Validar mi identidad' }).click();
  await page
    .getByRole('group', { name: /dos últimos dígitos/ })
    .getByLabel(who.body.slice(-2), { exact: true })
    .check();
  await page
    .getByRole('group', { name: /dos primeros dígitos/ })
    .getByLabel(who.body.slice(0, 2), { exact: true })
    .check();
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByTestId('identity-ok')).toContainText('Identidad validada');
  await page.locator('#region').selectOption(who.region);
  if (who.province) await page.locator('#province').selectOption(who.province);
  await page.locator('#commune').selectOption(who.commune);
  await page.getByLabel('Calle', { exact: true }).fill(who.street.slice(0, 12));
  await expect(page.locator('datalist option').first()).toBeAttached();
  await page.getByLabel('Calle', { exact: true }).fill(who.street);
  await page.getByLabel('Número', { exact: true }).fill('1234');
  await page.getByRole('button', { name: 'Revisar cobertura' }).click();
  await expect(page.getByTestId('coverage')).toContainText('Tenemos cobertura');
}

test.describe.configure({ mode: 'serial' });
// its own visitor: the identity bureau's rounds are counted per address (10 an hour), and the other
// journeys of the suite open theirs from 127.0.0.1
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.25' } });

test.describe('SIM activation with a new number', () => {
  test('a chip already active is refused with what to do', async ({ page, facts }) => {
    await page.goto('/personas/activacion-chip/numero-nuevo/datos-personales/feasibility');
    await ready(page);
    // SPEC §5 simcode cleaning: a code pasted as printed, in groups with spaces and a dash, keeps its 20 characters
    const printed = chip(facts.site, 201)
      .replace(/(\d{4})(?=\d)/g, '$1 ')
      .replace(' ', '-');
    await page.getByLabel('Código del chip (ICCID)').fill(printed + ' 99');
    await expect(page.getByLabel('Código del chip (ICCID)')).toHaveValue(chip(facts.site, 201));
    await page.getByRole('button', { name: 'Revisar mi chip' }).click();
    await expect(page.getByRole('alert')).toContainText('Ese chip ya está activo en una línea');
    // a typo in the code says how to read it from the card
    await page.getByLabel('Código del chip (ICCID)').fill(chip(facts.site, 2).slice(0, 19) + '0');
    await page.getByRole('button', { name: 'Revisar mi chip' }).click();
    await expect(page.getByRole('alert').first()).toContainText('20 dígitos');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a new-number activation paid by card: the line works on the chip with the number picked', async ({ page, facts }) => {
    await recordDataLayer(page);
    await page.goto('/personas/activacion-chip/numero-nuevo/datos-personales/feasibility');
    await ready(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Activa tu chip con un número nuevo' })).toBeVisible();
    await startAndIdentify(page, facts.site, 10);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('activation-continue').click();
    await expect(page).toHaveURL(/\/numero-nuevo\/activar-plan$/);
    await ready(page);
    await page.getByRole('button', { name: 'Ver números disponibles' }).click();
    const numbers = page.getByTestId('offered-numbers').getByRole('button');
    await expect(numbers).toHaveCount(5);
    await numbers.nth(1).click();
    await expect(page.getByTestId('number-chosen')).toContainText('Tu número será el');
    const picked = ((await numbers.nth(1).textContent()) ?? '').replace(/\D/g, '');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.activation-plans').getByRole('button').first().click();
    await expect(page).toHaveURL(/\/numero-nuevo\/pagar-plan$/);
    await ready(page);
    await expect(page.getByTestId('activation-summary')).toContainText(`•••• ${chip(facts.site, 10).slice(-4)}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
    await page.getByLabel('Número de tarjeta').fill(APPROVE);
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/numero-nuevo\/activacion-exitosa$/);
    await ready(page);
    await expect(page.getByTestId('activation-number')).toContainText('Tu número:');
    expect(((await page.getByTestId('activation-number').textContent()) ?? '').replace(/\D/g, '')).toBe(picked);
    await expect(page.getByTestId('activation-done')).toContainText('Tu línea ya funciona');
    await expect(page.getByTestId('activation-done')).toContainText('Crear mi clave');
    expect(await axeViolations(page)).toEqual([]);
    const events = await recordedEvents(page);
    expect(events.some((e) => e.event === 'purchase' && e.flow === 'sim-activation')).toBe(true);

    // the chip is now a line: another browser is refused
    const other = await page
      .context()
      .browser()!
      .newPage({ baseURL: new URL(page.url()).origin });
    await other.goto('/personas/activacion-chip/numero-nuevo/datos-personales/feasibility');
    await ready(other);
    await other.getByLabel('Código del chip (ICCID)').fill(chip(facts.site, 10));
    await other.getByRole('button', { name: 'Revisar mi chip' }).click();
    await expect(other.getByRole('alert')).toContainText('Ese chip ya está activo');
    await other.close();
  });
});

test.describe('SIM activation of a prepaid chip', () => {
  test('an initial top-up instead of a plan: the amount shown is charged and the line starts prepaid with it', async ({ page, facts }) => {
    await page.goto('/personas/activacion-chip/numero-nuevo/datos-personales/feasibility');
    await ready(page);
    // serial 110: a sold prepaid chip of the sandbox stock (docs/sandbox.md)
    await startAndIdentify(page, facts.site, 110, prepaidHolders[facts.site]);
    await page.getByTestId('activation-continue').click();
    await expect(page).toHaveURL(/\/numero-nuevo\/activar-plan$/);
    await ready(page);
    await page.getByRole('button', { name: 'Ver números disponibles' }).click();
    await page.getByTestId('offered-numbers').getByRole('button').first().click();
    await expect(page.getByTestId('number-chosen')).toContainText('Tu número será el');
    const amounts = page.getByTestId('topup-amounts').getByRole('button');
    const amount = ((await amounts.nth(1).textContent()) ?? '').replace('Recargar ', '');
    expect(await axeViolations(page)).toEqual([]);
    await amounts.nth(1).click();
    await expect(page).toHaveURL(/\/numero-nuevo\/pagar-plan$/);
    await ready(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Paga tu recarga inicial' })).toBeVisible();
    await expect(page.getByTestId('activation-summary')).toContainText('Recarga inicial (prepago)');
    await expect(page.getByTestId('activation-total')).toHaveText(amount);
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
    // the gateway's page charges what the summary showed
    await expect(page.locator('body')).toContainText(amount);
    await page.getByLabel('Número de tarjeta').fill(APPROVE);
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/numero-nuevo\/activacion-exitosa$/);
    await ready(page);
    await expect(page.getByTestId('activation-offer')).toHaveText(`Tu línea es prepago y parte con un saldo de ${amount}.`);
  });
});

test.describe('SIM activation before JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the chip and the personal data steps post to the page and go on without JavaScript', async ({ page, facts }) => {
    const who = { cl: { body: '22556789', document: formatRut(`22556789${rutCheckDigit('22556789')}`) }, pe: { body: '44656789', document: '44656789' } }[
      facts.site
    ];
    await page.goto('/personas/activacion-chip/numero-nuevo/datos-personales/feasibility');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    // a chip already active: the page answers the post with what to do, the code typed kept
    await page.getByLabel('Código del chip (ICCID)').fill(chip(facts.site, 202));
    await page.getByRole('button', { name: 'Revisar mi chip' }).click();
    await expect(page.getByRole('alert')).toContainText('Ese chip ya está activo en una línea');
    await expect(page.getByLabel('Código del chip (ICCID)')).toHaveValue(chip(facts.site, 202));
    await page.getByLabel('Código del chip (ICCID)').fill(chip(facts.site, 12));
    await page.getByRole('button', { name: 'Revisar mi chip' }).click();
    await expect(page.getByTestId('chip-ok')).toContainText(`•••• ${chip(facts.site, 12).slice(-4)}`);
    await page.getByLabel(facts.site === 'cl' ? 'RUT' : 'DNI').fill(who.document);
    await page.getByLabel('Nombre y apellido').fill('Tomás Fuentes');
    await page.getByLabel('Correo electrónico').fill(`tomas.${who.body}@example.com`);
    await page.getByLabel('Teléfono de contacto').fill('934650102');
    await page.getByRole('button', { name: 'Validar mi identidad' }).click();
    await page
      .getByRole('group', { name: /dos últimos dígitos/ })
      .getByLabel(who.body.slice(-2), { exact: true })
      .check();
    await page
      .getByRole('group', { name: /dos primeros dígitos/ })
      .getByLabel(who.body.slice(0, 2), { exact: true })
      .check();
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    await expect(page).toHaveURL(/\/numero-nuevo\/datos-personales\/feasibility$/);
    await expect(page.getByTestId('identity-ok')).toContainText('Identidad validada');
  });
});

/** A phone camera's photo: 4000 × 3000 of noise as a JPEG (several megabytes), put in the file input. */
async function attachPhonePhoto(page: Page, input: string): Promise<number> {
  return page.evaluate(async (selector) => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(4000, 3000);
    for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = (i * 2654435761) % 251;
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.98));
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], 'documento.jpg', { type: 'image/jpeg' }));
    const field = document.querySelector<HTMLInputElement>(selector)!;
    field.files = transfer.files;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return blob.size;
  }, input);
}

const ports = {
  cl: { number: '934610301', company: 'entel', modality: null },
  pe: { number: '934610301', company: 'bitel', modality: 'prepaid' },
} as const;

test.describe('SIM activation bringing a number', () => {
  test('a port activation: document photos from a phone, the code from the outbox, the line porting until the window', async ({ page, facts }) => {
    const who = holders[facts.site];
    const port = ports[facts.site];
    await page.goto('/personas/activacion-chip/portar-plan/datos-personales');
    await ready(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Activa tu chip y trae tu número' })).toBeVisible();
    await page.getByLabel('Código del chip (ICCID)').fill(chip(facts.site, 11));
    await page.getByRole('button', { name: 'Revisar mi chip' }).click();
    await expect(page.getByTestId('chip-ok')).toBeVisible();
    await page.getByLabel(facts.site === 'cl' ? 'RUT' : 'DNI').fill(who.document);
    await page.getByLabel('Nombre y apellido').fill('Valentina Muñoz');
    await page.getByLabel('Correo electrónico').fill(`valentina.${who.body}@example.com`);
    await page.getByLabel('Teléfono de contacto').fill('934610102');
    await page.getByRole('button', { name: 'Validar mi identidad' }).click();
    await page
      .getByRole('group', { name: /dos últimos dígitos/ })
      .getByLabel(who.body.slice(-2), { exact: true })
      .check();
    await page
      .getByRole('group', { name: /dos primeros dígitos/ })
      .getByLabel(who.body.slice(0, 2), { exact: true })
      .check();
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    await page.getByTestId('activation-continue').click();

    await expect(page).toHaveURL(/\/portar-plan\/factibilidad$/);
    await ready(page);
    await page.locator('#region').selectOption(who.region);
    if (who.province) await page.locator('#province').selectOption(who.province);
    await page.locator('#commune').selectOption(who.commune);
    await page.getByLabel('Calle', { exact: true }).fill(who.street);
    await page.getByLabel('Número', { exact: true }).fill('55');
    await page.getByRole('button', { name: 'Revisar cobertura' }).click();
    await expect(page.getByTestId('coverage')).toContainText('Tenemos cobertura');
    await page.getByTestId('activation-continue').click();

    await expect(page).toHaveURL(/\/portar-plan\/datos$/);
    await ready(page);
    await page.getByLabel('Número a portar').fill(port.number);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/portar-plan\/compania-origen\?numero=934610301$/);
    await ready(page);
    await page.getByLabel('Compañía de origen').selectOption(port.company);
    if (port.modality) await page.getByLabel('Tipo de línea actual').selectOption(port.modality);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/portar-plan\/compania$/);
    await ready(page);
    await expect(page.getByTestId('port-summary')).toContainText(facts.site === 'cl' ? 'desde Entel' : 'desde Bitel');
    await page.getByTestId('activation-continue').click();

    await expect(page).toHaveURL(/\/portar-plan\/adjuntar-img$/);
    await ready(page);
    expect(await attachPhonePhoto(page, '#doc-front')).toBeGreaterThan(3 * 1024 * 1024);
    await expect(page.getByTestId('doc-front-status')).toContainText('Foto recibida');
    await attachPhonePhoto(page, '#doc-back');
    await expect(page.getByTestId('doc-back-status')).toContainText('Foto recibida');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('activation-continue').click();

    await expect(page).toHaveURL(/\/portar-plan\/cod-seguridad$/);
    await ready(page);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await fillSentCode(page.getByRole('textbox', { name: 'Código de seguridad' }), port.number);
    await page.getByRole('button', { name: 'Validar código' }).click();
    await expect(page.getByTestId('port-state')).toContainText('Portabilidad aprobada');
    await page.getByTestId('activation-continue').click();

    await expect(page).toHaveURL(/\/portar-plan\/activar-plan$/);
    await ready(page);
    await page.locator('.activation-plans').getByRole('button').first().click();
    await expect(page).toHaveURL(/\/portar-plan\/pagar-plan$/);
    await ready(page);
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await page.getByLabel('Número de tarjeta').fill(APPROVE);
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/portar-plan\/activacion-exitosa$/);
    await ready(page);
    await expect(page.getByTestId('activation-done')).toContainText('se cambia a nosotros el');
    expect(await axeViolations(page)).toEqual([]);
  });
});
