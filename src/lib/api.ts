import { toast } from '../components/toast';
import { currentLocale, i18n } from '../i18n';
import { getToken, signOut } from '../session/session';
import { createRequestClient } from './request';

/** The app's one request client (SPEC §7–8), wired to the session, the toasts and the router. */
export const api = createRequestClient({
  getToken,
  getLocale: currentLocale,
  t: (key, params) => i18n.t(`http.${key}`, params ?? {}),
  currentPath: () => location.pathname,
  onUnauthorized: () => void signOut(),
  toast: (message, kind) => toast(message, kind === 'fail' ? 'error' : 'info'),
  alert: (message) => window.alert(message),
  navigate: (path) => {
    void import('../router').then(({ router }) => router.navigate({ to: path }));
  },
});
