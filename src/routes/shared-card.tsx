import { Link, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
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
import { QrIcon } from '../components/icons';
import { LoginFirstDialog } from '../components/share/dialogs';
import { AddUserIcon, CheckIcon, DownloadIcon } from '../components/share/icons';
import { type CopyCheck, type ScannedCopy, useCardCopy, useKeepCopyKey } from '../components/share/use-card-copy';
import { useSharedCard } from '../components/share/use-shared-card';
import { downloadSharedVCard } from '../components/share/vcard';
import { toast } from '../components/toast';
import type { ScannedCardOutcome } from '../session/friend-adds';
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
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const shared = useSharedCard(shareKey);
  useKeepCopyKey();
  const copy = useCardCopy(shareKey, hash);
  const scan = useScannedCard(shareKey, copy);
  const kept = useKeptFriend(shareKey, shared.state === 'error' || Boolean(copy));

  useEffect(() => {
    if (shared.state === 'notFound') void navigate({ to: '/noFoundCard', replace: true });
  }, [shared.state, navigate]);

  if (shared.state === 'ready') {
    return (
      <SharedCardView card={shared.card} scan={scan} promotion={<SharedPromotion shareStr={shared.card.share_str} />} />
    );
  }
  if (shared.state === 'notFound') return <main className="page share-page" aria-busy="true" />;
  if (kept) {
    // No network (or not yet): a card I keep opens from the card holder on this device; a copy
    // scanned from its QR code never stands in for it.
    const promotion = (
      <Suspense fallback={null}>
        <KeptPromotion friend={kept} />
      </Suspense>
    );
    return <SharedCardView card={cardOfFriend(kept)} scan={scan} promotion={promotion} />;
  }
  if (copy && scan) {
    // The copy the QR code carries, at once, while the card loads or with no network at all.
    return (
      <SharedCardView
        card={{ ...cardOfFriend({ accept_id: 0, friend_card_info: copy.card }), is_friend: 0 }}
        scan={scan}
        fromCopy
        promotion={null}
      />
    );
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

/** A card scanned from a QR code that carries its copy: whether the server signed it, and what became of its add. */
type ScanState = { check: CopyCheck; outcome: ScannedCardOutcome | 'adding' | null };

/**
 * The QR code carried a copy of the card (src/lib/card-copy.ts): a member who scanned a copy the
 * server signed has the card in their card holder at once (waiting until online); an unverified
 * copy is only shown. Null when the link carries no copy.
 */
function useScannedCard(shareKey: string, copy: ScannedCopy | null | undefined): ScanState | null {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [outcome, setOutcome] = useState<ScanState['outcome']>(null);
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!signedIn || copy?.check !== 'verified' || started.current === shareKey) return;
    started.current = shareKey;
    setOutcome('adding');
    void import('../session/friend-adds')
      .then((m) => m.addScannedCard(shareKey, copy.card))
      .then((result) => {
        setOutcome(result);
        if (result === 'added') toast(t('share.card.friendAddedNow'), 'success');
      });
  }, [signedIn, copy, shareKey, t]);
  return copy ? { check: copy.check, outcome } : null;
}

function SharedCardView({
  card,
  promotion,
  scan,
  fromCopy = false,
}: {
  card: SharedCard;
  promotion: ReactNode;
  scan: ScanState | null;
  /** The card is the copy its QR code carried (the server's card not loaded). */
  fromCopy?: boolean;
}) {
  const { t } = useTranslation();
  const actions = useCardActions(card, scan, fromCopy);
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

      {fromCopy && scan ? <CopyNote check={scan.check} /> : null}
      {card.accept_id > 0 && card.is_friend === 1 ? null : <CardActions card={card} actions={actions} scan={scan} />}
      {scan && actions.signedIn ? <SwapActions /> : null}

      {/* A copy carries no photos: what it holds (company, phone, e-mail) comes first. */}
      {fromCopy ? null : <CardPhotos photo={card.photo} photo_back={card.photo_back} name={name || englishName} />}
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
function useCardActions(card: SharedCard, scan: ScanState | null, fromCopy: boolean) {
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
    // A copy the server did not sign is never listed as the card: the add goes by its key alone.
    const listed = scan && scan.check !== 'verified' ? [] : [friendCardOfShared(card)];
    void import('../session/friend-adds')
      .then((m) => m.addFriends([card.share_str], listed))
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
      // A kept card, or a scanned copy, is made into a contact file on this device when offline.
      const result = card.accept_id > 0 || fromCopy ? await saveFriendVCard(card) : await downloadSharedVCard(card);
      if (!result.ok) toast(result.message, 'error');
    });
  };

  return { dialog, setDialog, downloading, signedIn, mine, added, onAddFriend, afterLogin, onDownload };
}

/** Under the card's head: it is mine, it is kept, or 'Add friend'; and 'Download vCard' for a card not kept. */
function CardActions({ card, actions, scan }: { card: SharedCard; actions: Actions; scan: ScanState | null }) {
  const { t } = useTranslation();
  const scanned = scan?.outcome;
  return (
    <div className="shared-actions">
      {actions.mine || scanned === 'mine' ? (
        <p className="share-note shared-mine" data-testid="shared-mine">
          {t('share.card.yours')} <Link to="/card/info">{t('share.card.openMine')}</Link>
        </p>
      ) : scanned === 'queued' ? (
        <p className="in-holder is-waiting" role="status" data-testid="scan-waiting">
          <CheckIcon />
          {t('share.copy.waiting')}
        </p>
      ) : scanned === 'added' ||
        scanned === 'kept' ||
        scanned === 'adding' ||
        (card.is_friend === 0 && actions.added) ? (
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
        // (A scanned copy's file is made on this device when there is no network.)
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

/** Whether the copy shown is the one the server signed, may have been changed, or cannot be checked yet. */
function CopyNote({ check }: { check: CopyCheck }) {
  const { t } = useTranslation();
  if (check === 'verified') {
    return (
      <p className="copy-note copy-verified" role="note" data-testid="copy-verified">
        <CheckIcon />
        {t('share.copy.verified')}
      </p>
    );
  }
  return (
    <p className="copy-note copy-unverified" role="note" data-testid={`copy-${check}`}>
      <strong>{t('share.copy.unverifiedTitle')}</strong>{' '}
      {check === 'forged' ? t('share.copy.unverified') : t('share.copy.unchecked')}
    </p>
  );
}

/** Swap mode: after scanning someone's code, mine is one tap away so they can scan back. */
function SwapActions() {
  const { t } = useTranslation();
  return (
    <div className="shared-actions swap-actions">
      <Link to="/myQrCode" className="btn btn-secondary" data-testid="swap-show-mine">
        <QrIcon />
        {t('share.copy.showMine')}
      </Link>
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
