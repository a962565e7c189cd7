import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface DemoCustomer {
  login: string;
  /** What the field shows after the input cleaning (Chile formats the RUT as typed). */
  shown: string;
  secret: string;
  firstName: RegExp;
}

export interface SiteFacts {
  site: 'cl' | 'pe';
  customer: DemoCustomer;
  secretLabel: RegExp;
  loginLabel: RegExp;
}

const facts: Record<'cl' | 'pe', SiteFacts> = {
  cl: {
    site: 'cl',
    customer: { login: '123456785', shown: '12.345.678-5', secret: '1234', firstName: /Hola, \p{L}+/u },
    secretLabel: /Clave de 4 dígitos/,
    loginLabel: /^RUT/,
  },
  pe: {
    site: 'pe',
    customer: { login: '987654321', shown: '987654321', secret: '123456', firstName: /Hola, \p{L}+/u },
    secretLabel: /Contraseña de 6 dígitos/,
    loginLabel: /Número de celular o DNI/,
  },
};

export const test = base.extend<{ facts: SiteFacts }>({
  // Playwright reads fixture dependencies from this destructuring; this fixture has none
  // eslint-disable-next-line no-empty-pattern
  facts: async ({}, use, testInfo) => {
    await use(facts[testInfo.project.metadata.site as 'cl' | 'pe']);
  },
});

export { expect };

/** Waits until React has hydrated, so typed input goes through the form's cleaning. */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Signs in through the login page (both markets' `/inicio-sesion`) and comes back to `path`. */
export async function signIn(page: Page, path: string, login: string, secret: string): Promise<void> {
  await page.goto(`/inicio-sesion?successurl=${encodeURIComponent(path)}`);
  await ready(page);
  await page.locator('#field-username').pressSequentially(login);
  await page.locator('#field-password').fill(secret);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => url.pathname + url.search === path);
  await ready(page);
}

/** The code last sent to `recipient`, an e-mail address or a phone (the sandbox outbox, docs/sandbox.md). */
export async function sentCode(page: Page, recipient: string): Promise<string> {
  const outbox = await (await page.request.get(`/sandbox/outbox?recipient=${encodeURIComponent(recipient)}&limit=1`)).json();
  return (outbox.messages[0].body as string).match(/\b(\d{6})\b/)![1]!;
}

/**
 * Types the code last sent to `recipient` into `field`, once it shows: a page shows the field when the
 * send has been answered, and the server answers after handing the message over. Read right after the
 * click, the outbox could still be empty, or hold the code before it.
 */
export async function fillSentCode(field: Locator, recipient: string): Promise<void> {
  await expect(field).toBeVisible();
  await field.fill(await sentCode(field.page(), recipient));
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (WCAG 2.1 A/AA) in the page and returns its violations. */
export async function axeViolations(page: Page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; help: string; nodes: unknown[] }> }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.length }));
  });
}

/** How wide the page scrolls: more than the viewport means it overflows sideways (checked at 360 px, a small phone). */
export async function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth);
}

export async function dataLayer(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []) as Array<Record<string, unknown>>);
}

/** Keeps every dataLayer push across full page loads (sign-in reloads the page), in sessionStorage. */
export async function recordDataLayer(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const saved = JSON.parse(sessionStorage.getItem('__dl') ?? '[]') as unknown[];
    const layer: unknown[] = [];
    layer.push = (...items: unknown[]) => {
      saved.push(...items);
      sessionStorage.setItem('__dl', JSON.stringify(saved));
      return Array.prototype.push.apply(layer, items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
}

export async function recordedEvents(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('__dl') ?? '[]'));
}

/**
 * Empties the visitor's cart through the API (`DELETE /restpp/order/{id}` for every line), so a journey
 * starts from an empty cart whatever another journey of the same customer left in it.
 */
export async function emptyCart(page: Page): Promise<void> {
  const token = (await (await page.request.get('/restpp/security/token')).json()).f__key__ as string;
  const cart = await (await page.request.get('/restpp/order/shoppingCart')).json();
  for (const item of cart.items as Array<{ id: string }>) {
    const res = await page.request.delete(`/restpp/order/${encodeURIComponent(item.id)}?f__key__=${encodeURIComponent(token)}`);
    expect(res.status(), `remove ${item.id}`).toBe(200);
  }
  expect((await (await page.request.get('/restpp/order/shoppingCart')).json()).items).toEqual([]);
}
