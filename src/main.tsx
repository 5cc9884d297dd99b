import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { forgetPendingDatabase } from './db/forget-db';
import { initI18n } from './i18n';
import { api } from './lib/api';
import { readAutoAddFriends } from './lib/auto-add-friends';
import { registerServiceWorker } from './lib/sw-register';
import { registerThaiFont } from './lib/thai-font';
import { router, warmScreen } from './router';
import { getToken, reconcileSession } from './session/session';
import { cookieUserId } from './session/signed-in';
import './styles.css';

registerThaiFont();

/** Set once this tab has looked for the database of earlier versions. */
const LEGACY_CHECKED = 'cardbook:legacy-checked';

/** SPEC §2: routes that load the user's info themselves. */
const SELF_LOADING = ['/userHome', '/card/info', '/card/create'];

async function boot() {
  // A member's chrome and local database load alongside the language, not after it.
  if (!getToken()) forgetPendingDatabase();
  if (getToken()) {
    void import('./app/MemberChrome');
    // The one database of earlier versions moves into this account's own, before either opens.
    const userId = cookieUserId();
    if (userId > 0 && !sessionStorage.getItem(LEGACY_CHECKED)) {
      await (await import('./db/legacy-db')).moveLegacyDatabase(userId).catch(() => undefined);
      sessionStorage.setItem(LEGACY_CHECKED, '1');
    }
  }
  warmScreen(location.pathname);
  const [, session] = await Promise.all([initI18n(), reconcileSession()]);
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
  registerServiceWorker();

  if (session && readAutoAddFriends().length > 0) {
    void import('./session/friend-adds').then((m) => m.sendQueuedFriendAdds());
  }
  if (session && !SELF_LOADING.includes(location.pathname)) {
    setTimeout(() => void import('./session/refresh-profile').then((m) => m.refreshProfile()), 100);
  }
}

void boot();
