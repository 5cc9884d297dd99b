import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Creates and migrates a PGlite folder in a short-lived child process. initdb and migrations
 * grow PGlite's WebAssembly memory (about 550 MB for initdb), and that memory is never given
 * back while the process lives; done in a child, the server then opens a ready folder and
 * pays only for serving.
 *
 * The child is this module's sibling: the .ts source under tsx, the bundled .js in dist-server
 * (server/start.ts bundles it under the same name beside serve.js).
 */
export function prepareDatabase(dataDir: string): Promise<void> {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  const script = fileURLToPath(new URL(`./prepare-child.${ext}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, dataDir], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`preparing the database in ${dataDir} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
