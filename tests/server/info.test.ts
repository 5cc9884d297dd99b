import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '../../src/api';
import { LOCALES } from '../../src/i18n/langs';
import { call, createTestApp, type TestApp } from './helper';

/** The policy pages (the shipped templates, an operator's folder) and the host rule's settings. */
describe('policies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('ships privacy and terms templates in all six languages, marked as templates', async () => {
    for (const lang of LOCALES) {
      for (const type of ['privacy', 'terms']) {
        const res = await call<Policy>(t.app, 'GET', `/api/policy/${type}`, undefined, { lang });
        expect(res.status).toBe(200);
        expect(res.body.data.template).toBe(true);
        expect(res.body.data.markdown).toMatch(/^# \S/);
        expect(res.body.data.markdown).not.toContain('<!-- template -->');
      }
    }
    const en = await call<Policy>(t.app, 'GET', '/api/policy/terms', undefined, { lang: 'en-us' });
    const hk = await call<Policy>(t.app, 'GET', '/api/policy/terms', undefined, { lang: 'zh-tw' });
    expect(en.body.data.markdown).toContain('# Terms of use');
    expect(hk.body.data.markdown).toContain('# 使用條款');
    expect((await call(t.app, 'GET', '/api/policy/cookies')).status).toBe(404);
  });

  it('reads the operator’s own folder, falling back to English for a missing language', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardbook-policies-'));
    mkdirSync(join(dir, 'en'));
    writeFileSync(join(dir, 'en', 'privacy.md'), '# Acme privacy\n\nWe keep little.\n');
    const own = await createTestApp({
      info: { policyDir: dir, site: { production_hosts: ['cardbook.example'], main_site_url: 'https://www.example' } },
    });
    try {
      const res = await call<Policy>(own.app, 'GET', '/api/policy/privacy', undefined, { lang: 'ja-jp' });
      expect(res.body.data).toEqual({
        type: 'privacy',
        markdown: '# Acme privacy\n\nWe keep little.\n',
        template: false,
      });
      expect((await call(own.app, 'GET', '/api/policy/terms')).status).toBe(404);
      expect((await call(own.app, 'GET', '/api/site')).body.data).toEqual({
        production_hosts: ['cardbook.example'],
        main_site_url: 'https://www.example',
      });
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
