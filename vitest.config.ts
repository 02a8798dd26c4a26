// Vitest for the whole monorepo: tests run on the sources of every package.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const packages = fileURLToPath(new URL('./packages/', import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources, so a stale dist/ never hides a change.
    // `@boss-table/x` is packages/x/src/index.ts; `@boss-table/x/testing` its src/testing/index.ts; `@boss-table/x/y` is packages/x/src/y.ts.
    alias: [
      {
        find: /^@boss-table\/([^/]+)\/testing$/,
        replacement: `${packages}$1/src/testing/index.ts`,
      },
      { find: /^@boss-table\/([^/]+)$/, replacement: `${packages}$1/src/index.ts` },
      { find: /^@boss-table\/([^/]+)\/(.+)$/, replacement: `${packages}$1/src/$2.ts` },
    ],
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/web/src/**/*.test.tsx',
      'packages/web/e2e/**/*.test.ts',
    ],
    testTimeout: 60_000,
  },
});
