import { useTranslation } from 'react-i18next';
import type { SharedCard } from '../../api/card';
import { isPendingFriend } from '../../db';
import { useFriendOfCard } from '../../db/hooks/friends';
import { useSession } from '../../db/hooks/session';
import { addFriends } from '../../session/friend-adds';
import { CardDetails, CardPhotos } from '../card';
import { CardHead } from '../card/CardHead';
import { Promotion } from '../card/Promotion';
import { useSharedCompany } from '../company/use-shared-company';
import { OverlayFrame, OverlayLoading } from '../OverlayFrame';
import { AddUserIcon, CheckIcon } from '../share/icons';
import { useSharedCard } from '../share/use-shared-card';
import { downloadSharedVCard } from '../share/vcard';
import { toast } from '../toast';
import { friendCardOfShared } from './display';
import { FriendCardOverlay } from './FriendCardOverlay';
import './friends.css';

/**
 * SPEC §2 card-detail overlay for a card given by its share key that I may not keep (a public
 * search result, a notification from someone who added my card): read from the server, with
 * 'Add friend' when is_friend is 0 and it is not my own card. Once the card is in my card holder
 * (now or by this add, which is listed at once) it is the friend overlay, which works offline.
 */
export function SharedCardOverlay(props: { shareStr: string; onClose: () => void }) {
  const { t } = useTranslation();
  const shared = useSharedCard(props.shareStr);
  const cardId = shared.state === 'ready' ? shared.card.card_id : 0;
  const kept = useFriendOfCard(cardId);
  if (kept && !isPendingFriend(kept)) return <FriendCardOverlay acceptId={kept.accept_id} onClose={props.onClose} />;
  return (
    <OverlayFrame title={t('friends.card.title')} closeLabel={t('friends.card.close')} onClose={props.onClose}>
      {shared.state === 'ready' ? (
        <SharedCardBody card={shared.card} added={Boolean(kept)} />
      ) : shared.state === 'loading' ? (
        <OverlayLoading label={t('share.card.loading')} />
      ) : (
        <LoadFailed message={shared.state === 'error' ? shared.message : ''} retry={shared.retry} />
      )}
    </OverlayFrame>
  );
}

function SharedCardBody({ card, added }: { card: SharedCard; added: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const promotion = useSharedCompany(card.share_str);
  const mine = session?.userId === card.user_id;
  const title = card.extension.name || card.extension.english_name;
  const onAdd = async () => {
    const outcome = await addFriends([card.share_str], [friendCardOfShared(card)]);
    if (outcome !== 'refused') {
      toast(outcome === 'added' ? t('share.card.friendAddedNow') : t('share.card.friendAdded'), 'success');
    }
  };
  const onDownload = async () => {
    const result = await downloadSharedVCard(card);
    if (!result.ok) toast(result.message, 'error');
  };
  return (
    <div className="friend-overlay-body" data-testid="shared-card-overlay">
      <CardPhotos photo={card.photo} photo_back={card.photo_back} name={title} />
      <CardHead
        name={card.extension.name}
        englishName={card.extension.english_name}
        avatar={card.avatar}
        cardId={card.card_id}
        acceptId={0}
        nameAs="p"
        importing={false}
        onImport={() => undefined}
      />
      {card.is_friend === 0 && !mine ? (
        <div className="shared-actions">
          {added ? (
            <p className="in-holder" role="status">
              <CheckIcon />
              {t('share.card.inHolder')}
            </p>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => void onAdd()}>
              <AddUserIcon />
              {t('share.card.addFriend')}
            </button>
          )}
          <button type="button" className="btn btn-ghost" onClick={() => void onDownload()}>
            {t('share.card.downloadVcard')}
          </button>
        </div>
      ) : null}
      <CardDetails profile={card.profile} extension={card.extension} />
      <Promotion {...promotion} />
    </div>
  );
}

function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="friend-overlay-body">
      <div className="share-note share-note-error" role="alert">
        <strong>{message ? t('share.card.loadError') : t('friends.card.gone')}</strong>
        {message ? <p>{message}</p> : null}
        {message ? (
          <button type="button" className="btn btn-secondary" onClick={retry}>
            {t('share.card.retry')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
