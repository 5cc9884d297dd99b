import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Emits /licenses.json at build: every npm package whose code is in the app's bundle, with its
 * version, licence and licence text, for the About page. Made from what the bundler actually
 * included, so the list matches what we ship: the app's own graph, and each worker Vite bundles
 * on its own (`new Worker(new URL(…))`, e.g. the QR decoder's jsQR), which never appears in the
 * app's graph. The service worker, built after by scripts/build-sw.ts, adds its packages to the
 * same file with `licences({ addTo })`.
 */
export type LicenceEntry = { name: string; version: string; license: string; text: string };

function packageRoot(id: string): string | null {
  const at = id.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const rest = id.slice(at + '/node_modules/'.length).split('/');
  const name = rest[0]?.startsWith('@') ? rest.slice(0, 2).join('/') : rest[0];
  return name ? id.slice(0, at + '/node_modules/'.length) + name : null;
}

function licenceText(dir: string): string {
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$|-)/i.test(f));
  return file ? readFileSync(join(dir, file), 'utf8').trim() : '';
}

/** The package folders of these module ids. */
function packageRoots(ids: Iterable<string>, into: Set<string>): void {
  for (const id of ids) {
    const root = packageRoot(id.replace(/\\/g, '/').replace(/^\0/, ''));
    if (root) into.add(root);
  }
}

function entryOf(root: string): LicenceEntry | null {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      name?: string;
      version?: string;
      license?: string | { type?: string };
    };
    if (!pkg.name) return null;
    const license = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'see text');
    return { name: pkg.name, version: pkg.version ?? '', license, text: licenceText(root) };
  } catch {
    // A virtual or generated module that only looks like a package path.
    return null;
  }
}

function listOf(roots: Iterable<string>, kept: readonly LicenceEntry[] = []): string {
  const entries = new Map<string, LicenceEntry>(kept.map((e) => [`${e.name}@${e.version}`, e]));
  for (const root of roots) {
    const entry = entryOf(root);
    if (entry) entries.set(`${entry.name}@${entry.version}`, entry);
  }
  return JSON.stringify([...entries.values()].sort((a, b) => a.name.localeCompare(b.name)));
}

/**
 * The app build's plugin. `addTo`: a licenses.json already written, to which this build's
 * packages are added (the service worker's build).
 */
export function licences(options: { addTo?: string } = {}): Plugin {
  // Workers are bundled while the app is transformed, so theirs are all in before generateBundle.
  const fromWorkers = new Set<string>();
  const workerCollector: Plugin = {
    name: 'cardbook-licences-worker',
    apply: 'build',
    generateBundle() {
      packageRoots(this.getModuleIds(), fromWorkers);
    },
  };
  return {
    name: 'cardbook-licences',
    apply: 'build',
    config: () => ({ worker: { plugins: () => [workerCollector] } }),
    generateBundle() {
      const roots = new Set(fromWorkers);
      packageRoots(this.getModuleIds(), roots);
      if (!options.addTo) {
        this.emitFile({ type: 'asset', fileName: 'licenses.json', source: listOf(roots) });
        return;
      }
      const kept = existsSync(options.addTo) ? (JSON.parse(readFileSync(options.addTo, 'utf8')) as LicenceEntry[]) : [];
      writeFileSync(options.addTo, listOf(roots, kept));
    },
  };
}
