import { afterEach } from 'vitest';
import { takeCspViolations } from './browser';

/** Every end-to-end test fails if any page broke the server's Content-Security-Policy during it. */
afterEach(() => {
  const seen = takeCspViolations();
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
});
