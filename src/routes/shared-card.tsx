import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedCard } from '../api/card';
import type { FriendCardInfo } from '../api/friends';
import { Avatar } from '../components/Avatar';
import { CardDetails } from '../components/card/CardDetails';
import { CardPhotos } from '../components/card/CardPhotos';
import { CompanyBlocks } from '../components/company/CompanyBlocks';
import { useSharedCompany } from '../components/company/use-shared-company';
import { ImagePreview, LoginFirstDialog } from '../components/share/dialogs';
import { AddUserIcon, ContactIcon, DownloadIcon } from '../components/share/icons';
import { useSharedCard } from '../components/share/use-shared-card';
import { downloadSharedVCard } from '../components/share/vcard';
import { toast } from '../components/toast';
import { queueAutoAddFriend } from '../lib/auto-add-friends';
import { companyLine } from '../lib/company-line';
import { useSignedIn } from '../session/signed-in';
import '../components/share/share.css';

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

  useEffect(() => {
    if (shared.state === 'notFound') void navigate({ to: '/noFoundCard', replace: true });
  }, [shared.state, navigate]);

  if (shared.state === 'ready') return <SharedCardView card={shared.card} />;
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

function SharedCardView({ card }: { card: SharedCard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [dialog, setDialog] = useState<'none' | 'login' | 'avatar'>('none');
  const [downloading, setDownloading] = useState(false);
  const { name, english_name: englishName } = card.extension;
  const title = name || englishName;

  // A member may add the card offline: fetch the outbox code while the network is here.
  useEffect(() => {
    if (signedIn) void import('../session/friend-adds');
  }, [signedIn]);

  const onAddFriend = () => {
    if (!signedIn) {
      setDialog('login');
      return;
    }
    void import('../session/friend-adds')
      .then((m) => m.addFriends([card.share_str], [friendCardOf(card)]))
      .then(() => toast(t('share.card.friendAdded'), 'success'));
  };
  const afterLogin = (to: '/register' | '/login') => {
    queueAutoAddFriend(card.share_str);
    setDialog('none');
    void navigate({ to });
  };
  const onDownload = async () => {
    setDownloading(true);
    try {
      const result = await downloadSharedVCard(card);
      if (!result.ok) toast(result.message, 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <main className="page share-page shared-card">
      <p className="shared-eyebrow">{t('share.card.title')}</p>
      <section className={card.accept_id > 0 ? 'shared-head shared-head-narrow' : 'shared-head'}>
        {card.avatar ? (
          <button
            type="button"
            className="shared-avatar"
            aria-label={t('share.card.viewAvatar')}
            onClick={() => setDialog('avatar')}
          >
            <Avatar src={card.avatar} name={title} size={64} />
          </button>
        ) : (
          <span className="shared-avatar">
            <Avatar name={title} size={64} />
          </span>
        )}
        <div className="shared-names">
          <h1 data-testid="shared-name">{title}</h1>
          {englishName && englishName !== title ? (
            <p lang="en" data-testid="shared-english-name">
              {englishName}
            </p>
          ) : null}
        </div>
        {card.accept_id > 0 ? (
          <button
            type="button"
            className="btn btn-secondary btn-inline"
            disabled={downloading}
            onClick={() => void onDownload()}
          >
            <ContactIcon />
            {t('share.card.saveContact')}
          </button>
        ) : null}
      </section>

      {card.accept_id > 0 && card.is_friend === 1 ? null : (
        <div className="shared-actions">
          {card.is_friend === 0 ? (
            <button type="button" className="btn btn-primary" onClick={onAddFriend}>
              <AddUserIcon />
              {t('share.card.addFriend')}
            </button>
          ) : null}
          {card.accept_id > 0 ? null : (
            // Everyone may take the card as a contact file; with a friend entry, 'Save to contacts' above does it.
            <button type="button" className="btn btn-ghost" disabled={downloading} onClick={() => void onDownload()}>
              <DownloadIcon />
              {t('share.card.downloadVcard')}
            </button>
          )}
        </div>
      )}

      <CardPhotos photo={card.photo} photo_back={card.photo_back} name={title} />
      <CardDetails profile={card.profile} extension={card.extension} />
      <Promotion shareStr={card.share_str} />

      {dialog === 'login' ? (
        <LoginFirstDialog
          onRegister={() => afterLogin('/register')}
          onLogin={() => afterLogin('/login')}
          onCancel={() => setDialog('none')}
        />
      ) : null}
      {dialog === 'avatar' && card.avatar ? (
        <ImagePreview
          src={card.avatar}
          alt={t('share.card.avatar', { name: title })}
          onClose={() => setDialog('none')}
        />
      ) : null}
    </main>
  );
}

/** The card's promotional blocks: a spinner with 'Loading promotional material', then the blocks. */
function Promotion({ shareStr }: { shareStr: string }) {
  const { t } = useTranslation();
  const company = useSharedCompany(shareStr);
  if (company.state === 'loading') {
    return (
      <div className="share-loading shared-promo-loading" role="status" data-testid="promo-loading">
        <span className="spinner share-spinner" aria-hidden="true" />
        {t('share.card.loadingPromo')}
      </div>
    );
  }
  if (company.state === 'error') {
    return (
      <div className="share-note">
        <p>{t('share.card.promoError')}</p>
        <button type="button" className="btn btn-ghost btn-inline" onClick={company.retry}>
          {t('share.card.retry')}
        </button>
      </div>
    );
  }
  if (company.items.length === 0) return null;
  return (
    <section className="shared-promo" aria-label={t('share.card.promo')}>
      <CompanyBlocks items={company.items} />
    </section>
  );
}

/** What my friends list shows of this card until the server's entry arrives. */
function friendCardOf(card: SharedCard): FriendCardInfo {
  return {
    card_id: card.card_id,
    name: card.extension.name || card.extension.english_name,
    avatar: card.avatar,
    profile: card.profile,
    photo: card.photo,
    company: companyLine(card.extension.company[0]),
  };
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
