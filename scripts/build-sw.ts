import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { licences } from './vite-plugin-licenses';

/**
 * Second half of `npm run build`, after `vite build` has filled dist/: bundles sw/sw.ts into one
 * classic script, then lets workbox-build list dist/ into it as the precache manifest
 * (self.__WB_MANIFEST), writing dist/sw.js. The worker is built here and not by the app's Vite
 * config because its manifest must list the app's final files.
 */
/** The app's build: `dist`, or the folder given (a build of one's own beside another's, e.g. while e2e runs). */
const DIST = process.argv[2] ?? 'dist';

/** What the app needs offline. version.json and sw.js are never precached (always network). */
const PRECACHE = {
  globPatterns: ['**/*.{html,js,mjs,css,svg,png,webp,ico,woff2,webmanifest,wasm}'],
  globIgnores: ['**/*.map', 'sw.js', 'version.json'],
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
};

const workDir = mkdtempSync(join(tmpdir(), 'cardbook-sw-'));
try {
  await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    publicDir: false,
    // The service worker's packages (workbox) go into the About page's list with the app's.
    plugins: [licences({ addTo: join(DIST, 'licenses.json') })],
    // workbox's modules keep their debug logging behind this check.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: workDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: { entry: 'sw/sw.ts', formats: ['iife'], name: 'cardbookServiceWorker', fileName: () => 'sw.js' },
    },
  });

  const { count, size, warnings } = await injectManifest({
    swSrc: join(workDir, 'sw.js'),
    swDest: join(DIST, 'sw.js'),
    globDirectory: DIST,
    ...PRECACHE,
    // Vite's hashed files: their URL is their version, no cache-busting request needed.
    dontCacheBustURLsMatching: /^assets\//,
  });
  for (const warning of warnings) console.warn(`build-sw: ${warning}`);
  console.log(`build-sw: ${DIST}/sw.js precaches ${count} files (${(size / 1024).toFixed(1)} KiB)`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
