import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm run cluster -- N`: the server as N processes behind HAProxy on one port (PORT, 8080), on
 * PostgreSQL (DATABASE_URL, else a throw-away one started here) and Mosquitto with dynamic
 * security (MQTT_URL and its admin account, else a throw-away one started here), the topology
 * of deploy/compose.yaml without containers. HAProxy sends each request to a ready process
 * (GET /readyz), the broker's websockets at /mqtt, and a request with the header
 * `x-cardbook-server: app2` to that process while it is up (tests pin a browser with it); the
 * answer's `x-cardbook-server` names the process that answered. The processes share
 * DATA_DIR (uploaded files). Ctrl-C stops everything this started.
 */
const count = Number(process.argv[2] ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('usage: npm run cluster -- N   (1 to 16 server processes)');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8080);
const host = process.env.CLUSTER_HOST ?? '127.0.0.1';
const dataDir = process.env.DATA_DIR ?? './data-cluster';
const work = mkdtempSync(join(tmpdir(), 'cardbook-cluster-'));
// PostgreSQL and Mosquitto drop to their own users when started as root: they must reach it.
chmodSync(work, 0o755);
const stops: string[] = [];
const children: ChildProcess[] = [];

/** Runs a .ci/start-*.sh script and takes the `export NAME=value` lines it prints. */
function started(script: string, dir: string, scriptPort: number): Record<string, string> {
  const out = execFileSync('bash', [script, dir, String(scriptPort)], { encoding: 'utf8' });
  const env: Record<string, string> = {};
  for (const m of out.matchAll(/^export (\w+)=(.*)$/gm)) env[m[1] ?? ''] = (m[2] ?? '').replace(/^'(.*)'$/, '$1');
  return env;
}

function stopAll(code: number): never {
  for (const child of children) child.kill('SIGTERM');
  for (const stop of stops) {
    try {
      execFileSync('bash', ['-c', stop], { stdio: 'ignore' });
    } catch {}
  }
  rmSync(work, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const env: Record<string, string | undefined> = { ...process.env };
/** Where the broker takes websockets (the balancer sends /mqtt there): MQTT_WS_URL's, or the throw-away one's. */
let brokerWs = new URL(env.MQTT_WS_URL || 'ws://127.0.0.1:1884');
if (!env.DATABASE_URL) {
  const pg = started('.ci/start-postgres.sh', join(work, 'pg'), port + 100);
  env.DATABASE_URL = pg.DATABASE_URL;
  if (pg.PG_STOP) stops.push(pg.PG_STOP);
  console.log(`PostgreSQL (throw-away) at ${env.DATABASE_URL}`);
}
if (!env.MQTT_URL) {
  const mq = started('.ci/start-mosquitto.sh', join(work, 'mqtt'), port + 200);
  Object.assign(env, { MQTT_URL: mq.MQTT_URL, MQTT_ADMIN_USERNAME: mq.MQTT_ADMIN_USERNAME });
  env.MQTT_ADMIN_PASSWORD = mq.MQTT_ADMIN_PASSWORD;
  brokerWs = new URL(mq.MQTT_WS_URL ?? '');
  if (mq.MQTT_STOP) stops.push(mq.MQTT_STOP);
  console.log(`Mosquitto (throw-away) at ${env.MQTT_URL}`);
}

// The same build as `npm start`.
execFileSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], { stdio: 'inherit' });
mkdirSync(dataDir, { recursive: true });

const servers = Array.from({ length: count }, (_, i) => ({ name: `app${i + 1}`, port: port + 1 + i }));
for (const server of servers) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/serve.js'], {
    env: {
      ...env,
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // HAProxy is the one proxy in front: the address it saw is the client's.
      TRUST_PROXY: '1',
      // Browsers reach the broker through the balancer, on the app's own origin.
      MQTT_WS_URL: `ws://${host === '0.0.0.0' ? 'localhost' : host}:${port}/mqtt`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => console.log(`${server.name} stopped (${signal ?? code})`));
  console.log(`${server.name} pid ${child.pid} on 127.0.0.1:${server.port}`);
  children.push(child);
}

const config = `global
  maxconn 4096
defaults
  mode http
  timeout connect 5s
  timeout client 75s
  timeout server 75s
  timeout tunnel 1h
  option forwardfor
  option redispatch
  retries 2
frontend cardbook
  bind ${host}:${port}
  use_backend broker if { path_beg /mqtt }
  default_backend app
backend broker
  server mosquitto ${brokerWs.hostname}:${brokerWs.port}
backend app
  balance roundrobin
  # Which process answered (a pinned request to a process marked down goes to another).
  http-response set-header x-cardbook-server %s
  option httpchk GET /readyz
  default-server check inter 1s fall 2 rise 1
${servers.map((s) => `  use-server ${s.name} if { req.hdr(x-cardbook-server) -m str ${s.name} }`).join('\n')}
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`).join('\n')}
`;
const configFile = join(work, 'haproxy.cfg');
writeFileSync(configFile, config);
const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
haproxy.on('error', (error) => {
  console.error(`haproxy did not start (${error.message}): apt-get install -y haproxy`);
  stopAll(1);
});
children.push(haproxy);
console.log(`Cardbook: ${count} processes behind HAProxy on http://${host}:${port} (Ctrl-C stops all)`);
