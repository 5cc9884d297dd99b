import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OAuthGrant } from '../../api';
import { oauthCalls } from '../../clients/oauth';
import { formatTime } from '../../lib/format-time';
import { ConfirmDialog } from '../ConfirmDialog';
import { toast } from '../toast';
import { useBusy } from '../use-busy';
import { OnlineNotices, useOnlineResource } from './online-resource';

/** The apps I allowed to read my card (src/api/oauth.ts), each revocable. */
export function AuthorizedApps() {
  const { t } = useTranslation();
  const { load, setData, refresh, online } = useOnlineResource(oauthCalls.authorizedApps);
  const [revoking, setRevoking] = useState<OAuthGrant | null>(null);
  const { busy, runTold } = useBusy();

  const revoke = (grant: OAuthGrant) => {
    setRevoking(null);
    return runTold(async () => {
      const res = await oauthCalls.revoke(grant.id);
      toast(res.msg, 'success');
      if (load.state === 'ready') setData({ apps: load.data.apps.filter((g) => g.id !== grant.id) });
    });
  };

  return (
    <section className="account-section" aria-labelledby="authorized-apps">
      <h2 id="authorized-apps">{t('auth.apps.title')}</h2>
      <p className="muted">{t('auth.apps.intro')}</p>
      <OnlineNotices
        load={load}
        online={online}
        offlineText={t('auth.accounts.offline')}
        onRetry={() => void refresh()}
      />
      {load.state === 'ready' ? (
        load.data.apps.length === 0 ? (
          <p className="muted account-hint">{t('auth.apps.none')}</p>
        ) : (
          <ul className="account-links" data-testid="authorized-apps">
            {load.data.apps.map((grant) => (
              <li key={grant.id} className="account-row account-app" data-testid="authorized-app">
                <span className="account-session">
                  <span className="account-label">{grant.app.name}</span>
                  <span className="muted">{t('auth.apps.since', { date: formatTime(grant.created_at, 'date') })}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-inline"
                  disabled={busy || !online}
                  aria-label={t('auth.apps.revokeLabel', { app: grant.app.name })}
                  onClick={() => setRevoking(grant)}
                >
                  {t('auth.apps.revoke')}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title={t('auth.apps.revokeTitle', { app: revoking.app.name })}
          body={t('auth.apps.revokeBody', { app: revoking.app.name })}
          confirmLabel={t('auth.apps.revoke')}
          cancelLabel={t('app.common.cancel')}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </section>
  );
}
