import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Emits /licenses.json at build: every npm package whose code is in the app's bundle, with its
 * version, licence and licence text, for the About page. Made from what the bundler actually
 * included, so the list matches what we ship.
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

export function licences(): Plugin {
  return {
    name: 'cardbook-licences',
    apply: 'build',
    generateBundle() {
      const roots = new Set<string>();
      for (const id of this.getModuleIds()) {
        const root = packageRoot(id.replace(/\\/g, '/').replace(/^\0/, ''));
        if (root) roots.add(root);
      }
      const entries = new Map<string, LicenceEntry>();
      for (const root of roots) {
        try {
          const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
            name?: string;
            version?: string;
            license?: string | { type?: string };
          };
          if (!pkg.name) continue;
          const license = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'see text');
          entries.set(`${pkg.name}@${pkg.version}`, {
            name: pkg.name,
            version: pkg.version ?? '',
            license,
            text: licenceText(root),
          });
        } catch {
          // A virtual or generated module that only looks like a package path.
        }
      }
      const list = [...entries.values()].sort((a, b) => a.name.localeCompare(b.name));
      this.emitFile({ type: 'asset', fileName: 'licenses.json', source: JSON.stringify(list) });
    },
  };
}
