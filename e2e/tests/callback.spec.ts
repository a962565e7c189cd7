import type { Page } from '@playwright/test';
import { test, expect, ready, dataLayer, recordDataLayer, axeViolations } from './fixtures.ts';

/** docs/sandbox.md: the sandbox contact centre finds every agent busy for this number. */
const BUSY_NUMBER = '934629990';
/** Numbers of this journey (the branch's range 93462xxxx), one per market and purpose. */
const NUMBERS = { cl: { call: '934620201', appointment: '934620211' }, pe: { call: '934620202', appointment: '934620212' } } as const;

async function outbox(page: Page, phone: string): Promise<string[]> {
  const res = await page.request.get(`/sandbox/outbox?recipient=${phone}`);
  return ((await res.json()).messages as Array<{ body: string }>).map((m) => m.body);
}

/** Picks the first day with a free slot, then its `index`-th free slot (radio groups of the slot picker). */
async function pickSlot(page: Page, index = 0): Promise<string> {
  const days = page.getByRole('group', { name: 'Día' }).getByRole('radio');
  const slots = page.getByRole('group', { name: /^Hora/ }).getByRole('radio');
  await expect(days.first()).toBeVisible();
  const count = await days.count();
  for (let d = 0; d < count; d++) {
    const day = await days.nth(d).getAttribute('value');
    await days.nth(d).check();
    await expect(page.locator(`fieldset[data-day="${day}"]`)).toBeVisible();
    if ((await slots.count()) > index + 1) {
      const slot = slots.nth(index);
      await slot.check();
      return (await slot.locator('xpath=..').innerText()).trim();
    }
  }
  throw new Error('no free slot in the coming days');
}

test.describe('Te llamamos and lead appointments', () => {
  test('a plan card’s “Te llamamos”: an accessible dialog, the number left, the outcome shown and reported', async ({ page, facts }) => {
    await recordDataLayer(page);
    // the product page links the same dialog for its product
    await page.goto('/personas/producto/Equipos/PO_EQ_SAMSUNG_GALAXY_A55_5G');
    await ready(page);
    await expect(page.getByRole('link', { name: /^Te llamamos: deja tu número/ })).toHaveAttribute(
      'href',
      '/personas/agenda-llamada?llamar=product&contexto=PO_EQ_SAMSUNG_GALAXY_A55_5G',
    );
    // the public pages carry a link, not the dialog: it opens at once on the appointment page
    await page.goto('/personas/catalogo/postpago');
    await ready(page);
    await page
      .getByRole('link', { name: /^Te llamamos: deja tu número/ })
      .first()
      .click();
    await page.waitForURL(/\/personas\/agenda-llamada\?llamar=plan&contexto=/);
    await ready(page);
    const dialog = page.getByRole('dialog', { name: 'Te llamamos' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Número de celular')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // focus stays inside; Escape closes it
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    const opener = page.getByRole('button', { name: /^Te llamamos: deja tu número/ });
    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    // a bad number is refused in Spanish under its field, before anything is sent
    await dialog.getByLabel('Número de celular').fill('12345');
    await dialog.getByRole('button', { name: 'Llámenme' }).click();
    await expect(dialog.getByText('* Ingresa un celular de 9 dígitos que empiece con 9.')).toBeVisible();
    await expect(dialog.getByText('* Confirma que no eres un robot.')).toBeVisible();
    await dialog.getByLabel('Número de celular').fill(NUMBERS[facts.site].call);
    await dialog.getByLabel('Nombre (opcional)').fill('Ana Pérez');
    await dialog.getByRole('checkbox', { name: 'No soy un robot' }).check();
    await dialog.getByRole('button', { name: 'Llámenme' }).click();
    // inside opening hours an agent calls now; outside them the dialog says when
    const outcome = dialog.locator('[data-outcome]');
    await expect(outcome).toBeVisible();
    const shown = await outcome.getAttribute('data-outcome');
    expect(['success', 'pending']).toContain(shown);
    await expect(outcome).toContainText(shown === 'success' ? '¡Listo! Te estamos llamando' : /Te llamaremos al .+ el \d{2} de \w+ de \d{4} a las \d{2}:\d{2}/);
    expect((await dataLayer(page)).filter((e) => e.event === 'click_to_call')).toEqual([
      { event: 'click_to_call', site: facts.site, outcome: shown, source: 'plan' },
    ]);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    // every agent busy: the failure says why and offers the appointment
    await opener.click();
    await dialog.getByLabel('Número de celular').fill(BUSY_NUMBER);
    await dialog.getByRole('checkbox', { name: 'No soy un robot' }).check();
    await dialog.getByRole('button', { name: 'Llámenme' }).click();
    await expect(dialog.locator('[data-outcome="failure"]')).toContainText('Todos nuestros ejecutivos están ocupados');
    expect((await dataLayer(page)).filter((e) => e.event === 'click_to_call').at(-1)).toEqual({
      event: 'click_to_call',
      site: facts.site,
      outcome: 'failure',
      source: 'plan',
      failure_reason: 'busy',
    });
    await dialog.getByRole('link', { name: 'Agenda una llamada' }).click();
    await page.waitForURL('**/personas/agenda-llamada');
    await expect(page.getByRole('heading', { level: 1, name: 'Agenda una llamada' })).toBeVisible();
  });

  test('a checkout error’s “Te llamamos” opens the call dialog at once, reported with source checkout', async ({ page, facts }) => {
    await page.goto('/personas/agenda-llamada?llamar=checkout&contexto=pp.error.cart.out.of.stock');
    await ready(page);
    const dialog = page.getByRole('dialog', { name: 'Te llamamos' });
    await expect(dialog.getByLabel('Número de celular')).toBeVisible();
    await dialog.getByLabel('Número de celular').fill(BUSY_NUMBER);
    // a slow check: "Llámenme" right after ticking the box waits for its token instead of refusing the box
    await page.route(/\/sandbox\/recaptcha\/token/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await dialog.getByRole('checkbox', { name: 'No soy un robot' }).check();
    await dialog.getByRole('button', { name: 'Llámenme' }).click();
    await expect(dialog.locator('[data-outcome="failure"]')).toBeVisible();
    await expect(dialog.getByText('* Confirma que no eres un robot.')).toHaveCount(0);
    expect((await dataLayer(page)).filter((e) => e.event === 'click_to_call')).toEqual([
      { event: 'click_to_call', site: facts.site, outcome: 'failure', source: 'checkout', failure_reason: 'busy' },
    ]);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Agenda una llamada' })).toBeVisible();
  });

  test('an appointment: a free slot booked, the SMS link moves it, then cancels it', async ({ page, facts }) => {
    const phone = NUMBERS[facts.site].appointment;
    await page.goto('/personas/agenda-llamada');
    await ready(page);
    const time = await pickSlot(page);
    await page.getByLabel('Número de celular').fill(phone);
    // booked right after the tick, while the check's token is still on its way: the booking waits for it
    await page.route(/\/sandbox\/recaptcha\/token/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole('checkbox', { name: 'No soy un robot' }).check();
    await page.getByRole('button', { name: 'Agendar llamada' }).click();
    await expect(page.getByRole('heading', { name: 'Tu llamada quedó agendada' })).toBeFocused();
    await expect(page.getByRole('status')).toContainText(`a las ${time}`);
    expect((await dataLayer(page)).filter((e) => e.event === 'lead_appointment')).toEqual([{ event: 'lead_appointment', site: facts.site, step: 'booked' }]);

    const [sms] = await outbox(page, phone);
    expect(sms).toContain(`a las ${time}`);
    const link = new URL(/https?:\/\/\S+/.exec(sms!)![0]);
    expect(link.pathname).toMatch(/^\/personas\/agenda-llamada\/cita\/[A-Za-z0-9_-]{43}$/);
    await page.goto(link.pathname);
    await ready(page);
    await expect(page.getByRole('status')).toContainText(`a las ${time}`);
    await page.getByRole('button', { name: 'Cambiar la hora' }).click();
    const moved = await pickSlot(page, 1);
    await page.getByRole('button', { name: 'Cambiar a esta hora' }).click();
    await expect(page.getByRole('status').first()).toContainText(`Cambiamos tu llamada al`);
    await expect(page.getByRole('status').first()).toContainText(`a las ${moved}`);
    await expect.poll(async () => (await outbox(page, phone))[0]).toContain(`a las ${moved}`);

    await page.getByRole('button', { name: 'Cancelar la llamada' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar la llamada' });
    await expect(confirm.getByRole('button', { name: 'No, mantenerla' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Sí, cancelar' }).click();
    await expect(page.locator('[data-status="cancelled"]')).toContainText(`Cancelaste la llamada`);
    await expect.poll(async () => (await outbox(page, phone))[0]).toContain('cancelamos tu llamada');
    expect((await dataLayer(page)).filter((e) => e.event === 'lead_appointment').map((e) => e.step)).toEqual(['moved', 'cancelled']);
    // the link keeps answering, and a made-up one finds nothing
    const missing = await page.goto(`/personas/agenda-llamada/cita/${'A'.repeat(43)}`);
    expect(missing?.status()).toBe(404);
  });
});
