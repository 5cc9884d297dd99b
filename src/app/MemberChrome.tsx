import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SetPasswordPrompt } from '../components/SetPasswordPrompt';
import { SyncIndicator } from '../components/SyncIndicator';
import { TopBar } from '../components/TopBar';
import { toast } from '../components/toast';
import { db } from '../db';
import { patchSyncState } from '../db/sync-store';
import { langHeader } from '../i18n';
import { LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from '../lib/request';
import { ensureSyncClient } from '../lib/sync-client';
import { useProfile, useSession, useSyncState, useUnreadCount } from '../session/hooks';
import { signOut } from '../session/session';

/**
 * The parts of the shell only a signed-in user has, in their own chunk: the top bar fed from
 * IndexedDB, the sync pill, the set-password prompt, and the sync worker election. It also
 * turns what the sync worker learnt into what the user sees: a 401 signs out (SPEC §8) and a
 * change the server refused is told once.
 */
export function MemberChrome({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useProfile();
  const unread = useUnreadCount();
  const state = useSyncState();

  useEffect(() => {
    void db.meta.put({ key: 'lang', value: langHeader() }).then(() => ensureSyncClient());
  }, []);

  useEffect(() => {
    if (!state.unauthorized) return;
    void signOut().then(() => {
      toast(t('http.loginAgain'), 'error');
      setTimeout(() => void navigate({ to: LOGIN_PATH }), LOGIN_REDIRECT_DELAY_MS);
    });
  }, [state.unauthorized, navigate, t]);

  useEffect(() => {
    if (state.rejected.length === 0) return;
    for (const rejection of state.rejected) toast(t('app.sync.rejected', { msg: rejection.msg }), 'error');
    void patchSyncState(db, { rejected: [] });
  }, [state.rejected, t]);

  return (
    <>
      <TopBar signedIn={Boolean(session) || session === undefined} profile={profile} unread={unread} />
      <SyncIndicator online={online} />
      <SetPasswordPrompt />
    </>
  );
}
