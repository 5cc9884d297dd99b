import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ThirdPartyProvider, type ThirdPartyResult, thirdPartyProviderSchema } from '../api';
import { thirdPartyCalls } from '../clients/auth';
import { PROVIDER_NAMES } from '../components/auth/ThirdPartyButtons';
import { toast } from '../components/toast';
import { isRequestError } from '../lib/request/errors';
import { getToken } from '../session/session';
import { useAfterSignIn } from '../session/use-after-sign-in';

/**
 * /auth/{provider}/callback: where Google or Facebook sends the browser back. The query goes to
 * POST /api/auth once (a callback is redeemed once, so the page never sends it twice, React's
 * double effects included), then on to the app signed in, or back to the login methods. When it
 * fails the page says why in words (the server's reason, or what is missing) and offers to start
 * a new sign-in: the same callback can never work twice, so there is no "Retry".
 */
const redeemed = new Map<string, Promise<{ data: ThirdPartyResult; msg: string }>>();

function redeem(provider: ThirdPartyProvider, query: string) {
  const key = `${provider}?${query}`;
  let found = redeemed.get(key);
  if (!found) {
    found = thirdPartyCalls.redeem(provider, query);
    redeemed.set(key, found);
  }
  return found;
}

export function ThirdPartyCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const afterSignIn = useAfterSignIn();
  const { provider } = useParams({ strict: false }) as { provider?: string };
  const known = thirdPartyProviderSchema.safeParse(provider);
  const [error, setError] = useState<string | null>(null);
  const signedIn = getToken() !== null;
  const providerName = known.success ? PROVIDER_NAMES[known.data] : '';

  // Once per page: the callback cannot be redeemed twice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on what the page was opened with
  useEffect(() => {
    if (!known.success) return;
    const query = location.search.slice(1);
    if (!query) {
      setError(t('auth.third.incomplete'));
      return;
    }
    let live = true;
    redeem(known.data, query)
      .then(async (res) => {
        if (!live) return;
        if (res.data.intent === 'login') {
          await afterSignIn(res.data.session, res.msg);
          return;
        }
        toast(t('auth.third.added', { provider: PROVIDER_NAMES[known.data] }), 'success');
        await navigate({ to: '/loginMethod', replace: true });
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (isRequestError(err) && err.serverMessage) setError(err.serverMessage);
        else if (isRequestError(err) && (err.kind === 'network' || err.kind === 'timeout'))
          setError(t('auth.third.offline', { provider: providerName }));
        else setError(t('server.thirdPartyFailed'));
      });
    return () => {
      live = false;
    };
  }, []);

  if (!known.success || error !== null) {
    return (
      <main className="auth-screen" aria-live="polite">
        <h1>{t('auth.third.failedTitle')}</h1>
        <p role="alert">{error ?? t('auth.third.unknownProvider')}</p>
        <div className="auth-choices">
          <Link to={signedIn ? '/loginMethod' : '/login'} className="btn btn-primary btn-block">
            {signedIn ? t('auth.third.addAgain') : t('auth.third.startAgain')}
          </Link>
          <Link to="/" className="btn btn-ghost btn-block">
            {t('app.notFound.home')}
          </Link>
        </div>
      </main>
    );
  }
  return (
    <main className="auth-screen" aria-busy="true">
      <p className="lead" role="status">
        {t('auth.third.working')}
      </p>
    </main>
  );
}
