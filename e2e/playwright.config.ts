import { defineConfig } from '@playwright/test';

/** Both markets, each its own server on its own port with an in-memory database seeded at start. */
const base = Number(process.env.E2E_PORT_BASE ?? 4310);
const sites = [
  { name: 'cl', port: base },
  { name: 'pe', port: base + 1 },
] as const;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  // no retries: a journey that fails once is a bug to find (journeys that shop each sign in as their own demo customer)
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
        '--disable-quic',
      ],
    },
    locale: 'es-CL',
    trace: 'off',
  },
  projects: [
    ...sites.map((s) => ({ name: s.name, use: { baseURL: `http://127.0.0.1:${s.port}` }, metadata: { site: s.name } })),
    // the purchase journeys on a busy phone: Chromium's CPU 4x slower and a slow network (CDP), failing when
    // the loading overlay outlives its navigation by more than 2 s; only the journeys tagged @throttled,
    // to keep the run short
    ...sites.map((s) => ({
      name: `throttled-${s.name}`,
      testMatch: /purchase-journeys\.spec\.ts$/,
      grep: /@throttled/,
      use: { baseURL: `http://127.0.0.1:${s.port}` },
      metadata: { site: s.name, throttled: true },
    })),
  ],
  webServer: sites.map((s) => ({
    command: 'node --enable-source-maps apps/server/dist/main.js',
    cwd: '..',
    url: `http://127.0.0.1:${s.port}/ready`,
    // loopback is the proxy: a spec that needs its own visitor's address (per-address limits the whole
    // suite would otherwise share) sends it as X-Forwarded-For; every other request stays 127.0.0.1
    env: {
      SITE: s.name,
      PORT: String(s.port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      LOG_LEVEL: 'warn',
      SANDBOX: '1',
      WELCOME_THRESHOLD: '1',
      TRUST_PROXY: '127.0.0.1,::1',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  })),
});
