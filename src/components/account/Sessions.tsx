import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '../../api';
import { accountCalls } from '../../clients/account';
import { formatTime } from '../../lib/format-time';
import { ConfirmDialog } from '../ConfirmDialog';
import { toast } from '../toast';
import { useBusy } from '../use-busy';
import { OnlineNotices, useOnlineResource } from './online-resource';

/** The city of an IANA time zone: Asia/Hong_Kong → Hong Kong, America/Argentina/Buenos_Aires → Buenos Aires. */
export function zoneCity(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/**
 * The devices signed in to my account (src/api/sessions.ts): each with its browser and platform
 * and where it was signed in from, roughly, so I can tell them apart; and "sign out everywhere else".
 */
export function Sessions() {
  const { t } = useTranslation();
  const { load, setData, refresh, online } = useOnlineResource(accountCalls.sessions);
  const [asking, setAsking] = useState(false);
  const { busy, runTold } = useBusy();

  const signOutOthers = () => {
    setAsking(false);
    return runTold(async () => {
      const res = await accountCalls.signOutOthers();
      toast(res.msg, 'success');
      if (load.state === 'ready') setData({ sessions: load.data.sessions.filter((s) => s.current) });
    });
  };

  return (
    <section className="account-section" aria-labelledby="account-sessions">
      <h2 id="account-sessions">{t('auth.accounts.sessions')}</h2>
      <OnlineNotices
        load={load}
        online={online}
        offlineText={t('auth.accounts.offline')}
        onRetry={() => void refresh()}
      />
      {load.state === 'ready' ? (
        <>
          <ul className="account-links account-sessions" data-testid="sessions">
            {load.data.sessions.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
          {load.data.sessions.length > 1 ? (
            <button
              type="button"
              className="btn btn-secondary btn-block"
              disabled={busy || !online}
              onClick={() => setAsking(true)}
            >
              {t('auth.accounts.signOutOthers')}
            </button>
          ) : (
            <p className="muted account-hint">{t('auth.accounts.onlyThis')}</p>
          )}
        </>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('auth.accounts.signOutOthersTitle')}
          body={t('auth.accounts.signOutOthersBody')}
          confirmLabel={t('auth.accounts.signOutOthers')}
          cancelLabel={t('app.common.cancel')}
          onConfirm={() => void signOutOthers()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </section>
  );
}

/** One signed-in device: its browser and platform, since when, and where from, how, and whether it is this one. */
function SessionItem({ session }: { session: SessionInfo }) {
  const { t } = useTranslation();
  const via =
    session.login_type === 1
      ? t('auth.accounts.viaCode')
      : session.login_type === 4
        ? t('auth.accounts.viaThird')
        : t('auth.accounts.viaPassword');
  const { browser, platform } = session;
  const device =
    browser && platform
      ? t('auth.accounts.deviceOn', { browser, platform })
      : browser || platform || t('auth.accounts.deviceUnknown');
  /** Where, roughly: the time zone's city (Asia/Hong_Kong: Hong Kong), and the masked address. */
  const where = [
    session.time_zone ? t('auth.accounts.deviceNear', { city: zoneCity(session.time_zone) }) : '',
    session.address ? t('auth.accounts.deviceAddress', { address: session.address }) : '',
  ];
  return (
    <li className="account-session" data-testid="session">
      <span className="account-session-device">{device}</span>
      <span>{t('auth.accounts.sessionSince', { date: formatTime(session.created_at) })}</span>
      <span className="muted">
        {[...where, via, session.current ? t('auth.accounts.thisDevice') : ''].filter(Boolean).join(' · ')}
      </span>
    </li>
  );
}
