import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { formatMoney, parseMoney } from '../../packages/domain/src/money.ts';
import { test, expect, ready, axeViolations, pageScrollWidth, recordDataLayer, recordedEvents } from './fixtures.ts';

/** Demo customers per market (README): a prepaid line with balance and a postpaid one with bills. */
const people = {
  cl: {
    currency: 'CLP' as const,
    prepaid: { login: '154321985', secret: '4321', phone: '987654321', other: '912345678', tooMuch: '20.000' },
    postpaid: { login: '123456785', secret: '1234', phone: '912345678', second: '998877665' },
    bag: 'Bolsa 500 MB por 1 día',
    bagPrice: 500,
  },
  pe: {
    currency: 'PEN' as const,
    prepaid: { login: '912345678', secret: '654321', phone: '912345678', other: '987654321', tooMuch: '50' },
    postpaid: { login: '987654321', secret: '123456', phone: '987654321', second: '943215678' },
    bag: 'Bolsa 500 MB por 1 día',
    bagPrice: 300,
  },
};

/** Opens an account page anonymously, which sends to the login page and back after signing in. */
async function signInAt(page: Page, path: string, login: string, secret: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`/inicio-sesion\\?successurl=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await ready(page);
  await page.locator('#field-username').pressSequentially(login);
  await page.locator('#field-password').fill(secret);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await ready(page);
}

/** The line the screens show, digits only (Chile and Peru group the digits differently). */
const shownLine = (page: Page) => async () => ((await page.getByTestId('current-line').textContent()) ?? '').replace(/\D/g, '');

test.describe("the customer's account", () => {
  test('signs in, switches line, and buys a bag for that line by card: active once, the payment in the summary', async ({ page, facts }) => {
    const p = people[facts.site].postpaid;
    await signInAt(page, '/miandes/mi-cuenta', p.login, p.secret);
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tu plan' })).toBeVisible();
    await expect(page.getByTestId('bill-status')).toBeVisible();
    await expect.poll(shownLine(page)).toBe(p.phone);
    await page.getByLabel('Línea').selectOption(p.second);
    await page.getByRole('button', { name: 'Cambiar de línea' }).click();
    await expect.poll(shownLine(page)).toBe(p.second);
    await expect(page.getByLabel('Línea')).toHaveValue(p.second);
    await page.goto('/personas/mientel/consumo');
    await expect.poll(shownLine(page)).toBe(p.second);
    // another brand's path is not ours
    expect((await page.goto('/miotra/mi-cuenta'))?.status()).toBe(404);

    const bag = 'Internet ilimitado por 7 días';
    await page.goto('/personas/mientel/bolsas/inmediatas');
    await ready(page);
    await expect.poll(shownLine(page)).toBe(p.second);
    const listed = await page.getByTestId('active-bags').getByRole('heading', { name: bag }).count();
    await page.getByRole('button', { name: `Pagar con tarjeta: ${bag}` }).click();
    await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
    await page.getByLabel('Número de tarjeta').fill('4051885600446623');
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/personas\/mientel\/bolsas\?resultado=approved&orden=BG/);
    await expect(page.getByTestId('bags-result')).toHaveText(`Compraste ${bag} con tarjeta: ya está activa en tu línea.`);
    await expect(page.getByTestId('active-bags').getByRole('heading', { name: bag })).toHaveCount(listed + 1);
    // coming back to the same address does not add the bag again
    await page.reload();
    await expect(page.getByTestId('active-bags').getByRole('heading', { name: bag })).toHaveCount(listed + 1);
    const order = new URL(page.url()).searchParams.get('orden')!;
    await page.goto('/personas/mientel/mis-pagos/resumen/detalle');
    await ready(page);
    const row = page.getByTestId('payments').getByRole('row').filter({ hasText: 'Bolsa' }).first();
    await expect(row).toContainText(facts.site === 'cl' ? 'Tarjeta (Webpay)' : 'Tarjeta de crédito o débito');
    await row.getByRole('link').click();
    await expect(page.getByTestId('payment-detail')).toContainText(order);
    await expect(page.getByTestId('payment-detail')).toContainText(`${bag}`);
    await expect(page.getByTestId('payment-detail')).toContainText('Tarjeta terminada en 6623');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('buys an immediate bag paid from the balance: the balance drops once and the bag is listed', async ({ page, facts }) => {
    const who = people[facts.site];
    await recordDataLayer(page);
    await signInAt(page, '/personas/mientel/bolsas/inmediatas', who.prepaid.login, who.prepaid.secret);
    const before = parseMoney((await page.getByTestId('bags-balance').textContent()) ?? '', who.currency)!;
    const listed = await page.getByTestId('active-bags').getByRole('heading', { name: who.bag }).count();
    const buy = page.getByRole('button', { name: `Comprar con saldo: ${who.bag}` });
    const price = formatMoney(who.bagPrice, who.currency);
    // the purchase asks first, naming the bag, its price and the payment; 'No, volver' charges nothing
    await buy.click();
    const dialog = page.getByRole('dialog', { name: `¿Comprar ${who.bag}?` });
    await expect(dialog.getByTestId('bag-confirm-terms')).toHaveText(`Pagas ${price} con tu saldo. Tu saldo es ${formatMoney(before, who.currency)}.`);
    await expect(dialog.getByRole('button', { name: 'No, volver' })).toBeFocused();
    expect(await axeViolations(page), 'bag confirmation').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(buy).toBeFocused();
    await expect(page.getByTestId('bags-balance')).toHaveText(formatMoney(before, who.currency));
    await buy.click();
    await dialog.getByRole('button', { name: 'Sí, comprar' }).click();
    await expect(dialog).toBeHidden();
    const expected = formatMoney(before - who.bagPrice, who.currency);
    // the result shows by the button, in view, with the focus (no second click out of doubt)
    const result = page.getByTestId('bags-result');
    await expect(result).toContainText(`Compraste ${who.bag}. Tu saldo es ${expected}`);
    await expect(result).toBeFocused();
    await expect(result).toBeInViewport();
    const [at, button] = [await result.boundingBox(), await buy.boundingBox()];
    expect(Math.abs(at!.y - button!.y)).toBeLessThan(200);
    await expect(page.getByTestId('bags-balance')).toHaveText(expected);
    await expect(page.getByTestId('active-bags').getByRole('heading', { name: who.bag })).toHaveCount(listed + 1);
    await expect
      .poll(() => recordedEvents(page))
      .toContainEqual(expect.objectContaining({ event: 'account_money_change', action: 'bag_purchase', offer_id: 'BAG_500MB_1D' }));
    // the server agrees after a reload, and it shows on "mis bolsas" too
    await page.goto('/miandes/mis-bolsas');
    await expect(page.getByTestId('bags-balance')).toHaveText(expected);
    await expect(page.getByTestId('active-bags').getByRole('heading', { name: who.bag })).toHaveCount(listed + 1);
  });

  test('charges a bag to the bill after a confirmation naming the price and the bill, and says so by the button', async ({ page, facts }) => {
    const who = people[facts.site];
    const bill = facts.site === 'cl' ? 'boleta' : 'recibo';
    await signInAt(page, '/personas/mientel/bolsas/inmediatas', who.postpaid.login, who.postpaid.secret);
    const buy = page.getByRole('button', { name: `Cargar a mi ${bill}: ${who.bag}` });
    await buy.click();
    const dialog = page.getByRole('dialog', { name: `¿Comprar ${who.bag}?` });
    const next = facts.site === 'cl' ? 'tu próxima boleta' : 'tu próximo recibo';
    await expect(dialog.getByTestId('bag-confirm-terms')).toHaveText(`Se cargan ${formatMoney(who.bagPrice, who.currency)} a ${next}.`);
    await dialog.getByRole('button', { name: 'Sí, comprar' }).click();
    const result = page.getByTestId('bags-result');
    await expect(result).toHaveText(`Compraste ${who.bag}: se cobrará en ${next}.`);
    await expect(result).toBeFocused();
    await expect(result).toBeInViewport();
  });

  test('a transfer beyond the balance shows the error and changes nothing', async ({ page, facts }) => {
    const who = people[facts.site];
    await signInAt(page, '/miandes/mi-cuenta', who.prepaid.login, who.prepaid.secret);
    const balance = page.getByTestId('account-balance');
    const before = (await balance.textContent()) ?? '';
    await page.getByLabel('Número de destino').fill(who.prepaid.other);
    await page.getByLabel('Monto').fill(who.prepaid.tooMuch);
    await page.getByRole('button', { name: 'Transferir', exact: true }).click();
    await expect(page.getByTestId('transfer-result')).toContainText(`Tu saldo no alcanza para esta operación. Tu saldo es ${before}`);
    await expect(page.locator('#transfer-amount-error')).toContainText('Tu saldo no alcanza');
    await page.reload();
    await expect(page.getByTestId('account-balance')).toHaveText(before);
  });

  test('opens the bills and downloads a PDF', async ({ page, facts }) => {
    const who = people[facts.site].postpaid;
    await signInAt(page, '/personas/mientel/boleta', who.login, who.secret);
    const heading = facts.site === 'cl' ? 'Mis boletas' : 'Mis recibos de servicios';
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const first = page.getByTestId('bills').getByRole('link').first();
    const [download] = await Promise.all([page.waitForEvent('download'), first.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.toString('latin1')).toContain(facts.site === 'cl' ? 'Boleta electr\xf3nica' : 'Recibo de servicios');
  });

  test("a line's first bill shows its plan prorated from the activation day, in the list and its PDF", async ({ page, facts }) => {
    // the Blue line of the renewal journeys' customer (README), activated about 5 months ago
    const who = facts.site === 'cl' ? { login: '135792462', secret: '3690', phone: '934512780' } : { login: '934512763', secret: '135790', phone: '934512781' };
    await signInAt(page, '/personas/mientel/boleta', who.login, who.secret);
    await page.getByLabel('Línea').selectOption(who.phone);
    await page.getByRole('button', { name: 'Cambiar de línea' }).click();
    await expect.poll(shownLine(page)).toBe(who.phone);
    const opening = facts.site === 'cl' ? 'Primera boleta' : 'Primer recibo de servicios';
    const prorated = page.getByTestId('bill-prorated');
    await expect(prorated).toHaveCount(1);
    await expect(prorated).toHaveText(
      new RegExp(`${opening}: plan proporcional del \\d{2}/\\d{2}/\\d{4} al \\d{2}/\\d{2}/\\d{4} \\(\\d+ de (28|29|30|31) días\\): (\\$|S/ )[\\d.,]+$`),
    );
    // the oldest bill, last in the list, is the line's first; its PDF has the same line
    const row = page.getByTestId('bills').getByRole('row').last();
    await expect(row.getByTestId('bill-prorated')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link').click()]);
    expect(readFileSync((await download.path())!).toString('latin1')).toContain('plan proporcional');
  });

  test('creates a ticket and finds it in the list', async ({ page, facts }) => {
    const who = people[facts.site].postpaid;
    await signInAt(page, '/miandes/crear-ticket', who.login, who.secret);
    await page.getByLabel('Categoría').selectOption('coverage');
    await page.getByLabel('Describe tu problema').fill('Sin señal dentro de mi departamento desde ayer');
    await page.getByLabel('Imagen adjunta (opcional)').setInputFiles({
      name: 'senal.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    });
    await page.getByRole('button', { name: 'Enviar ticket' }).click();
    await expect(page).toHaveURL(/\/miandes\/confirmacion-ticket\?ticket=TK-/);
    const number = /TK-[A-Z]{2}-\d{7}/.exec(page.url())![0];
    // the confirmation shows the ticket as stored, not just the number in the address
    await expect(page.getByTestId('ticket-confirmation')).toContainText(number);
    await expect(page.getByTestId('ticket-confirmation')).toContainText('Categoría: Cobertura y señal');
    await expect(page.getByTestId('ticket-confirmation')).toContainText('Estado: Recibido');
    await page.getByRole('link', { name: 'Ver mis tickets' }).click();
    const row = page.getByTestId('tickets').getByRole('row', { name: new RegExp(number) });
    await expect(row).toContainText('Cobertura y señal');
    await expect(row).toContainText('Recibido');
    // the customer is told of each status the ticket takes: the section links count the new notices
    await expect(page.getByRole('link', { name: /^Notificaciones \(\d+ sin leer\)$/ })).toBeVisible();
    // while nobody works on it the customer may cancel it
    await ready(page);
    await row.getByRole('button', { name: `Cancelar ticket ${number}` }).click();
    await expect(page.getByTestId('ticket-notice')).toHaveText(`Cancelaste tu ticket ${number}.`);
    await expect(row).toContainText('Cancelado');
    await expect(row.getByRole('button')).toHaveCount(0);
    await page.goto('/personas/mientel/notificacion');
    const notices = page.getByTestId('notifications');
    await expect(notices.getByRole('heading', { name: `Recibimos tu ticket ${number}` })).toBeVisible();
    await expect(notices.getByRole('heading', { name: `Tu ticket ${number}: Cancelado` })).toBeVisible();
    // a well-formed number that is not one of the customer's tickets confirms nothing
    await page.goto(`/miandes/confirmacion-ticket?ticket=${number.slice(0, 6)}9999999`);
    await expect(page.getByTestId('ticket-not-found')).toHaveText('No encontramos ese ticket entre los tuyos. Revisa el número en Mis tickets.');
    await expect(page.getByTestId('ticket-confirmation')).toHaveCount(0);
  });

  test('account home, consumption and bills pages have no accessibility violations', async ({ page, facts }) => {
    const who = people[facts.site].postpaid;
    await signInAt(page, '/miandes/mi-cuenta', who.login, who.secret);
    for (const path of ['/miandes/mi-cuenta', '/personas/mientel/consumo', '/personas/mientel/consumo-detalle?kind=data', '/personas/mientel/boleta']) {
      await page.goto(path);
      await ready(page);
      expect(await axeViolations(page), `${facts.site} ${path}`).toEqual([]);
    }
    // the consumption charts carry their numbers as text
    await page.goto('/personas/mientel/consumo');
    // a GB plan's usage reads in GB, not in thousands of MB
    await expect(page.getByRole('img', { name: /^Datos: [\d.,]+ GB usados/ })).toBeVisible();
    await expect(page.getByTestId('consumption-table').getByRole('row', { name: /Datos/ })).toBeVisible();
    // the daily chart's axis names its days ('3 nov'), few enough to read on a phone
    const days = await page.getByTestId('daily-axis').locator('span').allTextContents();
    expect(days.length).toBeGreaterThanOrEqual(2);
    expect(days.length).toBeLessThanOrEqual(6);
    for (const d of days) expect(d).toMatch(/^\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic)$/);
  });

  test('on a 360 px phone the signed-in header and the account pages fit the screen: wide tables scroll in their own named box', async ({ page, facts }) => {
    const who = people[facts.site].postpaid;
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAt(page, '/miandes/mi-cuenta', who.login, who.secret);
    const paths = [
      '/miandes/mi-cuenta',
      '/personas/mientel/boleta',
      '/personas/mientel/mis-pagos/resumen/detalle',
      '/miandes/mis-tickets',
      '/miandes/crear-ticket',
      '/personas/mientel/consumo',
      '/personas/mientel/puntos/detalle',
      '/personas/mientel/beneficios/historico_puntos',
      '/personas/tus-lineas',
    ];
    for (const path of paths) {
      await page.goto(path);
      await ready(page);
      expect(await pageScrollWidth(page), `${facts.site} ${path}`).toBeLessThanOrEqual(360);
    }
    await page.goto('/personas/mientel/boleta');
    await ready(page);
    const box = page.getByRole('region', { name: facts.site === 'cl' ? /boletas/i : /recibos/i }).filter({ has: page.getByTestId('bills') });
    await expect(box).toHaveAttribute('tabindex', '0');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('updates personal data with the document read-only, and marks a notification read', async ({ page, facts }) => {
    const who = people[facts.site].postpaid;
    await signInAt(page, '/miandes/informacion-personal', who.login, who.secret);
    await expect(page.getByLabel(/(RUT|DNI) \(no editable\)/)).toHaveAttribute('readonly', '');
    const email = page.getByLabel('Correo electrónico');
    await email.fill('nuevo.correo@example.com');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByTestId('personal-saved')).toHaveText('Tus datos fueron actualizados.');
    await page.goto('/personas/mientel/mi-perfil/mis-datos');
    await expect(page.getByLabel('Correo electrónico')).toHaveValue('nuevo.correo@example.com');

    await page.goto('/personas/mientel/notificacion');
    await ready(page);
    const count = async () => Number(((await page.getByTestId('unread-count').textContent()) ?? '').replace(/\D/g, ''));
    const unread = await count();
    expect(unread).toBeGreaterThan(0);
    await page
      .getByRole('button', { name: /^Marcar como leída/ })
      .first()
      .click();
    await expect.poll(count).toBe(unread - 1);
    await page.reload();
    await expect.poll(count).toBe(unread - 1);
  });

  test('tops up with an approved card and the balance rises once', async ({ page, facts }) => {
    const who = people[facts.site];
    const amount = facts.site === 'cl' ? 2000 : 500;
    await signInAt(page, '/personas/mientel/recargas', who.prepaid.login, who.prepaid.secret);
    const before = parseMoney((await page.getByTestId('topup-balance').textContent()) ?? '', who.currency)!;
    await page.getByRole('radio', { name: formatMoney(amount, who.currency), exact: true }).check();
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
    await page.getByLabel('Número de tarjeta').fill('4051885600446623');
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/personas\/mientel\/recargas\?resultado=approved/);
    const after = formatMoney(before + amount, who.currency);
    await expect(page.getByTestId('topup-result')).toContainText(`Tu recarga de ${formatMoney(amount, who.currency)} fue aprobada. Tu saldo es ${after}`);
    await expect(page.getByTestId('topup-balance')).toHaveText(after);
    // coming back to the same address (refresh, back button) does not top up again
    await page.reload();
    await expect(page.getByTestId('topup-balance')).toHaveText(after);
    await page.goto('/personas/mientel/recargas');
    await expect(page.getByTestId('topup-balance')).toHaveText(after);
  });
});
