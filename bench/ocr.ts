import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { type CardKind, type CardPhoto, planCardPhotos } from '../scripts/card-photos/index';
import { type CardFields, cardFieldsSchema } from '../src/api/cloud';
import { EMPTY_FIELDS } from '../src/lib/card-fields/types';
import { launchBrowser } from '../tests/e2e/support/browser';
import { type E2eServer, startServer } from '../tests/e2e/support/server';
import { sized, within } from './lib';

/**
 * OCR of generated card photos (scripts/card-photos: 10 bilingual Hong Kong, 10 English, 10
 * Simplified Chinese, seed 2026; tilted, blurred, noisy, JPEG, on a table), measured side by
 * side in one run:
 * - ours in Node: server/ocr/recognizer.ts with one worker, photo preparation included;
 * - ours in Chromium: the built OCR worker (dist/assets/ocr.worker-*.js) of the real server's
 *   app, driven over Comlink's wire protocol from a blank page of the app's origin;
 * - the baseline: the same engine's plain text with no preparation (`prepare: false`) given to
 *   a naive regular-expression extractor (bench/ocr/naive-extract.ts).
 * Field-level F1 (src/lib/card-fields/score.ts; goal ≥ 0.9) per kind and overall, and the warm
 * time per card (after one untimed recognition; goal under 1 s): median and p90. Memory: the
 * Node process's RSS sampled every 50 ms during each Node pass (worker threads included; RSS
 * left by an earlier pass counts in a later one), and for Chromium the peak RSS (VmHWM, /proc)
 * of the renderer process that hosts the page and its dedicated worker (wasm memory included):
 * of the renderers CDP SystemInfo.getProcessInfo lists, the one whose peak grew most while the
 * worker ran, beside its RSS before the worker started.
 * Figures only: nothing here passes or fails. BENCH_OCR_PHOTOS sets how many photos (default
 * 30), BENCH_OCR_DIR keeps them in that folder, BENCH_OCR_VERBOSE=1 prints each photo's score.
 */
const PHOTOS = Number(process.env.BENCH_OCR_PHOTOS ?? sized(30, 3));
const SEED = 2026;
const F1_GOAL = 0.9;
const MS_GOAL = 1000;

type Area = 'hk' | 'ch';
type Score = { tp: number; fp: number; fn: number };
type Recognition = { fields: CardFields; lines: string[]; text: string; ms: number };
type Recognizer = {
  recognize(image: Buffer, options: { area: Area }): Promise<Recognition>;
  terminate(): Promise<void>;
};
type RecognizerModule = {
  createRecognizer(options?: { workers?: number; prepare?: boolean }): Promise<Recognizer>;
};
type ScoreModule = { scoreFields(truth: CardFields, got: CardFields): Score; f1(score: Score): number };
type NaiveModule = { naiveExtract(text: string): CardFields };

/** What the worker's Comlink api answers, less the prepared image (a Blob stays in the page). */
type WorkerAnswer = { fields: CardFields; lines: string[]; workerMs: number; ms: number };

declare global {
  interface Window {
    benchOcr?: { recognize(src: string, area: Area): Promise<WorkerAnswer> };
  }
}

/**
 * The modules of the OCR engine and the extractor, loaded by path so this file compiles before
 * they exist (their shapes are declared above, as the issue gives them; once they are merged,
 * static imports would let tsc check those shapes). Fields they answer are checked at run time
 * against the contract's cardFieldsSchema.
 */
async function load<T>(relative: string, exportName: string): Promise<T | string> {
  const path = fileURLToPath(new URL(relative, import.meta.url));
  if (!existsSync(path)) return `${relative.replace(/^\.\.\//, '')} is missing`;
  const mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  return typeof mod[exportName] === 'function' ? (mod as T) : `${relative} exports no ${exportName}()`;
}

const areaOf = (kind: CardKind): Area => (kind === 'cn' ? 'ch' : 'hk');
const KINDS: readonly CardKind[] = ['hk', 'en', 'cn'];
const FIELDS = Object.keys(EMPTY_FIELDS) as (keyof CardFields)[];

type Pass = {
  label: string;
  /** Per photo: the fields got and the warm ms (wall clock, preparation included). */
  results: { photo: CardPhoto; fields: CardFields; ms: number }[];
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
  recognizers: RecognizerModule,
  options: { workers?: number; prepare?: boolean },
  photos: CardPhoto[],
  extract: (r: Recognition) => CardFields,
): Promise<Pass> {
  const sampler = rssSampler();
  const recognizer = await within(`the ${label} recognizer to start`, recognizers.createRecognizer(options));
  try {
    const first = photos[0];
    if (!first) throw new Error('no photos');
    await within(`${label}: the warm-up recognition`, () =>
      recognizer.recognize(readFileSync(first.file), { area: areaOf(first.kind) }),
    ); // warm-up, untimed
    const results: Pass['results'] = [];
    for (const photo of photos) {
      const image = readFileSync(photo.file);
      const start = performance.now();
      const recognition = await within(`${label}: ${basename(photo.file)}`, () =>
        recognizer.recognize(image, { area: areaOf(photo.kind) }),
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

async function chromiumPass(browser: Browser, server: E2eServer, photos: CardPhoto[]): Promise<Pass> {
  const dist = join(server.dataDir, 'dist');
  const workerFile = readdirSync(join(dist, 'assets')).find((f) => /^ocr\.worker-[^/]+\.js$/.test(f));
  if (!workerFile) throw new Error('dist/assets has no ocr.worker-*.js (is the OCR worker built?)');
  mkdirSync(join(dist, 'bench-ocr'), { recursive: true });
  for (const photo of photos) cpSync(photo.file, join(dist, 'bench-ocr', basename(photo.file)));
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
    const recognize = (photo: CardPhoto) =>
      within(`the Chromium worker: ${basename(photo.file)}`, () =>
        page.evaluate(
          ([src, area]) => {
            if (!window.benchOcr) throw new Error('the OCR client is not installed');
            return window.benchOcr.recognize(src, area);
          },
          [`/bench-ocr/${basename(photo.file)}`, areaOf(photo.kind)] as const,
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
      label: 'ours, Chromium worker',
      results,
      memory,
      note: `the worker's own ms (its answer's \`ms\`): median ${percentile(workerMs, 0.5).toFixed(0)}, p90 ${percentile(workerMs, 0.9).toFixed(0)}; the figures above are the page's round trip`,
    };
  } finally {
    await cdp.detach().catch(() => undefined);
    await context.close();
  }
}

function scoreOf(scores: ScoreModule | null, pass: Pass, kind?: CardKind, field?: keyof CardFields): number {
  if (!scores) return Number.NaN;
  const total: Score = { tp: 0, fp: 0, fn: 0 };
  for (const { photo, fields } of pass.results) {
    if (kind && photo.kind !== kind) continue;
    const only = (f: CardFields): CardFields => (field ? { ...EMPTY_FIELDS, [field]: f[field] } : f);
    const s = scores.scoreFields(only(photo.truth), only(fields));
    total.tp += s.tp;
    total.fp += s.fp;
    total.fn += s.fn;
  }
  return scores.f1(total);
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

function report(scores: ScoreModule | null, passes: Pass[], failed: Failed[], photos: CardPhoto[]): void {
  const counts = KINDS.map((k) => `${photos.filter((p) => p.kind === k).length} ${k}`).join(', ');
  console.log(`\nOCR of ${photos.length} generated card photos (${counts}; seed ${SEED})`);
  if (!scores) console.log('  (no F1: src/lib/card-fields/score.ts is missing)');
  const f = (n: number) => (Number.isNaN(n) ? 'n/a' : n.toFixed(3));
  table(
    ['', 'F1 hk', 'F1 en', 'F1 cn', 'F1 all', 'median ms', 'p90 ms', 'peak memory'],
    passes.map((p) => {
      const ms = p.results.map((r) => r.ms);
      return [
        p.label,
        ...KINDS.map((k) => f(scoreOf(scores, p, k))),
        f(scoreOf(scores, p)),
        percentile(ms, 0.5).toFixed(0),
        percentile(ms, 0.9).toFixed(0),
        p.memory,
      ];
    }),
  );
  for (const p of failed) console.log(`  ${p.label}: not measured, ${p.reason}`);
  if (process.env.BENCH_OCR_VERBOSE && scores) {
    for (const p of passes) {
      for (const r of p.results) {
        const s = scores.scoreFields(r.photo.truth, r.fields);
        console.log(`  ${p.label} ${basename(r.photo.file)}: tp ${s.tp} fp ${s.fp} fn ${s.fn}, ${r.ms.toFixed(0)} ms`);
      }
    }
  }
  if (passes.length === 0) return;
  for (const p of passes) if (p.note) console.log(`  ${p.label}: ${p.note}`);

  console.log('\n  F1 per field');
  table(
    ['', ...FIELDS],
    passes.map((p) => [p.label, ...FIELDS.map((field) => f(scoreOf(scores, p, undefined, field)))]),
  );

  const baseline = passes.find((p) => p.label.startsWith('baseline'));
  console.log('\n  Ratios');
  for (const p of passes) {
    if (p === baseline) continue;
    const ours = scoreOf(scores, p);
    const vs = baseline
      ? `${(ours / scoreOf(scores, baseline)).toFixed(2)}× the baseline's F1 (${f(scoreOf(scores, baseline))})`
      : 'no baseline';
    const median = percentile(
      p.results.map((r) => r.ms),
      0.5,
    );
    console.log(
      `  ${p.label}: F1 ${f(ours)} (goal ≥ ${F1_GOAL}), ${vs}; median ${(median / MS_GOAL).toFixed(2)}× the ${MS_GOAL} ms goal`,
    );
  }
}

export async function ocr(): Promise<void> {
  const keep = process.env.BENCH_OCR_DIR;
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'cardbook-ocr-bench-'));
  let server: E2eServer | null = null;
  let browser: Browser | null = null;
  try {
    const start = performance.now();
    // Drawn in a child process (npm run card-photos), so this process's RSS is the recognizers' own.
    const cli = fileURLToPath(new URL('../scripts/card-photos/cli.ts', import.meta.url));
    const args = ['--out', dir, '--count', String(PHOTOS), '--seed', String(SEED)];
    execFileSync(process.execPath, ['--import', 'tsx', cli, ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: sized(600_000, 120_000),
    });
    const photos: CardPhoto[] = planCardPhotos({ count: PHOTOS, seed: SEED }).map((plan) => {
      const file = join(dir, `${plan.name}.jpg`);
      const truth = cardFieldsSchema.parse(JSON.parse(readFileSync(join(dir, `${plan.name}.truth.json`), 'utf8')));
      return { file, truth, kind: plan.kind };
    });
    console.log(
      `\n(${photos.length} photos generated in ${((performance.now() - start) / 1000).toFixed(0)} s in ${dir})`,
    );

    const recognizers = await load<RecognizerModule>('../server/ocr/recognizer.ts', 'createRecognizer');
    const scores = await load<ScoreModule>('../src/lib/card-fields/score.ts', 'scoreFields');
    const naive = await load<NaiveModule>('./ocr/naive-extract.ts', 'naiveExtract');
    const passes: Pass[] = [];
    const failed: Failed[] = [];
    const attempt = async (label: string, run: () => Promise<Pass>) => {
      try {
        passes.push(await run());
      } catch (error) {
        failed.push({ label, reason: error instanceof Error ? error.message : String(error) });
      }
    };

    if (typeof recognizers === 'string') {
      failed.push({ label: 'ours, Node', reason: recognizers }, { label: 'baseline', reason: recognizers });
    } else {
      await attempt('ours, Node', () => nodePass('ours, Node', recognizers, { workers: 1 }, photos, (r) => r.fields));
      if (typeof naive === 'string') failed.push({ label: 'baseline', reason: naive });
      else {
        await attempt('baseline', () =>
          nodePass('baseline: plain text, naive regex', recognizers, { prepare: false }, photos, (r) =>
            naive.naiveExtract(r.text),
          ),
        );
      }
    }
    // The server (PGlite in this process) starts after the Node passes, out of their RSS.
    if (existsSync(fileURLToPath(new URL('../dist/index.html', import.meta.url)))) {
      const app = await within('the server to start', startServer());
      server = app;
      const chromium = await within('Chromium to start', launchBrowser());
      browser = chromium;
      await attempt('ours, Chromium worker', () => chromiumPass(chromium, app, photos));
    } else failed.push({ label: 'ours, Chromium worker', reason: 'dist/ is missing: run `npm run build` first' });

    report(typeof scores === 'string' ? null : scores, passes, failed, photos);
  } finally {
    await browser?.close();
    await server?.close();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ocr();
}
