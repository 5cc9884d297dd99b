import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '../../session/hooks';
import { rememberReturnPath } from '../../session/return-path';

/** For the account screens: a signed-out visitor signs in first and comes back here. */
export function useSignedInPage(): boolean {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (session !== null) return;
    rememberReturnPath(location.pathname + location.search);
    void navigate({ to: '/login' });
  }, [session, navigate]);
  return Boolean(session);
}
