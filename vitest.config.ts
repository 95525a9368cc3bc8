import { defineConfig } from 'vitest/config';

// One runner for every tier; `npm run test:unit` picks the fast projects, `test:e2e` the browser one.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./src/testing/global-setup.ts'],
          // Files share a worker's loaded modules instead of importing the app again each: every
          // file opens its own database and app, and the server keeps per-database state in
          // WeakMaps keyed by the database or app, so nothing carries from one file to the next.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'house-vendor',
          root: 'apps/house-vendor',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./src/test-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./support/global-setup.ts'],
          // Fails a journey on any serious or critical axe violation of a page it visited.
          setupFiles: ['./support/accessibility-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Pages load lazy chunks; on a busy two-core machine a second is not always enough.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
