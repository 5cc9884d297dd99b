import { useNavigate } from '@tanstack/react-router';
import type { LoginPayload } from '../api';
import { toast } from '../components/toast';
import { DEFAULT_AFTER_SIGN_IN, takeReturnPath } from './return-path';
import { signIn } from './session';

/** Opens a return path (session/return-path.ts); a path with a query, the consent screen's, is loaded as given. */
export function useOpenReturnPath() {
  const navigate = useNavigate();
  return async (to: string, reload = false) => {
    if (reload || to.includes('?')) {
      location.assign(to);
      return false;
    }
    await navigate({ to, replace: true });
    return true;
  };
}

/** After any sign-in (password, code, sign-up, Google or Facebook): keep the session, go on. */
export function useAfterSignIn() {
  const open = useOpenReturnPath();
  return async (payload: LoginPayload, message: string) => {
    const { reload } = await signIn(payload);
    const to = takeReturnPath() ?? DEFAULT_AFTER_SIGN_IN;
    // After a reload (another account's database is open in this page) there is no toast to see.
    if (!reload && !to.includes('?')) toast(message, 'success');
    await open(to, reload);
  };
}
