import type { Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * What the purchase journeys check on every page: the loading overlay belongs to what is in flight, so
 * it never outlives the navigation it waited for by more than 2 s, and no page reloads itself to get
 * past one (the journeys themselves never reload). Recorded in the page, read after the journey.
 */
const OVERLAY_GRACE_MS = 2000;
const RECORD = '__busyWatch';

export async function watchOverlay(page: Page): Promise<void> {
  await page.addInitScript(
    ({ grace, key }) => {
      const found: string[] = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      const note = (what: string) => {
        if (found.includes(what)) return;
        found.push(what);
        sessionStorage.setItem(key, JSON.stringify(found));
      };
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      if (entry?.type === 'reload') note(`reloaded ${location.pathname}`);
      const now = () => performance.now();
      let shownAt: number | null = null;
      let navigatedAt: number | null = null;
      let href = location.href;
      const navigated = () => {
        if (location.href === href) return;
        href = location.href;
        navigatedAt = now();
      };
      for (const name of ['pushState', 'replaceState'] as const) {
        const original = history[name];
        history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
          const result = original.apply(this, args);
          navigated();
          return result;
        };
      }
      addEventListener('popstate', navigated);
      const look = () => {
        const shown = document.querySelector('.loading-overlay') !== null;
        if (shown && shownAt === null) shownAt = now();
        if (!shown) shownAt = null;
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true });
      setInterval(() => {
        look();
        if (shownAt !== null && navigatedAt !== null && navigatedAt > shownAt && now() - navigatedAt > grace) note(`overlay stuck on ${location.pathname}`);
      }, 100);
    },
    { grace: OVERLAY_GRACE_MS, key: RECORD },
  );
}

/** The journey's record: no overlay outlived its navigation, no page reloaded. */
export async function expectNoStuckOverlay(page: Page): Promise<void> {
  // the last page gets its 2 s too
  await page.waitForTimeout(OVERLAY_GRACE_MS + 200);
  const found = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], RECORD);
  expect(found).toEqual([]);
  await expect(page.locator('.loading-overlay')).toHaveCount(0);
}

/** The throttled project's phone: Chromium's CPU 4x slower and a slow mobile network (CDP). */
export async function throttleWhenAsked(page: Page, testInfo: TestInfo): Promise<void> {
  if (!testInfo.project.metadata.throttled) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  // about a busy 3G line: 150 ms each way, 1.6 Mbit/s down, 750 kbit/s up
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}
