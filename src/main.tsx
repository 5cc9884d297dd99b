import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { profileResponseSchema } from './api';
import { db } from './db';
import { applyProfile } from './db/sync-store';
import { initI18n, langHeader } from './i18n';
import { api } from './lib/api';
import { registerServiceWorker } from './lib/sw-register';
import { startSyncClient } from './lib/sync-client';
import { router } from './router';
import { reconcileSession } from './session/session';
import './styles.css';

/** SPEC §2: routes that load the user's info themselves. */
const SELF_LOADING = ['/userHome', '/card/info', '/card/create'];

async function boot() {
  await initI18n();
  await db.meta.put({ key: 'lang', value: langHeader() });
  const session = await reconcileSession();
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
  const sync = startSyncClient();
  registerServiceWorker();

  if (session && !SELF_LOADING.includes(location.pathname)) {
    setTimeout(() => {
      api
        .get('/api/user/getProfile', { schema: profileResponseSchema, silent: true })
        .then((res) => applyProfile(db, res.data))
        .then(() => sync.poke())
        .catch(() => undefined);
    }, 100);
  }
}

void boot();
