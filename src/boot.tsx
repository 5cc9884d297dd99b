import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readAutoAddFriends } from './browser/auto-add-friends';
import { registerThaiFont } from './browser/thai-font';
import { api, navigateWith } from './clients/api';
import { forgetPendingDatabase } from './db/forget-db';
import { initI18n } from './i18n';
import { router, warmScreen } from './router';
import { getToken, reconcileSession } from './session/session';
import { settleSessionWith } from './session/session-settled';
import { cookieUserId } from './session/signed-in';

registerThaiFont();

/** Set once this tab has looked for the database of earlier versions. */
const LEGACY_CHECKED = 'cardbook:legacy-checked';

/** SPEC §2: routes that load the user's info themselves. */
const SELF_LOADING = ['/userHome', '/card/info', '/card/create'];

async function boot() {
  // The screen's code and messages and the language load at once; the first screen paints once
  // its language is in. A member's local database loads behind it, not competing with it for
  // the network, and the session is settled then (session-settled.ts: the signed-in screens
  // and the sync worker wait for it).
  warmScreen(location.pathname);
  const language = initI18n();
  if (!getToken()) forgetPendingDatabase();
  const reconciling = language.then(() => (getToken() ? memberSession() : reconcileSession()));
  settleSessionWith(reconciling);
  await language;
  navigateWith((path) => void router.navigate({ to: path }));
  router.subscribe('onBeforeNavigate', () => api.cancelAll());
  router.subscribe('onResolved', () => window.scrollTo(0, 0));

  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  }
  // The service worker (workbox-window) is nothing the first screen needs.
  void import('./browser/sw-register').then((m) => m.registerServiceWorker());
  const session = await reconciling;

  if (session && readAutoAddFriends().length > 0) {
    void import('./session/friend-adds').then((m) => m.sendQueuedFriendAdds());
  }
  if (session && !SELF_LOADING.includes(location.pathname)) {
    setTimeout(() => void import('./session/refresh-profile').then((m) => m.refreshProfile()), 100);
  }
}

/** A member's session, once the one database of earlier versions has moved into this account's own. */
async function memberSession() {
  void import('./app/MemberChrome');
  const userId = cookieUserId();
  if (userId > 0 && !sessionStorage.getItem(LEGACY_CHECKED)) {
    await (await import('./db/legacy-db')).moveLegacyDatabase(userId).catch(() => undefined);
    sessionStorage.setItem(LEGACY_CHECKED, '1');
  }
  return reconcileSession();
}

void boot();
