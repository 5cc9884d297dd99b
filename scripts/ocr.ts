/**
 * `npm run ocr -- FILE...`: recognizes image files with the same preparation, engine code and
 * field extractor as the app (server/ocr/recognizer.ts) and prints one JSON line per file:
 * {"file", "ms", "fields"}. `ms` is the time of that file in a warm worker, preparation
 * included: the worker first reads the first file once untimed (engine and language start-up),
 * then every file is timed. Nothing is fetched: engine and languages are the installed packages.
 */
import { readFile } from 'node:fs/promises';
import { createRecognizer } from '../server/ocr/recognizer';

const files = process.argv.slice(2).filter((a) => a !== '--');
const areaArg = process.env.OCR_AREA === 'ch' ? 'ch' : 'hk';
if (files.length === 0) {
  console.error('usage: npm run ocr -- FILE...   (OCR_AREA=ch for mainland cards)');
  process.exit(2);
}

const recognizer = await createRecognizer({ workers: 1 });
let failed = false;
try {
  const first = files[0] as string;
  await recognizer.recognize(await readFile(first), { area: areaArg }).catch(() => undefined);
  for (const file of files) {
    try {
      const { ms, fields } = await recognizer.recognize(await readFile(file), { area: areaArg });
      const { other: _other, ...printed } = fields;
      console.log(JSON.stringify({ file, ms, fields: printed }));
    } catch (err) {
      failed = true;
      console.log(JSON.stringify({ file, error: err instanceof Error ? err.message : String(err) }));
    }
  }
} finally {
  await recognizer.terminate();
}
process.exitCode = failed ? 1 : 0;
