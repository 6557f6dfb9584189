import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test-support/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
