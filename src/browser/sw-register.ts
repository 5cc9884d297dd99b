import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (dist/sw.js, built by scripts/build-sw.ts) and switches the page
 * to a new one on request. The worker never activates by itself (sw/sw.ts): the version dialog's
 * OK calls `applyUpdate()`, which finds the new worker, tells it to take over and reloads once it
 * controls the page, so the reload lands on the new build and not on the old precache.
 */

/** Longest wait for the new worker to install and take control before reloading anyway. */
const UPDATE_TIMEOUT_MS = 15_000;

let workbox: Workbox | null = null;
let registration: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);

/**
 * Registers `/sw.js?v=<version>` (SPEC §7) once; the version makes each release a new script URL.
 * Does nothing in Vite's dev server or where service workers are unavailable (plain http hosts).
 */
export function registerServiceWorker(version: string = __APP_VERSION__): void {
  if (workbox || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  workbox = new Workbox(`/sw.js?v=${encodeURIComponent(version)}`, { scope: '/' });
  registration = workbox.register().catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
    return undefined;
  });
}

/** This page's registration (undefined in the dev server, where none is made, or if it failed). */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return registration;
}

/** Whether a newer worker has installed and waits for `applyUpdate()`. */
export async function hasWaitingWorker(): Promise<boolean> {
  return Boolean((await registration)?.waiting);
}

/**
 * Reloads into the newest build: asks the server for a newer worker, waits for it to install,
 * lets it take over and reloads when it controls the page. With no service worker, or offline,
 * or if that takes longer than the timeout, it simply reloads.
 */
export async function applyUpdate(timeoutMs = UPDATE_TIMEOUT_MS): Promise<void> {
  const reg = await registration;
  if (!workbox || !reg) return reload();
  const wb = workbox;
  const deadline = setTimeout(reload, timeoutMs);
  try {
    await reg.update();
  } catch {
    // Offline or the script failed: a worker found earlier may still be waiting.
  }
  if (reg.installing) await installed(reg.installing);
  if (!reg.waiting) {
    clearTimeout(deadline);
    return reload();
  }
  wb.addEventListener('controlling', reload);
  wb.messageSkipWaiting();
}

/** Resolves when the worker leaves the installing state (installed, or failed: redundant). */
function installed(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (worker.state === 'installing') return;
      worker.removeEventListener('statechange', check);
      resolve();
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

let reloading = false;
function reload(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}
