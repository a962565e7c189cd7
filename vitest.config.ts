import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/app/**/*.test.ts', 'apps/web/*.test.ts'],
    setupFiles: ['test-support/console-error.ts'],
    globalSetup: ['test-support/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    // a worker runs its test files one after another in one process, loading the app's modules once
    // (each file imported them anew: about 100 s of the suite). Tests keep no state in modules: each
    // starts its own sites and databases; console-error.ts still checks every file's tests
    isolate: false,
  },
});
