import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';
import { requireChromium } from './chromium';
import { type NetworkCut, networkCut } from './network-cut';

/**
 * Content-Security-Policy violations seen by any page of any context made here. The whole
 * end-to-end suite runs with the server's policy on: a test during which one happened fails
 * (./csp-setup.ts, a setup file of the e2e config; the bench and scripts use this helper too,
 * outside Vitest).
 */
const cspViolations: string[] = [];
const CSP_BINDING = '__cardbookCspViolation';

/** The violations recorded so far, forgetting them (a test that provokes one on purpose). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * Records the context's CSP violations: the `securitypolicyviolation` event in our own pages
 * (not in third-party frames, which have policies of their own), and Chromium's "Refused to …"
 * console lines, which also cover workers.
 */
async function watchCsp(context: BrowserContext, origin: string): Promise<void> {
  await context.exposeBinding(CSP_BINDING, (_source, report: string) => {
    cspViolations.push(report);
  });
  await context.addInitScript(
    ([binding, ourOrigin]) => {
      if (location.origin !== ourOrigin) return;
      window.addEventListener(
        'securitypolicyviolation',
        (e) => {
          const report: unknown = Reflect.get(window, binding);
          const text = `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber} (${location.pathname})`;
          if (typeof report === 'function') report(text);
        },
        true,
      );
    },
    [CSP_BINDING, origin] as const,
  );
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/.test(text) && /^Refused to/.test(text)) cspViolations.push(text);
  });
}

/** Headless Chromium; `extraArgs` are added to the usual flags (e.g. a fake camera). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: requireChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Options of a phone context: Playwright's, and `cutWhenOffline` (see newPhoneContext). */
export type PhoneContextOptions = BrowserContextOptions & { cutWhenOffline?: boolean | NetworkCut };

/**
 * A fresh profile on a phone-sized screen (390×844, touch), CSP watched. The service worker is
 * blocked unless asked for (`serviceWorkers: 'allow'`, as the tests of offline use, background
 * sync and updates do): installing it precaches the whole app, about 3 s of a busy machine per
 * profile, which sweeps over pages and languages would pay dozens of times for nothing.
 *
 * `cutWhenOffline`: the context reaches the server through a relay that `context.setOffline(true)`
 * cuts too (./network-cut.ts). Playwright's offline is emulation that reaches a worker or a woken
 * service worker only after it starts: on a busy machine changes "made offline" reached the
 * server before the test said so. The app's origin is then the relay's (`appOrigin`). Phones
 * that must share one origin (one scans the other's card link) share one relay: pass it, made
 * with `networkCut(server.url)`; it is then the test's to close, and it goes off for all at once.
 */
export async function newPhoneContext(
  browser: Browser,
  baseURL: string,
  { cutWhenOffline = false, ...options }: PhoneContextOptions = {},
): Promise<BrowserContext> {
  const shared = typeof cutWhenOffline === 'object' ? cutWhenOffline : null;
  const relay = shared ?? (cutWhenOffline ? await networkCut(baseURL) : null);
  const origin = relay?.url ?? new URL(baseURL).origin;
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-TW',
    timezoneId: 'Asia/Hong_Kong',
    serviceWorkers: 'block',
    ...options,
  });
  origins.set(context, origin);
  if (relay) {
    const emulate = context.setOffline.bind(context);
    context.setOffline = async (offline: boolean) => {
      if (offline) relay.cut();
      else relay.restore();
      await emulate(offline);
    };
    if (!shared) context.on('close', () => void relay.close());
  }
  await watchCsp(context, origin);
  return context;
}

const origins = new WeakMap<BrowserContext, string>();

/** The origin the context's pages open the app at (the server's, or its relay's). */
export function appOrigin(context: BrowserContext): string {
  const origin = origins.get(context);
  if (!origin) throw new Error('not a phone context');
  return origin;
}
