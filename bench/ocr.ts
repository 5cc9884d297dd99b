import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { CARD_KINDS, type CardKind, type CardPhoto, planCardPhotos } from '../scripts/card-photos/index';
import { createRecognizer, type RecognizeResult } from '../server/ocr/recognizer';
import { type CardFields, cardFieldsSchema } from '../src/api/cloud';
import { f1, type Score, scoreFields } from '../src/lib/card-fields/score';
import { EMPTY_FIELDS } from '../src/lib/card-fields/types';
import { coreVariant, filesFor, LANG_CODES, OCR_MANIFEST_URL, type OcrManifest } from '../src/lib/ocr-assets';
import { launchBrowser } from '../tests/e2e/support/browser';
import { type E2eServer, startServer } from '../tests/e2e/support/server';
import { sized, within } from './lib';
import { naiveExtract } from './ocr/naive-extract';

/**
 * OCR of generated card photos (scripts/card-photos: every kind of card the generator draws,
 * tilted, blurred, noisy, glared, shaded, on a table), measured side by side in one run:
 * - ours in Node: server/ocr/recognizer.ts with one engine, photo preparation included;
 * - ours in Chromium: the built OCR worker (dist/assets/ocr.worker-*.js) of the real server's
 *   app, driven over Comlink's wire protocol from a blank page of the app's origin;
 * - the baseline: the same engine's plain text with no preparation (`prepare: false`) given to
 *   a naive regular-expression extractor (bench/ocr/naive-extract.ts).
 * Two sets drawn from different seeds: the development set, which the extractor may be tuned
 * on, and the test set, which it never is (its photos are not to be looked at when changing the
 * extractor); both are reported, the goals hold on the test set. Every card is read as a user of
 * one area or the other, alternately (the card's script, not the user's area, decides how it is
 * read). Field-level F1 (src/lib/card-fields/score.ts; goal ≥ 0.9 overall, ≥ 0.85 per field
 * and kind) and the warm time per card (after one untimed recognition; goal under 1 s median in
 * the browser): median and p90. Memory: the Node process's RSS sampled every 50 ms during each
 * Node pass (worker threads included; RSS left by an earlier pass counts in a later one), and
 * for Chromium the peak RSS (VmHWM, /proc) of the renderer process that hosts the page and its
 * dedicated worker (wasm memory included). Download: the bytes a device fetches to prepare
 * offline scanning (the server's /ocr/manifest.json, what src/browser/ocr-client.ts downloads).
 * Figures only: nothing here passes or fails. BENCH_OCR_PHOTOS sets how many photos per set
 * (default 77), BENCH_OCR_DIR keeps them in that folder (and reads them from it in a later run), BENCH_OCR_VERBOSE=1 prints each photo's
 * score, BENCH_OCR_SETS=dev runs the development set only.
 */
const PER_SET = Number(process.env.BENCH_OCR_PHOTOS ?? sized(77, 1));
const SETS = [
  { name: 'test', seed: 7411 },
  { name: 'dev', seed: 2026 },
] as const;
type SetName = (typeof SETS)[number]['name'];
const WANTED_SETS = (process.env.BENCH_OCR_SETS ?? 'test,dev').split(',');
const F1_GOAL = 0.9;
const PART_GOAL = 0.85;
const MS_GOAL = 1000;

type Area = 'hk' | 'ch';
type Photo = CardPhoto & { set: SetName; area: Area };
type Recognition = Pick<RecognizeResult, 'fields' | 'lines' | 'text'>;

/** What the worker's Comlink api answers, less the prepared image (a Blob stays in the page). */
type WorkerAnswer = { fields: CardFields; lines: string[]; workerMs: number; ms: number };

declare global {
  interface Window {
    benchOcr?: { recognize(src: string, area: Area): Promise<WorkerAnswer> };
  }
}

const FIELDS = Object.keys(EMPTY_FIELDS) as (keyof CardFields)[];

type Pass = {
  label: string;
  /** Per photo: the fields got and the warm ms (wall clock, preparation included). */
  results: { photo: Photo; fields: CardFields; ms: number }[];
  memory: string;
  note?: string;
};

type Failed = { label: string; reason: string };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/** Samples this process's RSS every 50 ms; `stop` answers the peak and the RSS at the start, in MB. */
function rssSampler(): { stop(): { peak: number; start: number } } {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return { peak: Math.max(peak, process.memoryUsage.rss()) / 2 ** 20, start: start / 2 ** 20 };
    },
  };
}

async function nodePass(
  label: string,
  options: { workers?: number; prepare?: boolean },
  photos: Photo[],
  extract: (r: Recognition) => CardFields,
): Promise<Pass> {
  const sampler = rssSampler();
  const recognizer = await within(`the ${label} recognizer to start`, createRecognizer(options));
  try {
    const first = photos[0];
    if (!first) throw new Error('no photos');
    await within(`${label}: the warm-up recognition`, () =>
      recognizer.recognize(readFileSync(first.file), { area: first.area }),
    ); // warm-up, untimed
    const results: Pass['results'] = [];
    for (const photo of photos) {
      const image = readFileSync(photo.file);
      const start = performance.now();
      const recognition = await within(`${label}: ${basename(photo.file)}`, () =>
        recognizer.recognize(image, { area: photo.area }),
      );
      const ms = performance.now() - start;
      results.push({ photo, fields: cardFieldsSchema.parse(extract(recognition)), ms });
    }
    const { peak, start } = sampler.stop();
    return {
      label,
      results,
      memory: `${peak.toFixed(0)} MB peak RSS of the Node process, ${start.toFixed(0)} MB before the pass`,
    };
  } finally {
    sampler.stop();
    await within(`the ${label} recognizer to end`, () => recognizer.terminate());
  }
}

/**
 * In the page (a string, not a function: page functions may not declare inner functions, see
 * friends-sync.ts): starts the module worker and answers recognize(src, area) by fetching the
 * photo as a Blob and calling the worker's `recognize` with Comlink's wire messages (APPLY with
 * RAW arguments; the answer is RAW, or a HANDLER 'throw' carrying the error).
 */
function clientScript(workerUrl: string): string {
  return `(() => {
  const worker = new Worker(${JSON.stringify(workerUrl)}, { type: 'module' });
  const pending = new Map();
  let next = 1;
  let failure = null;
  worker.addEventListener('error', (ev) => { failure = new Error('OCR worker error: ' + (ev.message || 'failed to load')); for (const done of pending.values()) done({ failure }); pending.clear(); });
  worker.addEventListener('message', (ev) => {
    const data = ev.data;
    const done = data && pending.get(data.id);
    if (!done) return;
    pending.delete(data.id);
    done(data);
  });
  const call = (path, args) => new Promise((resolve, reject) => {
    if (failure) return reject(failure);
    const id = 'bench-ocr-' + next++;
    pending.set(id, (data) => {
      if (data.failure) reject(data.failure);
      else if (data.type === 'HANDLER' && data.name === 'throw') {
        const thrown = data.value || {};
        reject(new Error(thrown.isError ? (thrown.value && thrown.value.message) : String(thrown.value)));
      } else resolve(data.value);
    });
    worker.postMessage({ id, type: 'APPLY', path, argumentList: args.map((value) => ({ type: 'RAW', value })) });
  });
  window.benchOcr = {
    async recognize(src, area) {
      const blob = await (await fetch(src)).blob();
      const start = performance.now();
      const result = await call(['recognize'], [blob, { area }]);
      const ms = performance.now() - start;
      return { fields: result.fields, lines: result.lines, workerMs: result.ms, ms };
    },
  };
})()`;
}

/** VmHWM and VmRSS (MB) of a process, from /proc. */
function procMemory(pid: number): { hwm: number; rss: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { hwm: kb('VmHWM') / 1024, rss: kb('VmRSS') / 1024 };
}

/** The renderer processes of the browser, by CDP SystemInfo.getProcessInfo. */
async function rendererPids(cdp: CDPSession): Promise<{ pid: number; cpu: number }[]> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number; cpuTime: number }[];
  };
  return processInfo.filter((p) => p.type === 'renderer').map((p) => ({ pid: p.id, cpu: p.cpuTime }));
}

async function chromiumPass(browser: Browser, server: E2eServer, photos: Photo[]): Promise<Pass> {
  const dist = join(server.dataDir, 'dist');
  const workerFile = readdirSync(join(dist, 'assets')).find((f) => /^ocr\.worker-[^/]+\.js$/.test(f));
  if (!workerFile) throw new Error('dist/assets has no ocr.worker-*.js (is the OCR worker built?)');
  mkdirSync(join(dist, 'bench-ocr'), { recursive: true });
  for (const photo of photos) cpSync(photo.file, join(dist, 'bench-ocr', `${photo.set}-${basename(photo.file)}`));
  writeFileSync(
    join(dist, 'bench-ocr', 'index.html'),
    '<!doctype html><meta charset="utf-8"><p>Cardbook OCR bench</p>',
  );
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  const cdp = await browser.newBrowserCDPSession();
  try {
    const page: Page = await context.newPage();
    await page.goto('/bench-ocr/index.html');
    // Dedicated workers run in the renderer process of their page; which renderer that is, CDP
    // does not say: the one whose peak RSS grew most while the worker ran.
    const before = new Map((await rendererPids(cdp)).map((p) => [p.pid, procMemory(p.pid).rss]));
    await page.evaluate(clientScript(`/assets/${workerFile}`));
    const recognize = (photo: Photo) =>
      within(`the Chromium worker: ${basename(photo.file)}`, () =>
        page.evaluate(
          ([src, area]) => {
            if (!window.benchOcr) throw new Error('the OCR client is not installed');
            return window.benchOcr.recognize(src, area);
          },
          [`/bench-ocr/${photo.set}-${basename(photo.file)}`, photo.area] as const,
        ),
      );
    const first = photos[0];
    if (!first) throw new Error('no photos');
    await recognize(first); // warm-up, untimed (loads the engine and the language data)
    const results: Pass['results'] = [];
    const workerMs: number[] = [];
    for (const photo of photos) {
      const answer = await recognize(photo);
      results.push({ photo, fields: cardFieldsSchema.parse(answer.fields), ms: answer.ms });
      workerMs.push(answer.workerMs);
    }
    const grown = (await rendererPids(cdp))
      .map(({ pid }) => ({ pid, ...procMemory(pid), before: before.get(pid) ?? 0 }))
      .sort((a, b) => b.hwm - b.before - (a.hwm - a.before))[0];
    const memory = grown
      ? `${grown.hwm.toFixed(0)} MB peak RSS of the page's renderer process (page + worker), ${grown.before.toFixed(0)} MB before the worker started`
      : 'n/a (no renderer process found)';
    return {
      label: BROWSER,
      results,
      memory,
      note: `the worker's own ms (its answer's \`ms\`): median ${percentile(workerMs, 0.5).toFixed(0)}, p90 ${percentile(workerMs, 0.9).toFixed(0)}; the figures above are the page's round trip`,
    };
  } finally {
    await cdp.detach().catch(() => undefined);
    await context.close();
  }
}

type Filter = { set?: SetName; kind?: CardKind; field?: keyof CardFields };

function scoreOf(pass: Pass, { set, kind, field }: Filter): number {
  const total: Score = { tp: 0, fp: 0, fn: 0 };
  let cards = 0;
  for (const { photo, fields } of pass.results) {
    if ((set && photo.set !== set) || (kind && photo.kind !== kind)) continue;
    const only = (f: CardFields): CardFields => (field ? { ...EMPTY_FIELDS, [field]: f[field] } : f);
    const s = scoreFields(only(photo.truth), only(fields));
    total.tp += s.tp;
    total.fp += s.fp;
    total.fn += s.fn;
    cards += 1;
  }
  return cards === 0 ? Number.NaN : f1(total);
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

const f3 = (n: number) => (Number.isNaN(n) ? 'n/a' : n.toFixed(3));
const ms = (values: number[], p: number) => (values.length === 0 ? 'n/a' : percentile(values, p).toFixed(0));

/** F1 per kind and overall, F1 per field, and time, of one set. */
function reportSet(set: SetName, passes: Pass[], photos: Photo[]): void {
  const mine = photos.filter((p) => p.set === set);
  const kinds = CARD_KINDS.filter((k) => mine.some((p) => p.kind === k));
  const counts = kinds.map((k) => `${mine.filter((p) => p.kind === k).length} ${k}`).join(', ');
  const seed = SETS.find((s) => s.name === set)?.seed;
  console.log(
    `\n${set === 'test' ? 'TEST set (never tuned on)' : 'Development set'}: ${mine.length} photos (${counts}; seed ${seed})`,
  );
  table(
    ['', ...kinds.map((k) => `F1 ${k}`), 'F1 all', 'median ms', 'p90 ms'],
    passes.map((p) => {
      const times = p.results.filter((r) => r.photo.set === set).map((r) => r.ms);
      return [
        p.label,
        ...kinds.map((kind) => f3(scoreOf(p, { set, kind }))),
        f3(scoreOf(p, { set })),
        ms(times, 0.5),
        ms(times, 0.9),
      ];
    }),
  );
  console.log('  F1 per field');
  table(
    ['', ...FIELDS],
    passes.map((p) => [p.label, ...FIELDS.map((field) => f3(scoreOf(p, { set, field })))]),
  );
  const node = passes.find((p) => p.label === NODE);
  const browser = passes.find((p) => p.label === BROWSER);
  if (!node) return;
  const ours = node.results.filter((r) => r.photo.set === set);
  const weakest = [
    ...kinds.map((kind) => ({ what: `kind ${kind}`, f1: scoreOf(node, { set, kind }) })),
    ...FIELDS.map((field) => ({ what: `field ${field}`, f1: scoreOf(node, { set, field }) })),
  ].filter((x) => x.f1 < PART_GOAL);
  console.log(
    `  ours (Node): F1 ${f3(scoreOf(node, { set }))} (goal ≥ ${F1_GOAL}); under ${PART_GOAL}: ${weakest.length === 0 ? 'none' : weakest.map((w) => `${w.what} ${f3(w.f1)}`).join(', ')}; ${ours.length} cards`,
  );
  if (browser) {
    const gap = Math.abs(scoreOf(node, { set }) - scoreOf(browser, { set }));
    console.log(`  Node and Chromium differ by ${f3(gap)} F1 (goal ≤ 0.01)`);
  }
}

function report(passes: Pass[], failed: Failed[], photos: Photo[], download: string): void {
  for (const set of SETS) if (photos.some((p) => p.set === set.name)) reportSet(set.name, passes, photos);
  for (const p of failed) console.log(`  ${p.label}: not measured, ${p.reason}`);
  if (process.env.BENCH_OCR_VERBOSE) {
    for (const p of passes) {
      for (const r of p.results) {
        const s = scoreFields(r.photo.truth, r.fields);
        console.log(
          `  ${p.label} ${r.photo.set}/${basename(r.photo.file)}: tp ${s.tp} fp ${s.fp} fn ${s.fn}, ${r.ms.toFixed(0)} ms`,
        );
      }
    }
  }
  console.log('\n  Memory and download');
  for (const p of passes) console.log(`  ${p.label}: ${p.memory}${p.note ? `; ${p.note}` : ''}`);
  console.log(`  To prepare offline scanning a device downloads ${download}`);
  const browser = passes.find((p) => p.label === BROWSER);
  if (browser) {
    const median = percentile(
      browser.results.map((r) => r.ms),
      0.5,
    );
    console.log(
      `  Chromium median ${median.toFixed(0)} ms a card warm: ${(median / MS_GOAL).toFixed(2)}× the ${MS_GOAL} ms goal`,
    );
  }
}

const NODE = 'ours, Node';
const BROWSER = 'ours, Chromium worker';

/** Draws a set's photos in a child process (npm run card-photos), so this process's RSS is the recognizers' own. */
function drawSet(dir: string, seed: number): void {
  const cli = fileURLToPath(new URL('../scripts/card-photos/cli.ts', import.meta.url));
  const args = ['--out', dir, '--count', String(PER_SET), '--seed', String(seed)];
  execFileSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: sized(900_000, 120_000),
  });
}

/** What preparing offline scanning downloads (the fastest engine variant of this runtime, every language). */
async function downloadSize(server: E2eServer): Promise<string> {
  const response = await fetch(new URL(OCR_MANIFEST_URL, server.url));
  const manifest = (await response.json()) as OcrManifest;
  const files = filesFor(manifest, coreVariant(), LANG_CODES);
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  return `${(bytes / 1e6).toFixed(1)} MB (${files.length} files: engine ${coreVariant()}, ${LANG_CODES.join(', ')})`;
}

export async function ocr(): Promise<void> {
  const keep = process.env.BENCH_OCR_DIR;
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'cardbook-ocr-bench-'));
  let server: E2eServer | null = null;
  let browser: Browser | null = null;
  try {
    const start = performance.now();
    const photos: Photo[] = [];
    for (const set of SETS) {
      if (!WANTED_SETS.includes(set.name)) continue;
      const setDir = join(dir, set.name);
      // A kept folder that already holds the set's photos (BENCH_OCR_DIR, an earlier run) is read again as it is.
      const drawn =
        keep &&
        planCardPhotos({ count: PER_SET, seed: set.seed }).every((plan) =>
          existsSync(join(setDir, `${plan.name}.jpg`)),
        );
      if (!drawn) drawSet(setDir, set.seed);
      planCardPhotos({ count: PER_SET, seed: set.seed }).forEach((plan, i) => {
        const truth = cardFieldsSchema.parse(JSON.parse(readFileSync(join(setDir, `${plan.name}.truth.json`), 'utf8')));
        photos.push({
          file: join(setDir, `${plan.name}.jpg`),
          truth,
          kind: plan.kind,
          set: set.name,
          area: i % 2 === 0 ? 'hk' : 'ch',
        });
      });
    }
    console.log(
      `\n(${photos.length} photos generated in ${((performance.now() - start) / 1000).toFixed(0)} s in ${dir})`,
    );

    const passes: Pass[] = [];
    const failed: Failed[] = [];
    const attempt = async (label: string, run: () => Promise<Pass>) => {
      try {
        passes.push(await run());
      } catch (error) {
        failed.push({ label, reason: error instanceof Error ? error.message : String(error) });
      }
    };
    await attempt(NODE, () => nodePass(NODE, { workers: 1 }, photos, (r) => r.fields));
    await attempt('baseline', () =>
      nodePass('baseline: plain text, naive regex', { prepare: false }, photos, (r) => naiveExtract(r.text)),
    );
    // The server (PGlite in this process) starts after the Node passes, out of their RSS.
    let download = 'n/a (no server)';
    if (existsSync(fileURLToPath(new URL('../dist/index.html', import.meta.url)))) {
      const app = await within('the server to start', startServer());
      server = app;
      download = await within('the OCR manifest', downloadSize(app));
      const chromium = await within('Chromium to start', launchBrowser());
      browser = chromium;
      await attempt(BROWSER, () => chromiumPass(chromium, app, photos));
    } else failed.push({ label: BROWSER, reason: 'dist/ is missing: run `npm run build` first' });

    report(passes, failed, photos, download);
  } finally {
    await browser?.close();
    await server?.close();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ocr();
}
