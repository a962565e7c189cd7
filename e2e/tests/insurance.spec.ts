import { test, expect, ready, signIn, axeViolations, pageScrollWidth, recordDataLayer, recordedEvents, fillSentCode } from './fixtures.ts';

/** The insurance and smart line journeys' own demo customers (README): one with an insured phone, one without. */
const holders = {
  cl: {
    insured: { login: '224000014', secret: '4640' },
    other: { login: '224000022', secret: '4641', email: 'rodrigo.alarcon@example.com', docDigits: '22400002' },
  },
  pe: {
    insured: { login: '934640011', secret: '464011' },
    other: { login: '934640012', secret: '464012', email: 'luis.ramos@example.com', docDigits: '46400012' },
  },
};

const INSURANCE = '/personas/mientel/equipo/insurance';
const SMART = '/personas/mientel/linea-smart';

test.describe('device insurance', () => {
  test('files a damage claim, follows it to approval, pays the deductible shown and sees the replacement delivered', async ({ page, facts }) => {
    const who = holders[facts.site];
    await recordDataLayer(page);
    await signIn(page, INSURANCE, who.insured.login, who.insured.secret);
    await expect(page.getByRole('heading', { name: 'Seguro de tu equipo', level: 1 })).toBeVisible();
    const card = page.getByTestId('line-insurance');
    await expect(card).toContainText('Seguro Protección Total');
    await expect(card.getByTestId('insurance-events')).toHaveText('Te quedan 2 de 2 eventos.');
    const next = (await card.getByTestId('insurance-next-deductible').innerText()).replace('Deducible de tu próximo siniestro: ', '');
    expect(await axeViolations(page)).toEqual([]);

    // a theft needs the line's theft block first: the form says so, links to it, and does not file
    const form = page.getByTestId('claim-form');
    await form.getByRole('radio', { name: 'Me robaron el equipo' }).check();
    await expect(form.getByTestId('claim-theft-needs-block')).toBeVisible();
    await expect(form.getByRole('link', { name: /Bloquear mi línea y mi equipo|Reportar mi equipo como robado/ })).toHaveAttribute(
      'href',
      '/personas/mientel/equipo/bloqueo',
    );
    await expect(form.getByRole('button', { name: 'Declarar siniestro' })).toBeDisabled();

    // damage: a story too short is refused beside its field; the deductible shown is the next one
    await form.getByRole('radio', { name: 'Mi equipo se dañó' }).check();
    await expect(form.getByTestId('claim-deductible')).toContainText(`Deducible a pagar si se aprueba: ${next}`);
    await expect(form.getByTestId('claim-deductible')).toContainText(`próxim${facts.site === 'pe' ? 'o recibo' : 'a boleta'}`);
    await form.getByLabel('Cuéntanos qué pasó').fill('Roto');
    await form.getByRole('button', { name: 'Declarar siniestro' }).click();
    await expect(page.locator('#claim-description-error')).toContainText('10 a 500 caracteres');
    await form.getByLabel('Cuéntanos qué pasó').fill('Se me cayó en la calle y la pantalla quedó negra.');
    // by keyboard: the button is reached with Tab and pressed with Enter
    await form.getByRole('button', { name: 'Declarar siniestro' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('insurance-result')).toContainText(/Listo: declaramos tu siniestro SN-(CL|PE)-\d{7}\./);
    const current = page.getByTestId('claim-current');
    await expect(current.getByTestId('claim-status')).toHaveText('Estado: Declarado');
    await expect(current.getByTestId('claim-deductible-amount')).toHaveText(`Deducible: ${next}`);
    await expect(card.getByTestId('insurance-events')).toHaveText('Te quedan 1 de 2 eventos.');
    // the claim under way fits a 360 px phone
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 720 });

    await current.getByRole('button', { name: 'Actualizar estado' }).click();
    await expect(current.getByTestId('claim-status')).toHaveText('Estado: En revisión');
    await current.getByRole('button', { name: 'Actualizar estado' }).click();
    await expect(current.getByTestId('claim-status')).toHaveText('Estado: Aprobado');
    await current.getByRole('button', { name: `Pagar deducible de ${next}` }).click();
    await expect(page.getByTestId('insurance-result')).toContainText('Listo: pagaste el deducible.');
    await expect(current.getByTestId('claim-deductible-paid')).toContainText(`Deducible de ${next} cargado en tu próxim`);
    await expect(current.getByRole('button', { name: /Pagar deducible/ })).toHaveCount(0);
    await current.getByRole('button', { name: 'Actualizar estado' }).click();
    await expect(page.getByTestId('insurance-result')).toContainText('Estado actualizado: Equipo de reemplazo entregado.');
    await expect(page.getByTestId('claim-current')).toHaveCount(0);
    await expect(page.getByTestId('claim-history')).toContainText('Equipo de reemplazo entregado');
    // the next claim may be filed again, with the second event's deductible
    await expect(page.getByTestId('claim-form')).toBeVisible();

    // the deductible charged is the one shown: on the next bill
    await page.goto('/personas/mientel/boleta');
    await ready(page);
    await expect(page.getByText(`Deducible del seguro de tu equipo: ${next}`)).toBeVisible();

    const steps = (await recordedEvents(page)).filter((e) => e.event === 'insurance_step').map((e) => e.step);
    expect(steps).toEqual(expect.arrayContaining(['view', 'claim_filed', 'status_checked', 'deductible_paid']));
    const failures = (await recordedEvents(page)).filter((e) => e.error_where === 'insurance_claim');
    expect(failures.length).toBeGreaterThan(0);
  });

  // after the damage claim when the file runs in order (same customer): one event is left for the theft
  test('after a theft: blocks the line with the report, then files a theft claim that carries it', async ({ page, facts }) => {
    const who = holders[facts.site];
    await signIn(page, INSURANCE, who.insured.login, who.insured.secret);
    const events = page.getByTestId('line-insurance').getByTestId('insurance-events');
    const left = Number((await events.innerText()).match(/Te quedan (\d+)/)![1]);
    const form = page.getByTestId('claim-form');
    await form.getByRole('radio', { name: 'Me robaron el equipo' }).check();
    await form.getByRole('link', { name: /Bloquear mi línea y mi equipo|Reportar mi equipo como robado/ }).click();
    await ready(page);
    await page.getByRole('radio', { name: 'Me lo robaron con violencia o intimidación' }).check();
    if (facts.site === 'cl') await page.getByLabel('Número de parte o constancia de denuncia').fill('PT-2026-5150');
    await page.getByRole('button', { name: 'Bloquear ahora' }).click();
    await expect(page.getByTestId('block-result')).toContainText('Listo: bloqueamos tu línea y tu equipo.');
    let report = 'PT-2026-5150';
    if (facts.site === 'pe') report = (await page.getByTestId('report-code').innerText()).match(/código de reporte es (\S+)\./)![1]!;

    await page.goto(INSURANCE);
    await ready(page);
    await expect(page.getByTestId('line-blocked')).toBeVisible();
    await form.getByRole('radio', { name: 'Me robaron el equipo' }).check();
    await expect(form.getByTestId('claim-theft-block')).toContainText(report);
    await form.getByLabel('Cuéntanos qué pasó').fill('Me lo quitaron en el paradero, con violencia.');
    await form.getByRole('button', { name: 'Declarar siniestro' }).click();
    const current = page.getByTestId('claim-current');
    await expect(current.getByTestId('claim-status')).toHaveText('Estado: Declarado');
    await expect(current).toContainText(`Motivo: Me robaron el equipo`);
    await expect(current).toContainText(report);
    await expect(events).toHaveText(`Te quedan ${left - 1} de 2 eventos.`);

    // approved, its deductible paid by card at the gateway, at the amount the page shows
    await current.getByRole('button', { name: 'Actualizar estado' }).click();
    await expect(current.getByTestId('claim-status')).toHaveText('Estado: En revisión');
    await current.getByRole('button', { name: 'Actualizar estado' }).click();
    await expect(current.getByTestId('claim-status')).toHaveText('Estado: Aprobado');
    const deductible = (await current.getByTestId('claim-deductible-amount').innerText()).replace('Deducible: ', '');
    await current.getByRole('button', { name: `Pagar ${deductible} con tarjeta` }).click();
    await expect(page).toHaveURL(/\/sandbox\/webpay\/pay\?token_ws=/);
    await expect(page.getByText(deductible.replace(/\s/g, ' '), { exact: false }).first()).toBeVisible();
    await page.getByLabel('Número de tarjeta').fill('4051885600446623');
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(/\/personas\/mientel\/equipo\/insurance\?resultado=approved&orden=SD/);
    await ready(page);
    await expect(page.getByTestId('deductible-card-result')).toContainText('Pagamos tu deducible con tarjeta');
    await expect(current.getByTestId('claim-deductible-paid')).toContainText(`Deducible de ${deductible} pagado con tarjeta`);
  });

  test('a line without insurance sees what it could have and no claim form', async ({ page, facts }) => {
    const who = holders[facts.site];
    await signIn(page, INSURANCE, who.other.login, who.other.secret);
    await expect(page.getByTestId('insurance-offer')).toContainText('Tu línea no tiene seguro de equipo');
    await expect(page.getByTestId('insurance-offer')).toContainText('Seguro Protección Total');
    await expect(page.getByTestId('claim-form')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ver equipos con seguro' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('smart line', () => {
  test('puts the line’s number on a smartwatch with its EID, shows the activation code, and takes it off', async ({ page, facts }) => {
    const who = holders[facts.site];
    await recordDataLayer(page);
    await signIn(page, SMART, who.other.login, who.other.secret);
    await expect(page.getByRole('heading', { name: 'Línea Smart: tu número en tu smartwatch', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Línea Smart' })).toHaveAttribute('aria-current', 'page');
    expect(await axeViolations(page)).toEqual([]);

    const form = page.getByTestId('smart-line-form');
    await form.getByLabel('Nombre o modelo del reloj').fill('Galaxy Watch6');
    // a wrong check digit
    await form.getByLabel('EID del reloj (32 dígitos)').fill('89049032000000000000000012345640');
    // the step-up first: a watch sharing the number receives its calls and SMS
    await expect(form.getByRole('button', { name: 'Activar Línea Smart' })).toHaveCount(0);
    await form.getByRole('button', { name: 'Enviar código a mi correo' }).click();
    await fillSentCode(form.getByLabel('Código recibido por correo'), who.other.email);
    const questions = form.getByRole('group', { name: /dígitos/ });
    await questions
      .filter({ hasText: 'últimos' })
      .getByRole('radio', { name: who.other.docDigits.slice(-2), exact: true })
      .check();
    await questions
      .filter({ hasText: 'primeros' })
      .getByRole('radio', { name: who.other.docDigits.slice(0, 2), exact: true })
      .check();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Confirmar' }).click();
    // the wrong EID is refused beside its field, and the step-up is kept for the next try
    await form.getByRole('button', { name: 'Activar Línea Smart' }).click();
    await expect(page.locator('#smart-eid-error')).toContainText('Escribe el EID de 32 dígitos de tu reloj');
    // letters and spaces typed are dropped; Enter in the field sends the form
    await form.getByLabel('EID del reloj (32 dígitos)').fill('');
    await form.getByLabel('EID del reloj (32 dígitos)').pressSequentially('8904 9032 0000 0000 0000 0000 1234 5644');
    await expect(form.getByLabel('EID del reloj (32 dígitos)')).toHaveValue('89049032000000000000000012345644');
    await form.getByLabel('EID del reloj (32 dígitos)').press('Enter');
    await expect(page.getByTestId('smart-line-result')).toContainText('Listo: tu número está listo para tu reloj.');
    const current = page.getByTestId('smart-line-current');
    await expect(current).toContainText('Reloj: Galaxy Watch6');
    await expect(current.getByTestId('smart-line-code')).toHaveText(/^LPA:1\$/);
    expect(await axeViolations(page)).toEqual([]);
    // the long activation code fits a 360 px phone
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 720 });

    await current.getByRole('button', { name: 'Quitar mi número del reloj' }).click();
    await expect(page.getByTestId('smart-line-result')).toContainText('Listo: quitamos tu número del reloj.');
    await expect(page.getByRole('heading', { name: 'Relojes anteriores' })).toBeVisible();
    await expect(page.getByTestId('smart-line-form')).toBeVisible();

    const steps = (await recordedEvents(page)).filter((e) => e.event === 'smart_line_step').map((e) => e.step);
    expect(steps).toEqual(expect.arrayContaining(['view', 'added', 'removed']));
    expect((await recordedEvents(page)).some((e) => e.error_where === 'smart_line_add')).toBe(true);
  });

  test('a prepaid line is told why it cannot have one', async ({ page, facts }) => {
    const who = holders[facts.site];
    await signIn(page, SMART, who.other.login, who.other.secret);
    await page.getByLabel('Línea', { exact: true }).selectOption(facts.site === 'cl' ? '934640003' : '934640013');
    await page.getByRole('button', { name: 'Cambiar de línea' }).click();
    await expect(page.getByTestId('current-line')).toContainText(facts.site === 'cl' ? '9 3464 0003' : '934 640 013');
    await ready(page);
    await expect(page.getByTestId('smart-line-refusal')).toHaveText('La Línea Smart está disponible para líneas postpago y Controlado.');
    await expect(page.getByTestId('smart-line-form')).toHaveCount(0);
  });
});
