import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardIcon } from '../icons';
import { FlipIcon } from './icons';
import './card.css';

type Side = 'front' | 'back';

/**
 * The card's photos in a 16:10 frame (SPEC §9), front first. The flip button (SPEC §2
 * "Overlays") appears only when a back image exists and turns the card over; the hidden face
 * is hidden from screen readers too. It takes image URLs as they are, so the shared-card page
 * of a visitor needs no local database; my own card, whose photos may be files picked on this
 * device, goes through MyCardPhotos.
 */
export function CardPhotos(props: {
  photo: string;
  photo_back: string;
  name?: string;
  /** What the <img>s show when not the values themselves; undefined while still being read. */
  srcs?: { front: string | undefined; back: string | undefined };
}) {
  const { t } = useTranslation();
  const front = props.srcs ? props.srcs.front : props.photo || undefined;
  const back = props.srcs ? props.srcs.back : props.photo_back || undefined;
  const reading = props.srcs !== undefined;
  const [side, setSide] = useState<Side>('front');
  const hasBack = props.photo_back !== '';
  const showing: Side = hasBack ? side : 'front';
  const name = props.name?.trim();
  const frontAlt = name ? t('card.photos.frontOf', { name }) : t('card.photos.front');
  const backAlt = name ? t('card.photos.backOf', { name }) : t('card.photos.back');

  return (
    <div className="card-photos" data-testid="card-photos" data-side={showing}>
      <div className={`card-flipper${showing === 'back' ? ' is-flipped' : ''}`}>
        <div className="card-face" aria-hidden={showing !== 'front' || undefined}>
          <Face src={front} alt={frontAlt} pending={reading && props.photo !== ''} />
        </div>
        {hasBack ? (
          <div className="card-face card-face-back" aria-hidden={showing !== 'back' || undefined}>
            <Face src={back} alt={backAlt} pending={reading} />
          </div>
        ) : null}
      </div>
      {hasBack ? (
        <button type="button" className="card-flip" onClick={() => setSide(showing === 'front' ? 'back' : 'front')}>
          <FlipIcon />
          {showing === 'front' ? t('card.photos.showBack') : t('card.photos.showFront')}
        </button>
      ) : null}
    </div>
  );
}

/** One face: the image, a blank frame while a local photo is read, or the empty state. */
function Face({ src, alt, pending }: { src: string | undefined; alt: string; pending: boolean }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img src={src} alt={alt} className="card-photo" decoding="async" onError={() => setFailed(src)} />;
  }
  if (pending && !failed) return <div className="card-photo-blank" />;
  // No photo, or one that cannot be loaded (offline and never seen on this device).
  return (
    <div className="card-photo-empty">
      <CardIcon />
      <span>{failed ? alt : t('card.photos.none')}</span>
    </div>
  );
}
