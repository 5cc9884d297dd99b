import { describe, expect, it } from 'vitest';
import { domainTarget, isExemptHost } from '../../src/lib/domain-rule';

/** SPEC §6: production hosts go to the main site's login page; test and local hosts are exempt. */
describe('the host rule', () => {
  const PRODUCTION = ['cardbook.example', 'cardbook.hk'];
  const MAIN = 'https://www.cardbook.example/';

  it('sends production hosts and their subdomains to the main site login', () => {
    expect(domainTarget('cardbook.example', PRODUCTION, MAIN)).toBe('https://www.cardbook.example/login');
    expect(domainTarget('app.cardbook.hk', PRODUCTION, MAIN)).toBe('https://www.cardbook.example/login');
    expect(domainTarget('CARDBOOK.HK', PRODUCTION, MAIN)).toBe('https://www.cardbook.example/login');
  });

  it('keeps test, local and unknown hosts here', () => {
    for (const host of ['localhost', '127.0.0.1', 'test.cardbook.example', 'cardbook-test.cardbook.hk', 'app.local']) {
      expect(isExemptHost(host)).toBe(true);
      expect(domainTarget(host, PRODUCTION, MAIN)).toBe('/');
    }
    expect(domainTarget('cardbook.example.evil.com', PRODUCTION, MAIN)).toBe('/');
    expect(domainTarget('notcardbook.example', PRODUCTION, MAIN)).toBe('/');
    expect(domainTarget('cardbook.example', PRODUCTION, '')).toBe('/');
  });
});
