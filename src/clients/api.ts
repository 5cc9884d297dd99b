import { toast } from '../components/toast';
import { currentLocale, i18n } from '../i18n';
import { createRequestClient } from '../lib/request';
import { getToken, signOut } from '../session/session';

/** How the request layer moves to another screen (SPEC §8: to /login after a 401), given at start-up. */
let navigateTo: (path: string) => void = (path) => location.assign(path);

/** Start-up (boot.tsx) gives the router's navigation, so the request layer never imports the router. */
export function navigateWith(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

/** The app's one request client (SPEC §7–8), wired to the session, the toasts and the router. */
export const api = createRequestClient({
  getToken,
  getLocale: currentLocale,
  t: (key, params) => i18n.t(`http.${key}`, params ?? {}),
  currentPath: () => location.pathname,
  onUnauthorized: () => void signOut(),
  toast: (message, kind) => toast(message, kind === 'fail' ? 'error' : 'info'),
  alert: (message) => window.alert(message),
  navigate: (path) => navigateTo(path),
});
