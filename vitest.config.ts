import { defineConfig } from 'vitest/config';

const shared = { environment: 'node' as const, testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    pool: 'forks',
    // Each server test file has its own database: two run at once, even on a two-core machine.
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        // Server files share nothing at module level (each builds its own app on its own
        // database), so a worker keeps the server's modules for the next file: ~2 s less a file.
        test: { ...shared, name: 'server', include: ['tests/server/**/*.test.ts'], isolate: false },
      },
      { test: { ...shared, name: 'model', include: ['tests/model/**/*.test.ts'] } },
    ],
  },
});
