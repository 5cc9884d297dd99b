/**
 * `npm run card-photos -- --out DIR --count N --seed S [--kinds hk,en,cn,cnen,tw,sg,eu]`: writes N
 * generated card photos and their truth files into DIR (see ./index.ts); all seven kinds by default.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CARD_KINDS, type CardKind, generateCardPhotos } from './index';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    count: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    kinds: { type: 'string', default: CARD_KINDS.join(',') },
  },
});
const isKind = (k: string): k is CardKind => (CARD_KINDS as readonly string[]).includes(k);
const kinds = (values.kinds ?? '').split(',').map((k) => k.trim());
const count = Number(values.count);
const seed = Number(values.seed);
if (!values.out || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || !kinds.every(isKind)) {
  console.error(`usage: npm run card-photos -- --out DIR [--count N] [--seed S] [--kinds ${CARD_KINDS.join(',')}]`);
  process.exit(2);
}
const start = performance.now();
const photos = await generateCardPhotos({ count, seed, outDir: resolve(values.out), kinds: kinds.filter(isKind) });
console.log(
  `${photos.length} card photos in ${resolve(values.out)} (${((performance.now() - start) / 1000).toFixed(1)} s)`,
);
