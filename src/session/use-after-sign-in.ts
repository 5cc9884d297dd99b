import { useNavigate } from '@tanstack/react-router';
import type { LoginPayload } from '../api';
import { toast } from '../components/toast';
import { takeReturnPath } from './return-path';
import { signIn } from './session';

/** After any sign-in (password, code, sign-up, Google or Facebook): keep the session, go on. */
export function useAfterSignIn() {
  const navigate = useNavigate();
  return async (payload: LoginPayload, message: string) => {
    const { reload } = await signIn(payload);
    const to = takeReturnPath() ?? '/userHome';
    if (reload || to.includes('?')) {
      // Another account's database is open in this page: start again on the right one. (A path
      // with a query, the consent screen's, is opened as it was given too.)
      location.assign(to);
      return;
    }
    toast(message, 'success');
    await navigate({ to, replace: true });
  };
}
