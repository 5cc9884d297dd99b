import { defineConfig } from 'vitest/config';

// One real Chromium at a time against the real server: files run one after another.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    setupFiles: ['tests/e2e/support/csp-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    // A real browser on a busy 2-core machine: polls wait up to 10 s for what a user would see.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
  },
});
