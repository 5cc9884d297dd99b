import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { localeModules } from './scripts/vite-plugin-locales';
import { moduleWorkers } from './scripts/vite-plugin-module-worker';

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

export default defineConfig({
  plugins: [react(), versionFile(), localeModules(), moduleWorkers()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/blobs': 'http://localhost:8080',
      '/version.json': 'http://localhost:8080',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Every page needs React, the router and i18next: one chunk compresses better and loads
        // in one request, instead of the many small shared chunks code-splitting makes of them.
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|i18next|react-i18next|js-cookie|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
