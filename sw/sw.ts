/**
 * The service worker: makes the app start and route with no network.
 *
 * - Precaches what `scripts/build-sw.ts` lists from dist/ (index.html, every JS/CSS chunk, the
 *   icons and the manifest). Routes are code-split, so every chunk is listed, not just the entry.
 * - Page navigations are answered with the precached index.html (the SPA decides the route), except
 *   /api/, /blobs/ and paths that name a file, which mirrors the server's own fallback rule.
 * - /api/*, /version.json and /sw.js get no route, so they always go to the network: the data
 *   lives in IndexedDB and the version check must see the server's truth.
 * - Uploaded images (/blobs/, immutable names) are kept cache-first, capped by entry count;
 *   friends' cards opened in the card overlay keep theirs in CARD_IMAGE_CACHE, which the page
 *   fills and prunes under its own budget (src/db/card-cache.ts), looked at first.
 * - OCR engine and language files (/ocr/, versioned immutable URLs) are answered from their own
 *   cache (OCR_CACHE) first: not precached (most users never scan), filled by the OCR client's
 *   prepare() or by a first scan online, so a prepared device scans in airplane mode. The
 *   manifest is network-first with the cached copy offline. cleanupOutdatedCaches only drops old
 *   precaches, so an app update leaves this cache alone (prepare() prunes replaced files).
 * - Background Sync (./background-sync.ts): changes queued offline are sent when the network
 *   returns, with every page of the app closed.
 * - A new worker waits until the page sends {type: 'SKIP_WAITING'} (the version dialog's OK), so
 *   the page never switches code underneath the user; it then claims the open pages.
 */
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CARD_IMAGE_CACHE } from '../src/lib/card-images';
import { OCR_CACHE, OCR_MANIFEST_URL } from '../src/lib/ocr-assets';
import { listenForBackgroundSync } from './background-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const BLOB_CACHE = 'cardbook-blobs';
const MAX_BLOB_ENTRIES = 300;

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
clientsClaim();
listenForBackgroundSync();

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // Matched against pathname + search.
    denylist: [/^\/api\//, /^\/blobs\//, /^\/oauth\/(?!confirm\/)/, /^[^?]*\.[a-z0-9]+(\?|$)/i],
  }),
);

/** First in, first out once the cache holds more than `max` entries (Cache keys keep insertion order). */
function capEntries(max: number): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ cacheName }) => {
      const cache = await self.caches.open(cacheName);
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
    },
  };
}

const blobs = new CacheFirst({ cacheName: BLOB_CACHE, plugins: [capEntries(MAX_BLOB_ENTRIES)] });
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/blobs/') && request.method === 'GET',
  // Images of friends' cards kept by the page under its budget first, then the capped cache.
  async (options) => (await (await self.caches.open(CARD_IMAGE_CACHE)).match(options.request)) ?? blobs.handle(options),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname === OCR_MANIFEST_URL && request.method === 'GET',
  new NetworkFirst({ cacheName: OCR_CACHE, networkTimeoutSeconds: 5 }),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/ocr/') && request.method === 'GET',
  new CacheFirst({ cacheName: OCR_CACHE }),
);
