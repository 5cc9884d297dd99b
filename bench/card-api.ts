import { SEARCH_KEYWORDS } from './card-seed';
import {
  BENCH_SECONDS,
  getJson,
  postJson,
  printTable,
  requestsPerSecond,
  type Server,
  SMOKE,
  sized,
  startServer,
} from './lib';

/**
 * My card's read paths (issue 5):
 * - requests per second of GET /api/card/cardInfo/{key} next to a Fastify hello-world started
 *   in the same run: for a visitor (the shared-link case, answered from the short-lived
 *   in-memory copy), with that copy turned off (one SQL round trip per request), and for a
 *   signed-in viewer (token from memory, the card from the same copy, their friend entry read
 *   fresh, in one query with the other viewers' asked at the same moment);
 * - POST /api/card/search latency (p50, p99 over the keyword mix, end to end over HTTP) once
 *   100,000 public cards are generated in SQL.
 */
const SEARCH_CARDS = Number(process.env.BENCH_SEARCH_CARDS ?? sized(100_000, 1_000));
const SEARCH_ROUNDS = sized(25, 2);
const KEYWORDS_PER_SEARCHER = 4;

async function signUp(server: Server): Promise<string> {
  const email = `bench-card-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await postJson(`${server.url}/api/sendVerifyCode`, { email, scene: 'register' });
  const { code } = await getJson<{ code: string }>(`${server.url}/bench/code/${encodeURIComponent(email)}`);
  const user = await postJson<{ token: string }>(`${server.url}/api/register`, { email, password: 'bench-pass', code });
  return user.token;
}

const entries = (key: string, ...contents: string[]) => contents.map((content) => ({ key, content }));

/** Signs a user up and saves a full card for them; answers its share key and the token. */
async function cardOn(server: Server): Promise<{ token: string; shareKey: string }> {
  const token = await signUp(server);
  const card = await postJson<{ share_str: string }>(
    `${server.url}/api/card/create`,
    {
      name: '陳大文',
      english_name: 'Chan Tai Man',
      photo: '',
      photo_back: '',
      profile: 'Twenty years in trade finance. Ask me about letters of credit.',
      is_open: 1,
      extension: {
        company: [
          { name: '匯豐銀行', department: '貿易融資部', position: '經理', key: 'company' },
          { name: 'Acme Trading Ltd', department: 'Sales', position: 'Director', key: 'company' },
        ],
        address: entries('work', '香港中環皇后大道中1號', 'Flat 2, 3/F, 8 Nathan Road, Kowloon'),
        tel: entries('mobile', '+852 9123 4567', '+852 2123 4567'),
        email: entries('work', 'taiman.chan@example.com', 'taiman@example.org'),
        website: entries('company', 'https://www.example.com'),
        other: entries('other', 'Speaks Cantonese, Mandarin and English'),
        industry: entries('industry', '金融', 'Logistics'),
        social: entries('facebook', 'https://facebook.com/chantaiman'),
      },
    },
    { token },
  );
  return { token, shareKey: card.share_str };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function cardApi(): Promise<void> {
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const hello = await startServer('bench/servers/hello.ts');
  const app = await startServer('bench/servers/app.ts');
  const uncached = await startServer('bench/servers/app.ts', { SHARED_CARD_CACHE_MS: '0' });
  try {
    const shared = await cardOn(app);
    const plain = await cardOn(uncached);
    const viewer = await signUp(uncached);
    const appViewer = await signUp(app);

    const helloRps = await requestsPerSecond(`${hello.url}/hello`);
    const visitorRps = await requestsPerSecond(`${app.url}/api/card/cardInfo/${shared.shareKey}`);
    const sqlRps = await requestsPerSecond(`${uncached.url}/api/card/cardInfo/${plain.shareKey}`);
    const viewerRps = await requestsPerSecond(`${app.url}/api/card/cardInfo/${shared.shareKey}`, {
      token: appViewer,
    });
    const ratio = (rps: number) => `${Math.round(rps)} req/s  (${(rps / helloRps).toFixed(2)}× hello)`;
    printTable(`GET /api/card/cardInfo/{key} (${engine}, ${BENCH_SECONDS}s each, 10 connections)`, [
      ['Fastify hello-world', `${Math.round(helloRps)} req/s`],
      ['visitor (in-memory copy, 5 s)', ratio(visitorRps)],
      ['visitor, copy off (1 SQL round trip)', ratio(sqlRps)],
      ['signed-in viewer (card from the copy + friend entry)', ratio(viewerRps)],
    ]);

    const seeded = await getJson<{ ms: number }>(`${uncached.url}/bench/seed-cards/${SEARCH_CARDS}`, {
      method: 'POST',
    });
    const samples: number[] = [];
    const perKeyword: [string, string][] = [];
    let searcher = viewer;
    for (const [i, keyword] of SEARCH_KEYWORDS.entries()) {
      // card/search is limited per user (a person typing: 120 in 10 minutes), so a few keywords' rounds an account.
      if (i > 0 && i % KEYWORDS_PER_SEARCHER === 0) searcher = await signUp(uncached);
      const times: number[] = [];
      let found = 0;
      for (let round = 0; round < SEARCH_ROUNDS; round++) {
        const started = performance.now();
        const result = await postJson<{ list: unknown[] }>(
          `${uncached.url}/api/card/search`,
          { keyword, page_size: 20 },
          { token: searcher },
        );
        times.push(performance.now() - started);
        found = result.list.length;
      }
      // At full size every keyword but the last (a miss on purpose) finds cards; a smoke run's few do not.
      if (!SMOKE && keyword !== SEARCH_KEYWORDS.at(-1) && found === 0) {
        throw new Error(`search found nothing for ${keyword}`);
      }
      times.sort((a, b) => a - b);
      samples.push(...times);
      perKeyword.push([`  “${keyword}” (${found} on page 1)`, `p50 ${percentile(times, 50).toFixed(1)} ms`]);
    }
    samples.sort((a, b) => a - b);
    printTable(
      `POST /api/card/search over ${SEARCH_CARDS.toLocaleString('en')} public cards (${engine}; generated in ${(seeded.ms / 1000).toFixed(1)} s)`,
      [
        ['p50', `${percentile(samples, 50).toFixed(1)} ms`],
        ['p99', `${percentile(samples, 99).toFixed(1)} ms`],
        ['requests', `${samples.length} (${SEARCH_KEYWORDS.length} keywords × ${SEARCH_ROUNDS}, one at a time)`],
        ...perKeyword,
      ],
    );
  } finally {
    hello.stop();
    app.stop();
    uncached.stop();
  }
}
