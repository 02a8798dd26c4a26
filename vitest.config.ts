import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const src = (pkg: string) =>
  fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources, so a stale dist/ never hides a change.
    alias: {
      '@boss-table/core': src('core'),
      '@boss-table/the-boss': src('the-boss'),
      '@boss-table/games': src('games'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
