import { useTranslation } from 'react-i18next';
import { type CloudCardRow, cloudCardSubtitle, cloudCardTitle, usePhotoSrc } from '../../db';
import { CardIcon } from '../icons';

/**
 * One row of a cloud card list: the card's thumbnail (a `local:` photo shows from this device,
 * so offline too), its name, company and position, and a badge while a change waits to sync.
 */
export function CloudItem(props: { card: CloudCardRow; pending: boolean; onOpen: (card: CloudCardRow) => void }) {
  return (
    <button
      type="button"
      className="vlist-button cloud-item"
      onClick={() => props.onOpen(props.card)}
      data-testid="cloud-item"
    >
      <CloudItemBody card={props.card} pending={props.pending} />
    </button>
  );
}

/** The inside of a card row (also used inside a selection label, where it must not be a button). */
export function CloudItemBody(props: { card: CloudCardRow; pending: boolean; extra?: string }) {
  const { t } = useTranslation();
  const { card } = props;
  const title = cloudCardTitle(card) || t('cloud.list.unnamed');
  const sub = cloudCardSubtitle(card);
  return (
    <>
      <Thumb photo={card.photo} />
      <span className="friend-text">
        <span className="friend-title">{title}</span>
        {sub ? <span className="friend-sub">{sub}</span> : null}
      </span>
      {props.extra ? <span className="cloud-extra">{props.extra}</span> : null}
      {props.pending ? (
        <span className="cloud-pending" data-testid="cloud-pending">
          {t('cloud.list.pending')}
        </span>
      ) : null}
    </>
  );
}

/** A card photo at thumbnail size (decorative: the row's text names the card). */
export function Thumb({ photo }: { photo: string }) {
  const src = usePhotoSrc(photo);
  return (
    <span className="cloud-thumb" aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" decoding="async" /> : <CardIcon />}
    </span>
  );
}
