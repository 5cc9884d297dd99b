import { defineConfig } from 'vitest/config';

// Each file starts its own server (own data) and Chromium. Two files run at once: much of a
// browser test is waiting on the page, so two overlap well even on two cores (1.55× measured),
// while more would only make each one slower.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    setupFiles: ['tests/e2e/support/csp-setup.ts'],
    pool: 'forks',
    // The files share nothing at module level (each starts its own server and browser), so a
    // worker keeps the modules it has loaded for the next file: about 3 s less a file.
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    // A real browser on a busy 2-core machine: polls wait up to 10 s for what a user would see.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
  },
});
