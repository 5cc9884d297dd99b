import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedCard } from '../api/card';
import { queueAutoAddFriend } from '../browser/auto-add-friends';
import { CardDetails } from '../components/card/CardDetails';
import { CardHead } from '../components/card/CardHead';
import { CardPhotos } from '../components/card/CardPhotos';
import { Promotion } from '../components/card/Promotion';
import { useSharedCompany } from '../components/company/use-shared-company';
import { cardOfFriend, friendCardOfShared } from '../components/friends/display';
import { saveFriendVCard } from '../components/friends/friend-vcard';
import { useKeptFriend } from '../components/friends/kept-friend';
import { LoginFirstDialog } from '../components/share/dialogs';
import { AddUserIcon, CheckIcon, DownloadIcon } from '../components/share/icons';
import { useSharedCard } from '../components/share/use-shared-card';
import { downloadSharedVCard } from '../components/share/vcard';
import { toast } from '../components/toast';
import { cookieUserId, useSignedIn } from '../session/signed-in';
import '../components/share/share.css';
import { useBusy } from '../components/use-busy';

const KeptPromotion = lazy(() => import('../components/friends/KeptPromotion'));
/**
 * /s/{share_key}: another user's card for anyone, signed in or not (SPEC §2 card-detail overlay
 * rules, §6 visitor). It reads the session from the cookie alone (useSignedIn), never from
 * IndexedDB, so a visitor's page loads no local database. One API call paints the card; the
 * promotional blocks follow.
 */
export function SharedCardPage() {
  const { t } = useTranslation();
  const { shareKey } = useParams({ from: '/s/$shareKey' });
  const navigate = useNavigate();
  const shared = useSharedCard(shareKey);
  const kept = useKeptFriend(shareKey, shared.state === 'error');

  useEffect(() => {
    if (shared.state === 'notFound') void navigate({ to: '/noFoundCard', replace: true });
  }, [shared.state, navigate]);

  if (shared.state === 'ready') {
    return <SharedCardView card={shared.card} promotion={<SharedPromotion shareStr={shared.card.share_str} />} />;
  }
  if (shared.state === 'error' && kept) {
    // No network: a card I keep opens from the card holder on this device.
    const promotion = (
      <Suspense fallback={null}>
        <KeptPromotion friend={kept} />
      </Suspense>
    );
    return <SharedCardView card={cardOfFriend(kept)} promotion={promotion} />;
  }
  if (shared.state === 'error') {
    return (
      <main className="page share-page">
        <div className="share-note share-note-error" role="alert">
          <strong>{t('share.card.loadError')}</strong>
          <p>{shared.message}</p>
          <button type="button" className="btn btn-secondary" onClick={shared.retry}>
            {t('share.card.retry')}
          </button>
        </div>
        <AddWhenOnline shareKey={shareKey} />
      </main>
    );
  }
  return (
    <main className="page share-page" aria-busy="true">
      <div className="share-loading" role="status">
        <span className="spinner share-spinner" aria-hidden="true" />
        {t('share.card.loading')}
      </div>
    </main>
  );
}

function SharedCardView({ card, promotion }: { card: SharedCard; promotion: ReactNode }) {
  const { t } = useTranslation();
  const actions = useCardActions(card);
  const { name, english_name: englishName } = card.extension;

  return (
    <main className="page share-page shared-card">
      <p className="shared-eyebrow">{t('share.card.title')}</p>
      <CardHead
        name={name}
        englishName={englishName}
        avatar={card.avatar}
        cardId={card.card_id}
        acceptId={card.accept_id}
        nameAs="h1"
        importing={actions.downloading}
        onImport={() => void actions.onDownload()}
      />

      {card.accept_id > 0 && card.is_friend === 1 ? null : <CardActions card={card} actions={actions} />}

      <CardPhotos photo={card.photo} photo_back={card.photo_back} name={name || englishName} />
      <CardDetails profile={card.profile} extension={card.extension} />
      {promotion}

      {actions.dialog === 'login' ? (
        <LoginFirstDialog
          onRegister={() => actions.afterLogin('/register')}
          onLogin={() => actions.afterLogin('/login')}
          onCancel={() => actions.setDialog('none')}
        />
      ) : null}
    </main>
  );
}

type Actions = ReturnType<typeof useCardActions>;

/** Adding the card to my card holder (or signing in first), and taking it as a contact file. */
function useCardActions(card: SharedCard) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [dialog, setDialog] = useState<'none' | 'login'>('none');
  const { busy: downloading, run } = useBusy();
  const mine = signedIn && cookieUserId() === card.user_id;
  // Turns into 'In your card holder' at once; back to 'Add friend' only if the server refuses.
  const [added, setAdded] = useState(false);

  // A member may add the card offline: fetch the outbox code while the network is here.
  useEffect(() => {
    if (signedIn) void import('../session/friend-adds');
  }, [signedIn]);

  const onAddFriend = () => {
    if (!signedIn) {
      setDialog('login');
      return;
    }
    setAdded(true);
    void import('../session/friend-adds')
      .then((m) => m.addFriends([card.share_str], [friendCardOfShared(card)]))
      .then((outcome) => {
        // A refusal is told by the sync notice, in the server's words.
        if (outcome === 'refused') setAdded(false);
        else toast(outcome === 'added' ? t('share.card.friendAddedNow') : t('share.card.friendAdded'), 'success');
      });
  };
  const afterLogin = (to: '/register' | '/login') => {
    queueAutoAddFriend(card.share_str);
    setDialog('none');
    void navigate({ to });
  };
  const onDownload = async () => {
    await run(async () => {
      const result = card.accept_id > 0 ? await saveFriendVCard(card) : await downloadSharedVCard(card);
      if (!result.ok) toast(result.message, 'error');
    });
  };

  return { dialog, setDialog, downloading, mine, added, onAddFriend, afterLogin, onDownload };
}

/** Under the card's head: it is mine, it is kept, or 'Add friend'; and 'Download vCard' for a card not kept. */
function CardActions({ card, actions }: { card: SharedCard; actions: Actions }) {
  const { t } = useTranslation();
  return (
    <div className="shared-actions">
      {actions.mine ? (
        <p className="share-note shared-mine" data-testid="shared-mine">
          {t('share.card.yours')} <Link to="/card/info">{t('share.card.openMine')}</Link>
        </p>
      ) : card.is_friend === 0 && actions.added ? (
        <p className="in-holder" role="status">
          <CheckIcon />
          {t('share.card.inHolder')}
        </p>
      ) : card.is_friend === 0 ? (
        <button type="button" className="btn btn-primary" onClick={actions.onAddFriend}>
          <AddUserIcon />
          {t('share.card.addFriend')}
        </button>
      ) : null}
      {card.accept_id > 0 ? null : (
        // Everyone may take the card as a contact file; with a friend entry, 'Save to contacts' above does it.
        <button
          type="button"
          className="btn btn-ghost"
          disabled={actions.downloading}
          onClick={() => void actions.onDownload()}
        >
          <DownloadIcon />
          {t('share.card.downloadVcard')}
        </button>
      )}
    </div>
  );
}

/** A visitor's view of the card's promotional blocks: asked of the server each time. */
function SharedPromotion({ shareStr }: { shareStr: string }) {
  return <Promotion {...useSharedCompany(shareStr)} />;
}

/**
 * A member who cannot load the card (no signal at an event, say) can still keep it: the add
 * waits in the outbox and the card arrives with the next pull.
 */
function AddWhenOnline({ shareKey }: { shareKey: string }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [queued, setQueued] = useState(false);
  if (!signedIn) return null;
  if (queued) {
    return (
      <p className="share-note" role="status">
        {t('share.card.addQueued')}
      </p>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-primary share-add-later"
      onClick={() =>
        void import('../session/friend-adds').then((m) => m.addFriends([shareKey])).then(() => setQueued(true))
      }
    >
      {t('share.card.addWhenOnline')}
    </button>
  );
}
