import { test, expect, ready, axeViolations, pageScrollWidth, recordDataLayer, recordedEvents } from './fixtures.ts';

test.describe('catalogue search', () => {
  test('the header suggests as the customer types; arrows and Enter open a suggestion', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    const box = page.getByRole('combobox', { name: 'Buscar en la tienda' });
    await box.fill('galaxi s24 ultra');
    const list = page.getByRole('listbox', { name: 'Sugerencias' });
    await expect(list).toBeVisible();
    await expect(list.getByRole('option').first()).toContainText('Galaxy S24 Ultra');
    await expect(list.getByRole('option').last()).toHaveText('Ver todos los resultados');
    await box.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/personas\/producto\/Equipos\/PO_EQ_SAMSUNG_GALAXY_S24_ULTRA/);
  });

  test('Enter without a suggestion chosen shows the results page, narrowed by kind, with the search event', async ({ page, facts }) => {
    await recordDataLayer(page);
    await page.goto('/lista-accesorios');
    await ready(page);
    const box = page.getByRole('combobox', { name: 'Buscar en la tienda' });
    await box.fill('cargadores');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/personas\/buscar\?q=cargadores/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para “cargadores”');
    const results = page.getByTestId('search-result');
    await expect(results.first()).toContainText('Cargador');
    await expect
      .poll(async () => (await recordedEvents(page)).find((e) => e.event === 'search'))
      .toMatchObject({ search_term: 'cargadores', site: facts.site });
    await page
      .getByRole('navigation', { name: 'Filtrar por tipo' })
      .getByRole('link', { name: /^Accesorios/ })
      .click();
    await expect(page).toHaveURL(/kind=accessory/);
    await expect(results.first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('plans are found with their monthly price in the market currency', async ({ page, facts }) => {
    await page.goto('/personas/buscar?q=plan+libre+40');
    const plan = page.getByTestId('search-result').filter({ hasText: 'Libre 40 GB' }).first();
    await expect(plan).toContainText(facts.site === 'cl' ? /\$\d{1,3}\.\d{3} al mes/ : /S\/ \d+(\.\d{2})? al mes/);
    await expect(plan.getByRole('link')).toHaveAttribute('href', facts.site === 'cl' ? '/personas/catalogo/postpago' : '/catalogo/postpago');
  });

  test('an empty or garbage query says what to do, never an error', async ({ page }) => {
    for (const q of ['', 'xqzt zzkw', '%%%']) {
      const res = await page.goto(`/personas/buscar?q=${encodeURIComponent(q)}`);
      expect(res?.status(), q).toBe(200);
      await expect(page.getByText(q.trim() && q !== '%%%' ? /No encontramos resultados/ : /Escribe qué buscas/)).toBeVisible();
    }
  });
});

test.describe('catalogue search without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header form submits to the results page, and the kind links work', async ({ page }) => {
    await page.goto('/lista-productos');
    const box = page.getByRole('combobox', { name: 'Buscar en la tienda' });
    await box.fill('iphone');
    await page.getByRole('search').first().getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/personas\/buscar\?q=iphone/);
    await expect(page.getByTestId('search-result').first()).toContainText('iPhone');
    await page.getByRole('link', { name: /^Equipos \(\d+\)/ }).click();
    await expect(page).toHaveURL(/kind=phone/);
  });
});

test('on a 360 px phone the header search and the results fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/personas/buscar?q=samsung');
  await ready(page);
  await expect(page.getByRole('combobox', { name: 'Buscar en la tienda' })).toBeVisible();
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('search-360.png'), fullPage: false });
});
