import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appShell } from './scripts/vite-plugin-app-shell.ts';
import { licences } from './scripts/vite-plugin-licenses.ts';
import { localeModules } from './scripts/vite-plugin-locales.ts';
import { moduleWorkers } from './scripts/vite-plugin-module-worker.ts';
import { preloadApp } from './scripts/vite-plugin-preload-app.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Emits /version.json (SPEC §4 version check) from package.json, the one place the version lives. */
function versionFile(): Plugin {
  return {
    name: 'cardbook-version-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

/**
 * Drops the 14 MB wasm onnxruntime-web names with `new URL(…, import.meta.url)`: the OCR worker
 * always gives the runtime its wasm's URL under /ocr/lines/ (served from the package, cached
 * only by a device that prepares offline scanning), so dist/ never needs its own copy.
 */
function noOnnxWasm(): Plugin {
  return {
    name: 'cardbook-no-onnx-wasm',
    generateBundle(_, bundle) {
      for (const name of Object.keys(bundle)) if (/ort-wasm[^/]*\.wasm$/.test(name)) delete bundle[name];
    },
  };
}

/** Everything the server answers besides the pages; the live push websockets included. */
function apiProxy(target: string) {
  const http = { target, changeOrigin: false };
  const ws = { ...http, ws: true };
  return {
    '/api': http,
    '/blobs': http,
    '/ocr': http,
    '/version.json': http,
    '/xc': ws,
    '/test/xc': ws,
    // The authorisation server, and the consent screen's calls (the screen itself is a page).
    '^/oauth/(?!confirm/)': http,
    '^/oauth/confirm/[^/]+/[^/]+/interaction': http,
  };
}

export default defineConfig({
  plugins: [
    react(),
    appShell(),
    versionFile(),
    localeModules(),
    moduleWorkers(),
    licences(),
    noOnnxWasm(),
    preloadApp(/src[\\/]boot\.tsx$/),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  // `npm run dev` (scripts/dev.ts): the API server listens on PORT; the pages come from here.
  server: { proxy: apiProxy(`http://localhost:${process.env.PORT ?? 8080}`) },
  build: {
    target: 'es2022',
    // hls.js (≈580 kB) is its own chunk, loaded only when a card shows an .m3u8 video block.
    chunkSizeWarningLimit: 600,
    // Source maps would publish the app's source under /assets/*.map: only when asked for
    // (SOURCE_MAPS=true at build time, e.g. to debug a build locally; README).
    sourcemap: process.env.SOURCE_MAPS === 'true',
    rolldownOptions: {
      // The locale and worker plugins are where the build's work is by design; the timing
      // report it would print every build says only that.
      checks: { bundlerTimings: false },
      output: {
        // Every page needs React, the router and i18next: one chunk compresses better and loads
        // in one request, instead of the many small shared chunks code-splitting makes of them.
        // TanStack Virtual is not in it: only the list screens use it, and they load it with them.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?!react-virtual|virtual-core)[^\\/]+|i18next|react-i18next|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            // What the entry (src/main.tsx), the app and the workers share at the start: which
            // language and its messages' chunk, the session cookie. Apart, so that the entry needs
            // nothing else and runs before the app arrives.
            {
              name: 'start',
              test: /src[\\/](i18n[\\/](locale-choice|langs)|session[\\/]session-cookie)\.ts$|node_modules[\\/]js-cookie[\\/]/,
              priority: 4,
            },
            // zod/mini and the contract's base, which the shell and the sync worker both use: in
            // the shell, the worker would load the whole shell with them.
            {
              name: 'contract',
              test: /node_modules[\\/]zod[\\/]|src[\\/]api[\\/](endpoint|envelope|meta|fields|user)\.ts$/,
              priority: 3,
            },
            // The shell (layout, router, top bar, request layer, session) and home, with what
            // they import: one request before the first paint instead of twenty small ones, each
            // a round trip on a phone's network (six at a time over HTTP/1.1).
            {
              name: 'shell',
              test: /src[\\/](boot|app[\\/]RootLayout|router|routes[\\/]home)\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
