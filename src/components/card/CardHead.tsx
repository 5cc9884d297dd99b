import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../Avatar';
import { ImagePreview } from '../share/dialogs';
import { ContactIcon } from '../share/icons';
import '../share/share.css';

/**
 * The name block of another user's card (SPEC §2 card-detail overlay, shared card): the avatar
 * (a default when empty; tapping one opens a preview), the name and English name, and the
 * import-to-address-book button, shown only for a card I keep (accept_id above 0), which makes
 * the name block narrower.
 */
export function CardHead(props: {
  name: string;
  englishName: string;
  avatar: string;
  /** The card's id: the letter avatar's colour follows it, not the title (which a remark changes). */
  cardId: number;
  acceptId: number;
  /** The page's heading, or a plain line under an overlay's title. */
  nameAs: 'h1' | 'p';
  onImport: () => void;
  importing: boolean;
  /** False when the card cannot be saved any more (its owner deleted their account). */
  canImport?: boolean;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState(false);
  const title = props.name || props.englishName;
  const Name = props.nameAs;
  const importable = props.acceptId > 0 && props.canImport !== false;
  return (
    <section className={importable ? 'shared-head shared-head-narrow' : 'shared-head'}>
      {props.avatar ? (
        <button
          type="button"
          className="shared-avatar"
          aria-label={t('share.card.viewAvatar')}
          onClick={() => setPreview(true)}
        >
          <Avatar src={props.avatar} name={title} colourKey={props.cardId} size={64} />
        </button>
      ) : (
        <span className="shared-avatar">
          <Avatar name={title} colourKey={props.cardId} size={64} />
        </span>
      )}
      <div className="shared-names">
        <Name className="shared-name" data-testid="shared-name" title={title}>
          {title}
        </Name>
        {props.englishName && props.englishName !== title ? (
          <p lang="en" data-testid="shared-english-name">
            {props.englishName}
          </p>
        ) : null}
      </div>
      {importable ? (
        <button
          type="button"
          className="btn btn-secondary btn-inline"
          disabled={props.importing}
          onClick={props.onImport}
        >
          <ContactIcon />
          {t('share.card.saveContact')}
        </button>
      ) : null}
      {preview && props.avatar ? (
        <ImagePreview
          src={props.avatar}
          alt={t('share.card.avatar', { name: title })}
          onClose={() => setPreview(false)}
        />
      ) : null}
    </section>
  );
}
