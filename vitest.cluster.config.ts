import { defineConfig } from 'vitest/config';

// The scale-out test (tests/cluster): `npm run cluster -- 2` on a throw-away PostgreSQL and
// Mosquitto behind HAProxy. Not part of `npm test` (it needs those three from Debian): .ci/run runs it.
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
