import { test, expect, ready, axeViolations, pageScrollWidth } from './fixtures.ts';

test.describe('the header on a phone and on a wide screen', () => {
  test('at 360 px the sections open from a menu button and the header stays compact', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await ready(page);
    const header = page.getByRole('banner');
    const menu = header.getByText('Menú', { exact: true });
    await expect(menu).toBeVisible();
    const phones = header.getByRole('link', { name: 'Equipos', exact: true });
    await expect(phones).toBeHidden();
    // logo, menu, cart and sign-in on one row, the search on the next: well under the 220–300 px it took
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(140);
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
    await menu.click();
    await expect(phones).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await phones.click();
    await expect(page).toHaveURL(/\/lista-productos$/);
  });

  test('at 1366 px the sections are links in the header, with no menu button', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByText('Menú', { exact: true })).toBeHidden();
    await expect(header.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link')).toHaveCount(4);
  });
});

test.describe('the header without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu button opens the sections on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('banner').getByText('Menú', { exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Planes', exact: true }).click();
    await expect(page).toHaveURL(/\/catalogo\/postpago$/);
  });
});
