import { apiThroughput } from './api-throughput';

/**
 * `npm run bench`: prints figures measured side by side in one run. Not a test: nothing here
 * passes or fails on speed. BENCH_SECONDS sets the load duration; DATABASE_URL runs the API
 * figures on PostgreSQL instead of PGlite.
 */
await apiThroughput();
