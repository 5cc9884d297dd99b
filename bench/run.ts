import { execFileSync } from 'node:child_process';
import { apiThroughput } from './api-throughput';
import { appLoad } from './app-load';
import { brokerFanout } from './broker-fanout';
import { cardApi } from './card-api';
import { friendsSync } from './friends-sync';
import { serverMemory } from './server-memory';

/**
 * `npm run bench`: prints figures measured side by side in one run. Not a test: nothing here
 * passes or fails on speed. BENCH_SECONDS sets the load duration; DATABASE_URL runs the API
 * figures on PostgreSQL instead of PGlite.
 */
execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
await apiThroughput();
await cardApi();
await appLoad();
await friendsSync();
await brokerFanout();
await serverMemory();
