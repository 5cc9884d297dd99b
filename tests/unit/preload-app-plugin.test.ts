import type { IndexHtmlTransformContext, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadApp } from '../../scripts/vite-plugin-preload-app';

/**
 * index.html preloads every chunk the app (src/boot.tsx) reaches, so the page fetches them while
 * it parses although the entry imports the app dynamically; a worker that would evaluate the
 * app's chunk (and so run the start-up in a worker) fails the build.
 */
type Transform = (html: string, ctx: IndexHtmlTransformContext) => { attrs: { href: string } }[];

const chunk = (fileName: string, fields: Partial<Rollup.OutputChunk>) =>
  ({
    type: 'chunk',
    fileName,
    moduleIds: [],
    imports: [],
    isEntry: false,
    facadeModuleId: null,
    ...fields,
  }) as Rollup.OutputChunk;

function run(chunks: Rollup.OutputChunk[], html = '<script src="/assets/index.js"></script>') {
  const plugin = preloadApp(/src[\\/]boot\.tsx$/);
  const hook = plugin.transformIndexHtml as unknown as { handler: Transform };
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
  return hook.handler(html, { bundle } as unknown as IndexHtmlTransformContext).map((tag) => tag.attrs.href);
}

const app = [
  chunk('assets/index.js', { isEntry: true, facadeModuleId: '/app/src/main.tsx', imports: ['assets/start.js'] }),
  chunk('assets/shell.js', {
    moduleIds: ['/app/src/router.tsx', '/app/src/boot.tsx'],
    imports: ['assets/framework.js', 'assets/start.js'],
  }),
  chunk('assets/framework.js', { imports: ['assets/runtime.js'] }),
  chunk('assets/start.js', {}),
  chunk('assets/runtime.js', {}),
];

describe('the preload-app plugin', () => {
  it('preloads the app’s chunk and all it imports, once each, none the page already names', () => {
    const html = '<link rel="modulepreload" href="/assets/start.js">';
    expect(run(app, html).sort()).toEqual(['/assets/framework.js', '/assets/runtime.js', '/assets/shell.js']);
  });

  it('fails the build when a worker would evaluate the app’s chunk', () => {
    const worker = chunk('assets/sync.worker.js', {
      isEntry: true,
      facadeModuleId: '/app/workers/sync.worker.ts',
      imports: ['assets/framework.js', 'assets/shell.js'],
    });
    expect(() => run([...app, worker])).toThrow(/sync\.worker\.js imports assets\/shell\.js/);
    const fine = chunk('assets/ocr.worker.js', {
      isEntry: true,
      facadeModuleId: '/app/workers/ocr.worker.ts',
      imports: ['assets/runtime.js'],
    });
    expect(run([...app, fine])).toContain('/assets/shell.js');
  });
});
