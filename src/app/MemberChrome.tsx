import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPeriodicPull, watchForBackgroundSend } from '../browser/background-sync';
import { ensureSyncClient } from '../browser/sync-client';
import { SetPasswordPrompt } from '../components/SetPasswordPrompt';
import { SyncIndicator } from '../components/SyncIndicator';
import { TopBar, type TopBarOverlay } from '../components/TopBar';
import { toast } from '../components/toast';
import { db } from '../db';
import { useUnreadCount } from '../db/hooks/notifications';
import { useMyName, useShownProfile } from '../db/hooks/profile';
import { useSession, useSyncState } from '../db/hooks/session';
import { watchPushSound } from '../db/push-store';
import { takeSentInBackground } from '../db/sent-in-background';
import { patchSyncState } from '../db/sync-store';
import { langHeader } from '../i18n';
import { LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from '../lib/request';
import { signOut } from '../session/session';

/**
 * The parts of the shell only a signed-in user has, in their own chunk: the top bar fed from
 * IndexedDB, the sync pill, the set-password prompt, and the sync worker election. It also
 * turns what the sync worker learnt into what the user sees: a 401 signs out (SPEC §8) and a
 * change the server refused is told once.
 */
export function MemberChrome({
  online,
  bar,
}: {
  online: boolean;
  bar: { open: TopBarOverlay; onOpen: (open: TopBarOverlay) => void };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useShownProfile();
  const myName = useMyName();
  const unread = useUnreadCount();
  const state = useSyncState();

  useEffect(() => {
    void db.meta.put({ key: 'lang', value: langHeader() }).then(() => ensureSyncClient());
    void requestPeriodicPull();
    // The key that tells a scanned card copy from a forged one, for scanning with no signal later.
    void import('../browser/card-copy-key').then((m) => m.keepCopyKey());
    return watchForBackgroundSend(db);
  }, []);

  useEffect(() => {
    // What the service worker sent while the app was closed, told once (issue 24).
    void takeSentInBackground(db).then((count) => {
      if (count > 0) toast(t('app.sync.sentWhileClosed', { count }), 'info', 6000);
    });
  }, [t]);

  useEffect(() => {
    if (!state.unauthorized) return;
    // SPEC §8: 'Please login again', then /login after 1 s. The session ends with the move, so
    // the screens' own signed-out redirects do not cut the message short. Changes still waiting
    // are kept for this account's next sign-in (signOut).
    toast(t('http.loginAgain'), 'error');
    const timer = setTimeout(() => void signOut().then(() => navigate({ to: LOGIN_PATH })), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.unauthorized, navigate, t]);

  useEffect(() => {
    if (state.rejected.length === 0) return;
    // Told once each: an outdone edit as news, a dropped change as an error.
    const dropped = state.rejected.filter((notice) => notice.key !== 'superseded');
    for (const notice of dropped) {
      // A card added offline (by link or scanned) whose link turned out revoked leaves the card holder: say so.
      const text = notice.key
        ? t(`app.sync.${notice.key}`)
        : notice.name === 'addFriend'
          ? t('app.sync.friendAddRejected', { msg: notice.msg })
          : t('app.sync.rejected', { msg: notice.msg });
      toast(text, 'error');
    }
    // Several edits outdone in one sync are one piece of news.
    if (dropped.length < state.rejected.length) toast(t('app.sync.superseded'), 'info');
    void patchSyncState(db, { rejected: [] });
  }, [state.rejected, t]);

  return (
    <>
      <TopBar
        signedIn={Boolean(session) || session === undefined}
        profile={profile}
        name={myName}
        unread={unread}
        {...bar}
      />
      <SyncIndicator online={online} />
      <SetPasswordPrompt />
      <PushSound />
    </>
  );
}

/**
 * SPEC §2: the hidden audio element some pushes play. The sync worker writes meta 'pushSound';
 * the visible tab plays it. Browsers refuse sound before the user has interacted with the page:
 * that refusal is expected and ignored (the badge still shows).
 */
function PushSound() {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(
    () =>
      watchPushSound(db, () => {
        if (document.visibilityState !== 'visible') return;
        void audio.current?.play().catch(() => undefined);
      }),
    [],
  );
  // biome-ignore lint/a11y/useMediaCaption: a short chime without speech; the badge carries the news.
  return <audio ref={audio} src="/push.wav" preload="none" hidden data-testid="push-sound" />;
}
