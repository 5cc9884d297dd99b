import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * `npm run orders` with no server running: the command opens the database in DATA_DIR itself
 * (the e2e test drives it through a running server's socket), and says what was wrong; a
 * mistyped command is answered before any database is opened.
 */
const run = promisify(execFile);

describe('the operators’ command without a running server', () => {
  it('opens the data folder itself, lists, and refuses a bad command with its usage', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cardbook-operator-'));
    const { DATABASE_URL: _external, ...env } = process.env;
    const cli = (...args: string[]) =>
      run('node_modules/.bin/tsx', ['scripts/operator.ts', ...args], { env: { ...env, DATA_DIR: dataDir } });
    try {
      // A mistyped command is refused before any database is made.
      const failed = await cli('orders', 'shipped', 'abc').catch((err: { code: number; stderr: string }) => err);
      expect(failed).toMatchObject({ code: 1 });
      expect((failed as { stderr: string }).stderr).toContain('not an order id: abc');
      expect(readdirSync(dataDir)).toEqual([]);
      expect((await cli('orders', 'list')).stdout.trim()).toBe('no orders');
      const missing = await cli('orders', 'paid', '42').catch((err: { code: number; stderr: string }) => err);
      expect((missing as { stderr: string }).stderr).toContain('no order 42');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
