import { relative } from 'node:path';
import type { Plugin } from 'vite';

const QUERY = '?module-worker';
const PLACEHOLDER = /__CARDBOOK_MODULE_WORKER_([A-Za-z0-9_$-]+)__/g;

/**
 * `import url from './x.worker.ts?module-worker'` gives the URL of a module worker built as one
 * more entry of the app's own build, so it shares chunks with the pages: Dexie, comlink, zod and
 * the API contract are fetched once for a signed-in page, not again inside the worker (Vite's
 * `new Worker(new URL(…))` bundles a worker with private copies of everything it imports).
 * Nothing a worker imports may touch `window` or `document` when loaded.
 */
export function moduleWorkers(): Plugin {
  let serve = false;
  let root = '';
  let base = '/';
  return {
    name: 'cardbook-module-worker',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
      root = config.root;
      base = config.base;
    },
    async resolveId(id, importer) {
      if (!id.endsWith(QUERY)) return null;
      const resolved = await this.resolve(id.slice(0, -QUERY.length), importer);
      return resolved ? `\0${resolved.id}${QUERY}` : null;
    },
    load(id) {
      if (!id.startsWith('\0') || !id.endsWith(QUERY)) return null;
      const file = id.slice(1, -QUERY.length);
      if (serve) return `export default ${JSON.stringify(`${base}${relative(root, file)}`)};`;
      const ref = this.emitFile({ type: 'chunk', id: file, name: file.replace(/^.*\/|\.ts$/g, '') });
      return `export default "__CARDBOOK_MODULE_WORKER_${ref}__";`;
    },
    renderChunk(code) {
      if (!code.includes('__CARDBOOK_MODULE_WORKER_')) return null;
      return { code: code.replace(PLACEHOLDER, (_, ref: string) => `${base}${this.getFileName(ref)}`), map: null };
    },
  };
}
