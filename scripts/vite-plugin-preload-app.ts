import type { Plugin, Rollup } from 'vite';

type Chunk = Rollup.OutputChunk;

/** `from` and every chunk it imports statically, by file name. */
function staticClosure(from: Chunk, byName: Map<string, Chunk>): Set<string> {
  const files = new Set<string>();
  const add = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const dep of byName.get(fileName)?.imports ?? []) add(dep);
  };
  add(from.fileName);
  return files;
}

/**
 * The entry (src/main.tsx) loads the app (`app`, src/boot.tsx) by a dynamic import, so that it
 * can start the language's messages first. The page still asks for the app's chunks as it parses,
 * not after the entry has run: each chunk the app's imports reach gets a modulepreload link in
 * index.html, as Vite gives an entry's own.
 *
 * The app's chunk runs the start-up when it is evaluated: a worker that imported it (a module
 * they share, grouped into it by vite.config.ts) would run it too, so the build fails instead.
 */
export function preloadApp(app: RegExp): Plugin {
  return {
    name: 'cardbook-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Chunk => c.type === 'chunk');
        const start = chunks.find((c) => c.moduleIds.some((id) => app.test(id)));
        if (!start) throw new Error(`preload-app: no chunk holds ${app}`);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        for (const worker of chunks.filter((c) => c.isEntry && c.facadeModuleId?.includes('/workers/'))) {
          if (staticClosure(worker, byName).has(start.fileName))
            throw new Error(`preload-app: ${worker.fileName} imports ${start.fileName}, which starts the app`);
        }
        return [...staticClosure(start, byName)]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
