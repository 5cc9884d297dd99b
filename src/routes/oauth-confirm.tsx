import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { oauthCalls } from '../clients/oauth';
import { OnlineNotices, useOnlineResource } from '../components/account/online-resource';
import { useMyName, useProfile } from '../db/hooks/profile';
import '../components/account/account.css';
import { useBusy } from '../components/use-busy';

/**
 * /oauth/confirm/{app_type}/{app_key}?uid=…: an app registered with Cardbook asks to read my card
 * (src/api/oauth.ts). The screen names the app and what it will get; Allow or Deny goes back to
 * the authorisation server, which sends the browser back to the app. Signed out, the visitor
 * signs in first and comes back here. Opened without its `uid` (a link cut short), it says so
 * and sends nothing; a request the server no longer knows is told with no Retry (the app has to
 * ask again), a failure that may pass (offline, 5xx) with one.
 */
export function OAuthConfirmPage() {
  const { t } = useTranslation();
  const _profile = useProfile();
  const { appType = '', appKey = '' } = useParams({ strict: false }) as { appType?: string; appKey?: string };
  const uid = new URLSearchParams(location.search).get('uid') ?? '';
  const { load, refresh, online } = useOnlineResource(() => oauthCalls.interaction(appType, appKey, uid), uid !== '');
  const decision = useDecision(appType, appKey, uid);

  if (uid === '') return <IncompleteLink />;
  return (
    <main className="page account-page oauth-confirm">
      {load.state === 'ready' ? (
        <Consent app={load.data.app.name} scopes={load.data.scopes} online={online} decision={decision} />
      ) : (
        <h1>{t('auth.oauth.title', { app: appKey })}</h1>
      )}
      <OnlineNotices load={load} online={online} offlineText={t('auth.oauth.offline')} onRetry={() => void refresh()} />
      {load.state === 'failed' ? (
        <Link to="/userHome" className="btn btn-ghost btn-block">
          {t('app.notFound.home')}
        </Link>
      ) : null}
    </main>
  );
}

/** Opened without its `uid`: a link cut short, told as such, with the way home. */
function IncompleteLink() {
  const { t } = useTranslation();
  return (
    <main className="page account-page oauth-confirm">
      <h1>{t('auth.oauth.incompleteTitle')}</h1>
      <div className="account-notice" role="alert">
        <p>{t('auth.oauth.incomplete')}</p>
      </div>
      <Link to="/userHome" className="btn btn-ghost btn-block">
        {t('app.notFound.home')}
      </Link>
    </main>
  );
}

/** Allow or Deny, sent to the authorisation server; then the browser leaves for the app. */
function useDecision(appType: string, appKey: string, uid: string) {
  const { busy, runTold } = useBusy();
  const [leaving, setLeaving] = useState(false);

  const decide = (allow: boolean) =>
    runTold(async () => {
      const redirect = await oauthCalls.decide(appType, appKey, uid, allow);
      setLeaving(true);
      location.assign(redirect);
    });

  return { busy, leaving, decide };
}

/** The app, what it asks for, who is signed in, and Deny or Allow (which leaves for the app). */
function Consent({
  app,
  scopes,
  online,
  decision: { busy, leaving, decide },
}: {
  app: string;
  scopes: string[];
  online: boolean;
  decision: ReturnType<typeof useDecision>;
}) {
  const { t } = useTranslation();
  const myName = useMyName();

  return (
    <>
      <h1>{t('auth.oauth.title', { app })}</h1>
      <section className="account-section">
        <h2>{t('auth.oauth.asks', { app })}</h2>
        <ul className="oauth-scopes">
          {scopes.map((scope) => (
            <li key={scope} className="oauth-scope">
              {scope === 'card:read' ? t('auth.oauth.scopeCard') : scope}
            </li>
          ))}
        </ul>
        <p className="muted">{t('auth.oauth.signedInAs', { name: myName })}</p>
        <p className="muted">{t('auth.oauth.revocable')}</p>
      </section>
      {leaving ? (
        <p role="status" className="muted">
          {t('auth.oauth.working')}
        </p>
      ) : null}
      <div className="oauth-actions">
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={busy || leaving || !online}
          onClick={() => void decide(false)}
        >
          {t('auth.oauth.deny')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={busy || leaving || !online}
          onClick={() => void decide(true)}
        >
          {t('auth.oauth.allow')}
        </button>
      </div>
    </>
  );
}
