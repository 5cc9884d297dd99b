import { BENCH_SECONDS, getJson, postJson, printTable, requestsPerSecond, startServer } from './lib';

/**
 * GET /api/user/getProfile (token lookup + one user read) against a Fastify hello-world started
 * in the same run, so the ratio says what our stack costs on this machine, whatever its speed.
 */
export async function apiThroughput(): Promise<void> {
  const hello = await startServer('bench/servers/hello.ts');
  const app = await startServer('bench/servers/app.ts');
  try {
    const email = `bench-${Date.now()}@example.com`;
    await postJson(`${app.url}/api/sendVerifyCode`, { email, scene: 'register' });
    const { code } = await getJson<{ code: string }>(`${app.url}/bench/code/${encodeURIComponent(email)}`);
    const user = await postJson<{ token: string }>(`${app.url}/api/register`, { email, password: 'bench-pass', code });

    const helloRps = await requestsPerSecond(`${hello.url}/hello`);
    const profileRps = await requestsPerSecond(`${app.url}/api/user/getProfile`, { token: user.token });
    const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    printTable(`API throughput (${engine}, ${BENCH_SECONDS}s each, 10 connections)`, [
      ['Fastify hello-world', `${Math.round(helloRps)} req/s`],
      ['GET /api/user/getProfile', `${Math.round(profileRps)} req/s`],
      ['ratio getProfile / hello', `${(profileRps / helloRps).toFixed(2)}×`],
    ]);
  } finally {
    hello.stop();
    app.stop();
  }
}
