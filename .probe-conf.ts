import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { DECODE_SIDE, prepareCard, toPgm } from './src/lib/card-image';
import { OcrEngine, linesOfPage } from './src/lib/ocr-engine';
import { installedLangPath } from './server/ocr/recognizer';
import { detectChineseScript } from './src/lib/card-fields';
import { scriptPairs } from './src/lib/card-fields/script';
const SIM=new Set(scriptPairs().map(p=>p[0])); const TRA=new Set(scriptPairs().map(p=>p[1]));
const mk = async (l: string) => { const w = await Tesseract.createWorker(l, 1, { langPath: installedLangPath(), cacheMethod: 'none', gzip: true }); await w.setParameters(OcrEngine.PARAMETERS); return w; };
const tra = await mk('eng+chi_tra'); const sim = await mk('eng+chi_sim');
const CJK = /[\u3400-\u9fff]/g;
for (const f of process.argv.slice(2)) {
  const { data, info } = await sharp(readFileSync(f)).rotate().resize({ width: DECODE_SIDE, height: DECODE_SIDE, fit: 'inside', withoutEnlargement: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const gray = prepareCard({ data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height }).gray;
  const pgm = toPgm(gray) as unknown as Tesseract.ImageLike;
  const out: string[] = [];
  for (const [n, w] of [['tra', tra], ['sim', sim]] as const) {
    const t0 = performance.now();
    const { data: d } = await w.recognize(pgm, {}, { text: true, blocks: true });
    const lines = linesOfPage(d).filter((l) => (l.text.match(CJK)?.length ?? 0) >= 2);
    const conf = lines.reduce((s, l) => s + l.confidence, 0) / Math.max(1, lines.length);
    const own = n==='tra'?TRA:SIM; const syms: number[] = []; const all: number[]=[];
    for (const b of d.blocks ?? []) for (const p of b.paragraphs) for (const l of p.lines) for (const w of l.words) for (const s of w.symbols) { if (own.has(s.text)) syms.push(s.confidence); if (/[\u3400-\u9fff]/.test(s.text)) all.push(s.confidence); }
    const m=(a:number[])=>a.length?(a.reduce((x,y)=>x+y,0)/a.length).toFixed(1):'-';
    out.push(`${n} own ${m(syms)}/${syms.length} cjk ${m(all)}/${all.length} line ${conf.toFixed(1)} ${Math.round(performance.now() - t0)}ms ${detectChineseScript(lines.map((l) => l.text).join(''))} ${lines.map((l) => l.text).join('|').slice(0, 60)}`);
  }
  console.log(f.split('/').pop(), '\n  ', out.join('\n   '));
}
await tra.terminate(); await sim.terminate();
