import { execFileSync } from 'node:child_process';
import { apiThroughput } from './api-throughput';
import { appLoad } from './app-load';
import { brokerFanout } from './broker-fanout';
import { cardApi } from './card-api';
import { exchange } from './exchange';
import { friendsSync } from './friends-sync';
import { ocr } from './ocr';
import { serverMemory } from './server-memory';

/**
 * `npm run bench`: prints figures measured side by side in one run. Not a test: nothing here
 * passes or fails on speed. BENCH_SECONDS sets the load duration; DATABASE_URL runs the API
 * figures on PostgreSQL instead of PGlite. `npm run bench -- ocr friends-sync` runs only the
 * benches named.
 */
const BENCHES: [name: string, run: () => Promise<void>][] = [
  ['api-throughput', apiThroughput],
  ['card-api', cardApi],
  ['app-load', appLoad],
  ['friends-sync', friendsSync],
  ['broker-fanout', brokerFanout],
  ['exchange', exchange],
  ['server-memory', serverMemory],
  ['ocr', ocr],
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHES.some(([n]) => n === name));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; the benches: ${BENCHES.map(([n]) => n).join(', ')}`);
  process.exit(2);
}
execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
for (const [name, run] of BENCHES) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}
