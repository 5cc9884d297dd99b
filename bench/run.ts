import { execFileSync } from 'node:child_process';
import setupE2e from '../tests/e2e/support/global-setup';
import { apiThroughput } from './api-throughput';
import { appLoad } from './app-load';
import { brokerFanout } from './broker-fanout';
import { cardApi } from './card-api';
import { cardQr } from './card-qr';
import { exchange } from './exchange';
import { friendsSync } from './friends-sync';
import { SMOKE } from './lib';
import { ocr } from './ocr';
import { scale } from './scale';
import { scanPace } from './scan-pace';
import { serverMemory } from './server-memory';

/**
 * `npm run bench`: prints figures measured side by side in one run. Not a test: nothing here
 * passes or fails on speed. BENCH_SECONDS sets the load duration; DATABASE_URL runs the API
 * figures on PostgreSQL instead of PGlite. `npm run bench -- ocr friends-sync` runs only the
 * benches named. `npm run bench -- --smoke` (or BENCH_SMOKE=1) runs each once at a tiny size, a
 * few seconds each, reusing dist/ when it is current: what CI runs so a broken bench is caught
 * the day it breaks. Every wait has a timeout (lib.ts `within`); a bench that fails or times out
 * is reported, the others still run, and the run exits 1.
 */
// `exchange` is the second half of `scale`: run alone only when named.
const BENCHES: [name: string, run: () => Promise<void>, namedOnly?: boolean][] = [
  ['api-throughput', apiThroughput],
  ['card-api', cardApi],
  ['card-qr', cardQr],
  ['app-load', appLoad],
  ['friends-sync', friendsSync],
  ['broker-fanout', brokerFanout],
  ['exchange', exchange, true],
  ['server-memory', serverMemory],
  ['scale', scale],
  ['ocr', ocr],
  ['scan-pace', scanPace],
];

const wanted = process.argv.slice(2).filter((arg) => arg !== '--smoke');
const unknown = wanted.filter((name) => !BENCHES.some(([n]) => n === name));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; the benches: ${BENCHES.map(([n]) => n).join(', ')}`);
  process.exit(2);
}
// The smoke run's benches read BENCH_SMOKE in their child processes too.
if (SMOKE) process.env.BENCH_SMOKE = '1';
if (SMOKE) setupE2e();
else execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });

const failed: string[] = [];
for (const [name, run, namedOnly] of BENCHES) {
  if (wanted.length > 0 ? !wanted.includes(name) : namedOnly) continue;
  const start = performance.now();
  try {
    await run();
    if (SMOKE) console.log(`  (smoke: ${name} ran in ${((performance.now() - start) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed.push(name);
    console.error(`\nbench ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
if (failed.length > 0) console.error(`\n${failed.length} bench(es) failed: ${failed.join(', ')}`);
// A bench that timed out may leave a handle open (a page evaluation, a socket): end here.
process.exit(failed.length > 0 ? 1 : 0);
