import type { PhysicalKind } from '../../api';
import { usePhotoSrc } from '../../db/photo-src';

/**
 * What the card will look like, drawn from my own card: the image card carries its front photo,
 * the metal edition the name engraved on brushed metal. Both show the NFC mark.
 */
export function ProductPicture(props: { kind: PhysicalKind; photo: string | undefined; name: string }) {
  const src = usePhotoSrc(props.photo || null);
  return (
    <div className={`product-card product-${props.kind}`} aria-hidden="true">
      {props.kind === 'image' && src ? <img src={src} alt="" /> : null}
      {props.kind === 'metal' || !src ? <span className="product-name">{props.name || 'Cardbook'}</span> : null}
      <svg className="product-nfc" viewBox="0 0 24 24" width="22" height="22" role="presentation">
        <path
          d="M6 8a8 8 0 0 1 0 8M9.5 6a11 11 0 0 1 0 12M13 4a14 14 0 0 1 0 16"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
    </div>
  );
}
