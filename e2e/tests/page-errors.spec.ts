import { spawn, type ChildProcess } from 'node:child_process';
import { test, expect } from './fixtures.ts';

/**
 * A server of this market with a per-address limit a test can reach: 3 requests a minute. The compiled
 * server, as the suite's own servers (playwright.config.ts): compiling the sources at start cost seconds.
 */
async function limitedServer(site: 'cl' | 'pe'): Promise<{ url: string; process: ChildProcess }> {
  const port = Number(process.env.E2E_PORT_BASE ?? 4310) + (site === 'cl' ? 2 : 3);
  const child = spawn('node', ['apps/server/dist/main.js'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, SITE: site, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory', LOG_LEVEL: 'warn', SANDBOX: '1', RATE_LIMIT_PER_MINUTE: '3' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // a health check would count against the limit: wait for the line it prints once it listens
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(`:${port}`) && resolve());
    child.once('exit', () => reject(new Error('the limited server did not start')));
  });
  await listening;
  return { url: `http://127.0.0.1:${port}`, process: child };
}

test.describe('refusals a browser sees as pages', () => {
  test('a page form posted with a NUL shows a Spanish 400 page with the app look', async ({ page }) => {
    await page.goto('/inicio-sesion');
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/inicio-sesion';
      const input = document.createElement('input');
      input.name = 'username';
      input.value = 'a\u0000b';
      form.append(input);
      document.body.append(form);
      form.submit();
    });
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1, name: 'No pudimos leer tu solicitud' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveClass(/button/);
    await expect(page.locator('body')).not.toContainText('exceptionKey');
  });

  test('past the per-address limit a page shows a Spanish 429 page with the wait, with Retry-After', async ({ page, facts }) => {
    test.setTimeout(120_000);
    const server = await limitedServer(facts.site);
    try {
      // the page's own calls from the browser count too: navigate until the limit answers
      expect((await page.goto(`${server.url}/ayuda`))?.status()).toBe(200);
      let refused = null;
      for (let i = 0; i < 5 && refused?.status() !== 429; i++) refused = await page.goto(`${server.url}/ayuda`);
      expect(refused?.status()).toBe(429);
      expect(Number(refused?.headers()['retry-after'])).toBeGreaterThan(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Demasiadas solicitudes' })).toBeVisible();
      await expect(page.locator('main')).toContainText(/Espera 1 minuto y vuelve a intentarlo\./);
      // the same look as the app's error pages: its stylesheet applies
      await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveCSS('display', /block|inline-block|flex|inline-flex/);
      const api = await page.request.get(`${server.url}/restpp/stores`);
      expect(api.status()).toBe(429);
      expect((await api.json()).response.systemMessage[0].exceptionKey).toBe('pp.error.rate.limited');
    } finally {
      server.process.kill();
    }
  });
});
