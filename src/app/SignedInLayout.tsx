import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '../db/hooks/session';
import { rememberReturnPath } from '../session/return-path';
import { refreshSignedIn } from '../session/signed-in';

/**
 * The signed-in screens' layout (router.tsx `signedIn`): its beforeLoad has sent a visitor to
 * /login already; this keeps it so while a screen is open. A session that ends meanwhile (signed
 * out in another tab, or refused by the server) goes to /login too, keeping where the user was,
 * and no screen under it renders without a session.
 */
export function SignedInLayout() {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (session !== null) return;
    // Another tab signed out: the cookie is gone too, and the sign-in screen must not still see it.
    refreshSignedIn();
    const back = location.pathname + location.search;
    rememberReturnPath(back);
    void navigate({ to: '/login', search: { redirect: back }, replace: true });
  }, [session, navigate]);
  if (!session) return <main className="page" aria-busy="true" />;
  return <Outlet />;
}
