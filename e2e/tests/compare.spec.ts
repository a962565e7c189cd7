import { test, expect, ready, axeViolations, pageScrollWidth } from './fixtures.ts';

const ULTRA = 'PO_EQ_SAMSUNG_GALAXY_S24_ULTRA';

test.describe('phone comparison', () => {
  test('from the phone list: pick phones, compare them side by side, share the address, remove and add one', async ({ page }) => {
    await page.goto('/lista-productos');
    await ready(page);
    const cards = page.getByTestId('product-card');
    const names = [await cards.nth(0).getByRole('heading').textContent(), await cards.nth(1).getByRole('heading').textContent()];
    await cards
      .nth(0)
      .getByRole('checkbox', { name: /Comparar/ })
      .check();
    await cards
      .nth(1)
      .getByRole('checkbox', { name: /Comparar/ })
      .check();
    await page.getByRole('button', { name: 'Comparar seleccionados' }).click();
    await expect(page).toHaveURL(/\/personas\/comparar\?ids=/);
    const table = page.getByTestId('compare-table');
    for (const name of names) await expect(table.getByRole('columnheader', { name: new RegExp(name!.trim()) })).toBeVisible();
    for (const row of ['Precio', 'Pantalla', 'Cámara trasera', 'Batería', 'Memoria', 'Red', 'Capacidades']) {
      await expect(table.getByRole('rowheader', { name: row, exact: true })).toBeVisible();
    }
    // shareable: the same address opens the same comparison in a new visit
    const shared = page.url();
    await page.context().clearCookies();
    await page.goto(shared);
    await expect(page.getByTestId('compare-table').getByRole('columnheader')).toHaveCount(2);
    // remove one, add another from the picker
    await page.getByRole('link', { name: `Quitar ${names[1]!.trim()}` }).click();
    await expect(page.getByTestId('compare-table').getByRole('columnheader')).toHaveCount(1);
    await page.getByLabel('Agregar un equipo').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByTestId('compare-table').getByRole('columnheader')).toHaveCount(2);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('from a product page; the fourth phone of a link is left out with a notice', async ({ page }) => {
    await page.goto(`/personas/producto/Equipos/${ULTRA}`);
    await page.getByRole('link', { name: 'Comparar con otros equipos' }).click();
    await expect(page).toHaveURL(new RegExp(`ids=${ULTRA}`));
    await expect(page.getByTestId('compare-table')).toContainText('5G');
    await page.goto(`/personas/comparar?ids=${ULTRA},PO_EQ_MOTOROLA_MOTO_G24,PO_EQ_APPLE_IPHONE_16,PO_EQ_APPLE_IPHONE_15`);
    await expect(page.getByRole('status').filter({ hasText: 'hasta 3 equipos' })).toBeVisible();
    await expect(page.getByTestId('compare-table')).toContainText('4G LTE');
    await expect(page.getByText('Ya comparas 3 equipos')).toBeVisible();
  });

  test('on a 360 px phone the comparison scrolls in its own box, not the page', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/personas/comparar?ids=${ULTRA},PO_EQ_MOTOROLA_MOTO_G24,PO_EQ_APPLE_IPHONE_16`);
    await ready(page);
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
    await expect(page.getByRole('region', { name: /Comparación de 3 equipos/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('compare-360.png') });
  });
});

test.describe('phone comparison without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list checkboxes and the add picker work as plain forms', async ({ page }) => {
    await page.goto('/lista-productos');
    const cards = page.getByTestId('product-card');
    await cards
      .nth(0)
      .getByRole('checkbox', { name: /Comparar/ })
      .check();
    await cards
      .nth(2)
      .getByRole('checkbox', { name: /Comparar/ })
      .check();
    await page.getByRole('button', { name: 'Comparar seleccionados' }).click();
    await expect(page.getByTestId('compare-table').getByRole('columnheader')).toHaveCount(2);
    await page.getByLabel('Agregar un equipo').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByTestId('compare-table').getByRole('columnheader')).toHaveCount(3);
  });
});
