import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/app/**/*.test.ts'],
    setupFiles: ['test-support/console-error.ts'],
    globalSetup: ['test-support/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
